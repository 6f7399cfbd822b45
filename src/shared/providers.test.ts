import { describe, expect, it } from 'vitest';
import { PROVIDERS, capabilitiesOf, detectProvider, plainerStructured } from './providers.ts';
import { ModelEndpoint, PROVIDER_IDS } from './schemas/settings.ts';

describe('provider presets', () => {
  it('recognise each provider from its documented base URL', () => {
    expect(detectProvider('https://api.openai.com/v1')).toBe('openai');
    expect(detectProvider('https://my-res.openai.azure.com')).toBe('azure');
    expect(detectProvider('https://my-res.cognitiveservices.azure.com/')).toBe('azure');
    expect(detectProvider('http://localhost:11434/v1')).toBe('ollama');
    expect(detectProvider('http://gpu-box:8000/v1')).toBe('vllm');
    expect(detectProvider('http://localhost:1234/v1')).toBe('lmstudio');
    expect(detectProvider('https://openrouter.ai/api/v1')).toBe('openrouter');
    expect(detectProvider('https://generativelanguage.googleapis.com/v1beta/openai')).toBe('gemini');
    expect(detectProvider('http://127.0.0.1:41234/v1')).toBe('custom');
    expect(detectProvider('not a url')).toBe('custom');
  });

  it('have a preset per provider id whose base URL is recognised as itself (but custom)', () => {
    expect(Object.keys(PROVIDERS).sort()).toEqual([...PROVIDER_IDS].sort());
    for (const p of Object.values(PROVIDERS)) {
      if (p.id === 'custom') continue;
      expect(detectProvider(p.baseUrl.replace('RESOURCE', 'res').replace('HOST', 'host')), p.id).toBe(p.id);
    }
  });

  it("take an endpoint's capabilities from its preset, its own settings winning", () => {
    const base = { baseUrl: 'http://localhost:1234/v1', model: 'm', timeoutMs: 60_000, maxRetries: 2 };
    expect(capabilitiesOf(base)).toEqual({ structured: 'json_schema', vision: true, tools: true });
    expect(capabilitiesOf({ ...base, capabilities: { vision: false, imageMaxSide: 768 } })).toEqual({
      structured: 'json_schema',
      vision: false,
      tools: true,
      imageMaxSide: 768,
    });
    // A provider set explicitly wins over the URL: Azure behind a proxy on another host.
    expect(capabilitiesOf({ ...base, provider: 'vllm' }).tools).toBe(false);
    // Other servers keep asking for JSON the way the gateway always did.
    expect(capabilitiesOf({ ...base, baseUrl: 'http://127.0.0.1:5/v1' }).structured).toBe('json_object');
  });

  it('step down to plainer ways of asking for JSON, ending with the prompt alone', () => {
    const seen: string[] = [];
    for (let m: ReturnType<typeof plainerStructured> = 'tool'; m; m = plainerStructured(m)) seen.push(m);
    expect(seen).toEqual(['tool', 'json_schema', 'json_object', 'prompt']);
  });

  it('validate endpoint settings: Azure needs a dated API version, capabilities are strict', () => {
    const ok = {
      baseUrl: 'https://res.openai.azure.com',
      model: 'gpt-4o',
      provider: 'azure',
      azure: { deployment: 'gpt4o-prod', apiVersion: '2024-10-21' },
      capabilities: { structured: 'tool', imageDetail: 'low' },
    };
    expect(ModelEndpoint.safeParse(ok).success).toBe(true);
    expect(ModelEndpoint.safeParse({ ...ok, azure: { deployment: 'd', apiVersion: 'latest' } }).success).toBe(false);
    expect(ModelEndpoint.safeParse({ ...ok, capabilities: { thinking: true } }).success).toBe(false);
  });
});
