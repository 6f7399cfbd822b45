/**
 * Provider presets: what each OpenAI-compatible provider MobA Studio knows needs (base URL,
 * key, Azure's deployment and API version) and supports (structured outputs, function calling,
 * images, where a thinking model's reasoning comes back), checked against each provider's public
 * documentation. The model gateway takes an endpoint's capabilities from its preset unless the
 * endpoint says otherwise (`ModelEndpoint.capabilities`); Settings → Models offers the presets;
 * README's "Connecting a real model" is written from this table.
 */
import type { EndpointCapabilities, ModelEndpoint, ProviderId, StructuredMode } from './schemas/settings.ts';

export type ResolvedCapabilities = Required<Pick<EndpointCapabilities, 'structured' | 'vision' | 'tools'>> &
  Omit<EndpointCapabilities, 'structured' | 'vision' | 'tools'>;

export interface ProviderPreset {
  id: ProviderId;
  label: string;
  /** What Settings fills in; `RESOURCE` and `HOST` are to be replaced. */
  baseUrl: string;
  /** A model name to start from. */
  model: string;
  /** `required`: a key is needed; `none`: a local server that takes none. */
  key: 'required' | 'none';
  /** The environment variable the provider's own tools use for the key, suggested in Settings. */
  keyVariable?: string;
  /** Extra fields the preset needs (Azure's deployment and API version). */
  fields: readonly ('deployment' | 'apiVersion')[];
  capabilities: ResolvedCapabilities;
  /** How a reasoning effort is sent: `reasoning_effort` or OpenRouter's `reasoning: { effort }`. */
  effortParameter: 'reasoning_effort' | 'reasoning';
  /** Where a thinking model's reasoning arrives (the gateway reads every one of these). */
  reasoning: string;
  /** The documented shape of an error body. */
  errors: string;
  /** What to know, in a sentence or two. */
  notes: string;
  docs: string;
}

const ALL: ResolvedCapabilities = { structured: 'json_schema', vision: true, tools: true };

