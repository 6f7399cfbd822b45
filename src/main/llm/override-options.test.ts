import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addModelOverrideOptions, modelOverridesFromOptions } from './override-options.ts';

describe('model override options', () => {
  it('parse run-wide and per-role overrides', () => {
    const command = addModelOverrideOptions(new Command('run').exitOverride());
    command.parse(
      [
        '--base-url',
        'http://127.0.0.1:8741/v1',
        '--model',
        'scripted',
        '--app-selector-model',
        'small',
        '--embedder-base-url',
        'http://localhost:1/v1',
        '--embedder-model',
        'emb',
      ],
      { from: 'user' },
    );
    expect(modelOverridesFromOptions(command.opts())).toEqual({
      baseUrl: 'http://127.0.0.1:8741/v1',
      model: 'scripted',
      roles: { appSelector: { model: 'small' }, embedder: { baseUrl: 'http://localhost:1/v1', model: 'emb' } },
    });
  });

  it('give nothing when no option is set', () => {
    const command = addModelOverrideOptions(new Command('run').exitOverride());
    command.parse([], { from: 'user' });
    expect(modelOverridesFromOptions(command.opts())).toEqual({});
  });
});
