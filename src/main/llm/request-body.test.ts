import { describe, expect, it } from 'vitest';
import { MobaError } from '../../shared/errors.ts';
import { capabilitiesOf, plainerStructured } from '../../shared/providers.ts';
import type { ModelEndpoint } from '../../shared/schemas/settings.ts';
import { chatBody, initialFeatures, plainerAfterRefusal, refusedImages } from './request-body.ts';

const endpoint = (over: Partial<ModelEndpoint> = {}): ModelEndpoint => ({
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o',
  timeoutMs: 60_000,
  maxRetries: 2,
  ...over,
});
const schema = { name: 'act', schema: { type: 'object', properties: { action: { type: 'string' } } } };
const json = { responseFormat: 'json' as const, jsonSchema: schema };
const msgs = [{ role: 'user' as const, content: 'hi' }];
const http = (status: number, serverMessage: string) =>
  new MobaError('MODEL_HTTP_ERROR', `HTTP ${status}: ${serverMessage}`, { details: { status, serverMessage } });

describe('the request body', () => {
  it('asks for structured outputs with the reply schema where the provider has them', () => {
    const e = endpoint();
    const body = chatBody(e, json, msgs, initialFeatures(json, capabilitiesOf(e), undefined));
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'act', schema: schema.schema, strict: false },
    });
    expect(body).not.toHaveProperty('tools');
  });

  it('asks through one forced reply function when the endpoint is set to the tool channel', () => {
    const e = endpoint({ capabilities: { structured: 'tool' } });
    const body = chatBody(e, json, msgs, initialFeatures(json, capabilitiesOf(e), undefined));
    expect(body.tools?.[0]).toMatchObject({ type: 'function', function: { name: 'reply', parameters: schema.schema } });
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'reply' } });
    expect(body).not.toHaveProperty('response_format');
  });

  it('falls back to JSON mode without a schema, and to nothing for the prompt channel or a text request', () => {
    const custom = endpoint({ baseUrl: 'http://127.0.0.1:9/v1' });
    const noSchema = { responseFormat: 'json' as const };
    expect(initialFeatures(noSchema, capabilitiesOf(endpoint()), undefined).structured).toBe('json_object');
    expect(initialFeatures(json, capabilitiesOf(custom), undefined).structured).toBe('json_object');
    const prompt = endpoint({ capabilities: { structured: 'prompt' } });
    expect(chatBody(prompt, json, msgs, initialFeatures(json, capabilitiesOf(prompt), undefined))).not.toHaveProperty(
      'response_format',
    );
    expect(initialFeatures({}, capabilitiesOf(endpoint()), undefined).structured).toBeNull();
    // The tool channel needs tools: vLLM without its tool flags gets structured outputs instead.
    const vllm = endpoint({ baseUrl: 'http://gpu:8000/v1', capabilities: { structured: 'tool' } });
    expect(initialFeatures(json, capabilitiesOf(vllm), undefined).structured).toBe('json_schema');
  });

  it("sends the reasoning effort in the provider's parameter", () => {
    const effort = { capabilities: { reasoningEffort: 'low' as const } };
    const openai = endpoint(effort);
    const router = endpoint({ ...effort, baseUrl: 'https://openrouter.ai/api/v1' });
    expect(chatBody(openai, {}, msgs, initialFeatures({}, capabilitiesOf(openai), undefined))).toMatchObject({
      reasoning_effort: 'low',
    });
    expect(chatBody(router, {}, msgs, initialFeatures({}, capabilitiesOf(router), undefined))).toMatchObject({
      reasoning: { effort: 'low' },
    });
  });
});

describe('after a refusal', () => {
  const features = { structured: 'json_schema' as const, effort: 'high' as const };

  it('asks more plainly when a 400 names the structured output (LM Studio refusing json_object too)', () => {
    const next = plainerAfterRefusal(
      http(400, 'response_format json_schema is not supported'),
      features,
      plainerStructured,
    );
    expect(next?.features).toEqual({ structured: 'json_object', effort: 'high' });
    expect(next?.note).toMatch(/refused json_schema .*asked again with json_object/);
    const lm = plainerAfterRefusal(
      http(400, "'response_format.type' must be 'json_schema' or 'text'"),
      { structured: 'json_object', effort: null },
      plainerStructured,
    );
    expect(lm?.features.structured).toBe('prompt');
  });

  it('drops a refused tool channel, then a refused effort; other failures are not about features', () => {
    const tool = plainerAfterRefusal(
      http(400, '"auto" tool choice requires --enable-auto-tool-choice'),
      { structured: 'tool', effort: null },
      plainerStructured,
    );
    expect(tool?.features.structured).toBe('json_schema');
    const effort = plainerAfterRefusal(
      http(400, 'think value "medium" is not supported for this model'),
      { structured: null, effort: 'medium' },
      plainerStructured,
    );
    expect(effort?.features).toEqual({ structured: null, effort: null });
    expect(plainerAfterRefusal(http(500, 'response_format broke'), features, plainerStructured)).toBeNull();
    expect(plainerAfterRefusal(http(400, 'maximum context length exceeded'), features, plainerStructured)).toBeNull();
    expect(plainerAfterRefusal(new Error('x'), features, plainerStructured)).toBeNull();
  });

  it('names a text-only model clearly when the server refuses the images', () => {
    const e = refusedImages(http(400, 'llama3 is not a multimodal model'), endpoint({ model: 'llama3' }));
    expect(e?.code).toBe('MODEL_NOT_CAPABLE');
    expect(e?.message).toMatch(/"llama3" .* does not take images/);
    expect(refusedImages(http(400, 'invalid temperature'), endpoint())).toBeNull();
  });
});
