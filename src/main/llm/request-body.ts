/**
 * The body of one chat request, shaped by what the endpoint supports: how a JSON reply is asked
 * for (structured outputs, JSON mode, a forced function call, or the prompt alone) and the
 * reasoning effort, in the parameter its provider understands. Also: telling from a 400 which
 * of these a server refused, so the gateway can ask again more plainly.
 */
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { MobaError } from '../../shared/errors.ts';
import type { ResolvedCapabilities } from '../../shared/providers.ts';
import { providerOf } from '../../shared/providers.ts';
import type { ModelEndpoint, StructuredMode } from '../../shared/schemas/settings.ts';
import { toOpenAiMessages } from './messages.ts';
import type { ChatMessage, ChatRequest } from './types.ts';

/** The function a reply is asked through when the structured channel is `tool`. */
export const REPLY_FUNCTION = 'reply';

/** What a request asks of the endpoint beyond plain chat, each of which a server may refuse. */
export interface RequestFeatures {
  /** How a JSON reply is asked for; null for a text request. */
  structured: StructuredMode | null;
  /** The reasoning effort sent, if any. */
  effort: ResolvedCapabilities['reasoningEffort'] | null;
}

/** The features a request starts with: the endpoint's structured mode (if the request wants JSON) and effort. */
export function initialFeatures(
  request: Pick<ChatRequest, 'responseFormat' | 'jsonSchema'>,
  caps: ResolvedCapabilities,
  remembered: StructuredMode | undefined,
): RequestFeatures {
  let structured: StructuredMode | null = null;
  if (request.responseFormat === 'json') {
    structured = remembered ?? caps.structured;
    if (structured === 'tool' && !caps.tools) structured = 'json_schema';
    if (!request.jsonSchema && (structured === 'tool' || structured === 'json_schema')) structured = 'json_object';
  }
  return { structured, effort: caps.reasoningEffort ?? null };
}

function schemaName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'reply';
}

function structuredPart(
  mode: StructuredMode | null,
  jsonSchema: ChatRequest['jsonSchema'],
): Partial<ChatCompletionCreateParamsNonStreaming> {
  if (mode === 'json_object') return { response_format: { type: 'json_object' } };
  if (mode === 'json_schema' && jsonSchema) {
    return {
      response_format: {
        type: 'json_schema',
        json_schema: { name: schemaName(jsonSchema.name), schema: jsonSchema.schema, strict: false },
      },
    };
  }
  if (mode === 'tool' && jsonSchema) {
    return {
      tools: [
        {
          type: 'function',
          function: {
            name: REPLY_FUNCTION,
            description: 'Give your reply: its arguments are the JSON reply the instructions ask for.',
            parameters: jsonSchema.schema,
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: REPLY_FUNCTION } },
    };
  }
  return {};
}

/** The request body for these messages and features. */
export function chatBody(
  endpoint: ModelEndpoint,
  request: Pick<ChatRequest, 'temperature' | 'maxTokens' | 'jsonSchema'>,
  messages: readonly ChatMessage[],
  features: RequestFeatures,
): ChatCompletionCreateParamsNonStreaming {
  const temperature = request.temperature ?? endpoint.temperature;
  const maxTokens = request.maxTokens ?? endpoint.maxTokens;
  const effort = features.effort
    ? providerOf(endpoint).effortParameter === 'reasoning'
      ? { reasoning: { effort: features.effort } }
      : { reasoning_effort: features.effort }
    : {};
  return {
    ...endpoint.extraBody,
    model: endpoint.model,
    messages: toOpenAiMessages(messages),
    ...(temperature !== undefined ? { temperature } : {}),
    ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
    ...effort,
    ...structuredPart(features.structured, request.jsonSchema),
  } as ChatCompletionCreateParamsNonStreaming;
}

const REFUSED = {
  structured: /response_format|json_schema|json_object|json mode|structured output|guided|schema/i,
  tool: /\btools?\b|tool_choice|function/i,
  effort: /reasoning|think|effort/i,
  image: /(image|vision|multi-?modal).*(not|unsupported|only)|(not|unsupported|only).*(image|vision|multi-?modal)/i,
};

/** The server's own words and status from a failed call, when it answered with a client error. */
function clientError(error: unknown): { status: number; message: string } | null {
  if (!(error instanceof MobaError) || error.code !== 'MODEL_HTTP_ERROR') return null;
  const d = error.details as { status?: unknown; serverMessage?: unknown } | undefined;
  const status = typeof d?.status === 'number' ? d.status : null;
  if (status !== 400 && status !== 422) return null;
  return { status, message: typeof d?.serverMessage === 'string' ? d.serverMessage : error.message };
}

/**
 * What to ask instead after a server refused part of a request (a 400/422 naming it): the next
 * plainer features and a note for the record, or null when the failure is not about them.
 */
export function plainerAfterRefusal(
  error: unknown,
  features: RequestFeatures,
  next: (mode: StructuredMode) => StructuredMode | null,
): { features: RequestFeatures; note: string } | null {
  const e = clientError(error);
  if (!e) return null;
  const { structured, effort } = features;
  const refusedTool = structured === 'tool' && REFUSED.tool.test(e.message);
  if (structured && structured !== 'prompt' && (refusedTool || REFUSED.structured.test(e.message))) {
    const plainer = next(structured);
    return {
      features: { ...features, structured: plainer },
      note: `The endpoint refused ${structured} (HTTP ${e.status}: ${e.message.slice(0, 200)}); asked again with ${plainer}.`,
    };
  }
  if (effort && REFUSED.effort.test(e.message)) {
    return {
      features: { ...features, effort: null },
      note: `The endpoint refused reasoning effort "${effort}" (HTTP ${e.status}: ${e.message.slice(0, 200)}); asked again without it.`,
    };
  }
  return null;
}

/** A client error about images on a request with images: the model does not take them. */
export function refusedImages(error: unknown, endpoint: ModelEndpoint): MobaError | null {
  const e = clientError(error);
  if (!e || !REFUSED.image.test(e.message)) return null;
  return new MobaError(
    'MODEL_NOT_CAPABLE',
    `The model "${endpoint.model}" at ${endpoint.baseUrl} does not take images (HTTP ${e.status}: ${e.message.slice(0, 300)}). Use a vision model for this role, or a strategy that sends no screenshots to it.`,
    { cause: error, details: { status: e.status, serverMessage: e.message } },
  );
}