export const PROVIDERS: Readonly<Record<ProviderId, ProviderPreset>> = {
  openai: {
    id: 'openai',
    label: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o',
    key: 'required',
    keyVariable: 'OPENAI_API_KEY',
    fields: [],
    capabilities: ALL,
    effortParameter: 'reasoning_effort',
    reasoning: 'not returned (o-series and GPT-5 keep it hidden; only reasoning token counts)',
    errors: '{ "error": { "message", "type", "param", "code" } }',
    notes: 'Structured outputs (json_schema), function calling and images with `detail` low/high/auto.',
    docs: 'https://platform.openai.com/docs/api-reference/chat',
  },
  azure: {
    id: 'azure',
    label: 'Azure OpenAI',
    baseUrl: 'https://RESOURCE.openai.azure.com',
    model: 'gpt-4o',
    key: 'required',
    keyVariable: 'AZURE_OPENAI_API_KEY',
    fields: ['deployment', 'apiVersion'],
    capabilities: ALL,
    effortParameter: 'reasoning_effort',
    reasoning: 'not returned',
    errors: '{ "error": { "code", "message" } }',
    notes:
      'Requests go to /openai/deployments/DEPLOYMENT/chat/completions?api-version=VERSION with an `api-key` header; structured outputs need API version 2024-08-01-preview or later.',
    docs: 'https://learn.microsoft.com/azure/ai-services/openai/reference',
  },
  ollama: {
    id: 'ollama',
    label: 'Ollama',
    baseUrl: 'http://localhost:11434/v1',
    model: 'qwen2.5vl',
    key: 'none',
    fields: [],
    capabilities: ALL,
    effortParameter: 'reasoning_effort',
    reasoning:
      '`message.reasoning` (`delta.reasoning` when streamed) for thinking models; `reasoning_effort: none` turns it off',
    errors: '{ "error": { "message", "type": "api_error", "param", "code" } }',
    notes:
      'Vision and tools depend on the model pulled; a thinking model may spend all its tokens on `reasoning` and leave `content` empty.',
    docs: 'https://docs.ollama.com/api/openai-compatibility',
  },
  vllm: {
    id: 'vllm',
    label: 'vLLM',
    baseUrl: 'http://HOST:8000/v1',
    model: 'Qwen/Qwen2.5-VL-7B-Instruct',
    key: 'none',
    fields: [],
    capabilities: { structured: 'json_schema', vision: true, tools: false },
    effortParameter: 'reasoning_effort',
    reasoning:
      '`message.reasoning` (called `reasoning_content` before v0.11) with `--reasoning-parser`; without it `<think>…</think>` stays in `content`',
    errors: '{ "object": "error", "message", "type", "param", "code" } (older) or { "error": { … } }',
    notes:
      'Function calling needs `--enable-auto-tool-choice --tool-call-parser …` on the server (then set Tools on); structured outputs work without flags.',
    docs: 'https://docs.vllm.ai/en/stable/features/reasoning_outputs/',
  },
  lmstudio: {
    id: 'lmstudio',
    label: 'LM Studio',
    baseUrl: 'http://localhost:1234/v1',
    model: 'qwen2.5-vl-7b-instruct',
    key: 'none',
    fields: [],
    capabilities: ALL,
    effortParameter: 'reasoning_effort',
    reasoning: '`message.reasoning_content` when the server separates reasoning, else `<think>…</think>` in `content`',
    errors: '{ "error": "message" } or { "error": { "message", … } }',
    notes: 'Structured output takes `json_schema` only (`json_object` is refused).',
    docs: 'https://lmstudio.ai/docs/advanced/structured-output',
  },
  openrouter: {
    id: 'openrouter',
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    model: 'openai/gpt-4o',
    key: 'required',
    keyVariable: 'OPENROUTER_API_KEY',
    fields: [],
    capabilities: ALL,
    effortParameter: 'reasoning',
    reasoning: '`message.reasoning` (and `reasoning_details`); the effort is sent as `reasoning: { effort }`',
    errors: '{ "error": { "code", "message", "metadata": { "provider_name", "raw" } } }',
    notes:
      'What a model supports depends on the model routed to; unsupported structured outputs are detected and asked differently.',
    docs: 'https://openrouter.ai/docs/use-cases/reasoning-tokens',
  },
  gemini: {
    id: 'gemini',
    label: 'Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    model: 'gemini-2.5-flash',
    key: 'required',
    keyVariable: 'GEMINI_API_KEY',
    fields: [],
    capabilities: ALL,
    effortParameter: 'reasoning_effort',
    reasoning:
      "hidden unless the body has `extra_body: { google: { thinking_config: { include_thoughts: true } } }` (the endpoint's extraBody); then `<thought>…</thought>` at the start of `content`",
    errors: '[ { "error": { "code", "message", "status" } } ] (a list)',
    notes: 'Structured outputs, function calling and images; `reasoning_effort` sets the thinking budget.',
    docs: 'https://ai.google.dev/gemini-api/docs/openai',
  },
  custom: {
    id: 'custom',
    label: 'Other server',
    baseUrl: 'http://localhost:8080/v1',
    model: 'model',
    key: 'none',
    fields: [],
    capabilities: { structured: 'json_object', vision: true, tools: false },
    effortParameter: 'reasoning_effort',
    reasoning: '`reasoning_content`, `reasoning` and leading `<think>` blocks are all recognised',
    errors: 'OpenAI-style, or whatever the server sends (shown as it came)',
    notes:
      'Asks for JSON with `response_format: json_object`; a server that refuses it is asked with the prompt alone.',
    docs: 'https://platform.openai.com/docs/api-reference/chat',
  },
};

export const PROVIDER_LIST: readonly ProviderPreset[] = Object.values(PROVIDERS);

/** The provider a base URL belongs to: its host (OpenAI, Azure, OpenRouter, Gemini) or its usual port. */
export function detectProvider(baseUrl: string): ProviderId {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'custom';
  }
  const host = url.hostname.toLowerCase();
  if (host === 'api.openai.com') return 'openai';
  if (host.endsWith('.openai.azure.com') || host.endsWith('.cognitiveservices.azure.com')) return 'azure';
  if (host === 'openrouter.ai') return 'openrouter';
  if (host === 'generativelanguage.googleapis.com') return 'gemini';
  if (url.port === '11434') return 'ollama';
  if (url.port === '1234') return 'lmstudio';
  if (url.port === '8000') return 'vllm';
  return 'custom';
}

/** The endpoint's provider: as configured, else recognised from its base URL. */
export function providerOf(endpoint: Pick<ModelEndpoint, 'baseUrl' | 'provider'>): ProviderPreset {
  return PROVIDERS[endpoint.provider ?? detectProvider(endpoint.baseUrl)];
}

/** What the endpoint supports: its own settings over its provider's preset. */
export function capabilitiesOf(
  endpoint: Pick<ModelEndpoint, 'baseUrl' | 'provider' | 'capabilities'>,
): ResolvedCapabilities {
  const own = Object.fromEntries(Object.entries(endpoint.capabilities ?? {}).filter(([, v]) => v !== undefined));
  return { ...providerOf(endpoint).capabilities, ...own };
}

/** The next, plainer way to ask for JSON when a server refuses one (`prompt` is the last). */
export function plainerStructured(mode: StructuredMode): StructuredMode | null {
  const order: Record<StructuredMode, StructuredMode | null> = {
    tool: 'json_schema',
    json_schema: 'json_object',
    json_object: 'prompt',
    prompt: null,
  };
  return order[mode];
}
