/**
 * Answering as a given provider does, as its public documentation describes: where a thinking
 * model's reasoning goes, the shape of its error bodies, the request fields it refuses, and a
 * forced function call answered as `tool_calls`. Without a provider the server answers as
 * OpenAI does and refuses nothing.
 */
import type { ScriptAnswer, ScriptProvider } from './script.ts';

export type ReasoningPlace = NonNullable<ScriptAnswer['reasoningAs']>;

/** Where each provider puts reasoning (OpenAI and Azure keep it hidden). */
const REASONING: Record<ScriptProvider | 'default', ReasoningPlace> = {
  default: 'reasoning_content',
  openai: 'hidden',
  azure: 'hidden',
  ollama: 'reasoning',
  vllm: 'reasoning',
  lmstudio: 'reasoning_content',
  openrouter: 'reasoning',
  gemini: 'thought',
};

export function reasoningPlace(provider: ScriptProvider | undefined, answer: ScriptAnswer): ReasoningPlace {
  return answer.reasoningAs ?? REASONING[provider ?? 'default'];
}

/** The message fields carrying `reasoning`: a field, or a block to put before the content. */
export function reasoningParts(
  place: ReasoningPlace,
  reasoning: string | undefined,
): { field: Record<string, string>; prefix: string } {
  if (reasoning === undefined || place === 'hidden') return { field: {}, prefix: '' };
  if (place === 'think' || place === 'thought') return { field: {}, prefix: `<${place}>${reasoning}</${place}>` };
  return { field: { [place]: reasoning }, prefix: '' };
}

/** An error body in the provider's documented shape. */
export function providerErrorBody(
  provider: ScriptProvider | undefined,
  status: number,
  message: string,
  type = 'scripted_error',
  code: string | null = null,
): unknown {
  switch (provider) {
    case 'vllm':
      return { object: 'error', message, type: status === 400 ? 'BadRequestError' : type, param: null, code: status };
    case 'ollama':
      return { error: { message, type: 'api_error', param: null, code } };
    case 'lmstudio':
      return { error: message };
    case 'openrouter':
      return { error: { code: status, message, metadata: { provider_name: 'scripted', raw: message } } };
    case 'gemini':
      return [{ error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INVALID_ARGUMENT' } }];
    case 'azure':
      return { error: { code: code ?? String(status), message } };
    default:
      return { error: { message, type, code, param: null } };
  }
}

/** What the provider refuses in a request, with the message it gives; null when it takes it. */
export function refusedRequest(
  provider: ScriptProvider | undefined,
  body: Record<string, unknown>,
): { status: number; message: string } | null {
  const format = (body.response_format as { type?: unknown } | undefined)?.type;
  const choice = body.tool_choice;
  if (provider === 'lmstudio' && format === 'json_object')
    return { status: 400, message: "'response_format.type' must be 'json_schema' or 'text'" };
  if (provider === 'vllm' && Array.isArray(body.tools) && (choice === undefined || choice === 'auto'))
    return {
      status: 400,
      message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
    };
  return null;
}

/** The function a request forces (`tool_choice: { type: "function", function: { name } }`), if any. */
export function forcedFunction(body: Record<string, unknown>): string | null {
  const choice = body.tool_choice as { type?: unknown; function?: { name?: unknown } } | undefined;
  return choice?.type === 'function' && typeof choice.function?.name === 'string' ? choice.function.name : null;
}
