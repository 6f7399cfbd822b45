import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { MODEL_ROLES } from '../../shared/choices.ts';
import {
  addApiKeyOption,
  addModelOverrideOptions,
  apiKeysFromOptions,
  modelOverridesFromOptions,
} from './override-options.ts';

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

describe('the --api-key-env option', () => {
  it('gives the variable’s key to every role, nothing without the option, and names an unset variable', () => {
    const command = addApiKeyOption(new Command('explore').exitOverride());
    command.parse(['--api-key-env', 'LAB_KEY'], { from: 'user' });
    const keys = apiKeysFromOptions(command.opts(), { LAB_KEY: 'sk-lab' });
    expect(Object.keys(keys ?? {}).sort()).toEqual([...MODEL_ROLES].sort());
    expect(new Set(Object.values(keys ?? {}))).toEqual(new Set(['sk-lab']));
    expect(apiKeysFromOptions({}, { LAB_KEY: 'sk-lab' })).toBeUndefined();
    expect(() => apiKeysFromOptions(command.opts(), {})).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: '--api-key-env LAB_KEY: that environment variable is not set',
      }),
    );
  });
});
