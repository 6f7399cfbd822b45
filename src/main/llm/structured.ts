import { z } from 'zod';
import { MobaError } from '../../shared/errors.ts';
import type { ModelCallRecord } from '../../shared/schemas/llm.ts';
import { describeIssues, extractJson, looksLikeRefusal } from './json-extract.ts';
import type { ChatMessage, ChatRequest, LlmGateway, ModelCallResult } from './types.ts';

export interface StructuredCallOptions<T> extends Omit<ChatRequest, 'onDelta' | 'jsonSchema'> {
  gateway: LlmGateway;
  /** The JSON reply's schema (also sent as structured outputs where the endpoint takes them). */
  schema?: z.ZodType<T>;
  /**
   * Reads a reply in a model's own grammar instead of JSON (GUI-native models); its issues go
   * into the repair message. Gets the answer only, never the reasoning.
   */
  parse?: (reply: { text: string; toolCalls: ModelCallResult['toolCalls'] }) => ParsedReply<T>;
  /** The repair message's closing instruction (default: reply with the corrected JSON). */
  repairHint?: string;
  /** Show the expected JSON Schema in the repair message (default true). */
  schemaInRepair?: boolean;
}

export interface StructuredResult<T> {
  value: T;
  /** The reply text the value came from. */
  text: string;
  /** Every successful HTTP call this took, in order (failed ones reach `onDidRecord` only). */
  records: ModelCallRecord[];
}

export type ParsedReply<T> = { ok: true; value: T } | { ok: false; issues: string };

/** Tolerant JSON extraction, then schema validation. Pure. */
export function parseStructuredReply<T>(text: string, schema: z.ZodType<T>): ParsedReply<T> {
  const extracted = extractJson(text);
  if (!extracted.ok) return { ok: false, issues: `- ${extracted.reason}` };
  const result = schema.safeParse(extracted.value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, issues: describeIssues(result.error.issues) };
}

const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown> | null>();

/** The schema as JSON Schema (without the dialect line), or undefined when it has no JSON Schema form. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> | undefined {
  let shape = jsonSchemas.get(schema);
  if (shape === undefined) {
    try {
      const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' });
      shape = rest as Record<string, unknown>;
    } catch {
      // Some schemas have no JSON Schema form; the issues alone still guide the repair.
      shape = null;
    }
    jsonSchemas.set(schema, shape);
  }
  return shape ?? undefined;
}

function schemaText(schema: z.ZodType): string | undefined {
  const shape = jsonSchemaOf(schema);
  return shape ? JSON.stringify(shape) : undefined;
}

/** The user message of the one repair round: the problems, and what to send instead. */
export function repairMessage(issues: string, schema?: z.ZodType, hint?: string): string {
  const shape = schema ? schemaText(schema) : undefined;
  return [
    'Your previous reply could not be used. Problems found:',
    issues,
    shape ? `The reply must be one JSON value matching this JSON Schema:\n${shape}` : '',
    hint ?? 'Reply again with only the corrected JSON — no explanation, no code fences.',
  ]
    .filter((s) => s !== '')
    .join('\n');
}

/**
 * A chat call whose reply must be JSON matching `schema`. Tolerant parsing first; when the
 * reply does not validate, ONE repair round shows the model its reply and the problems. A
 * refusal (`message.refusal`, or an apology with no JSON) is retried once.
 *
 * @returns the validated value, its text, and the records of the calls it took.
 * @throws MobaError MODEL_REFUSED (details: refusal, recordIds) after a second refusal;
 *   MODEL_REPLY_INVALID (details: lastReply, issues, recordIds) when the repair fails too;
 *   anything `gateway.chat` throws (CANCELLED, TIMEOUT, MODEL_HTTP_ERROR, …).
 */
export async function callStructured<T>(options: StructuredCallOptions<T>): Promise<StructuredResult<T>> {
  const { gateway, schema, parse, repairHint, schemaInRepair = true, ...request } = options;
  if (!schema && !parse) throw new MobaError('INTERNAL', 'callStructured needs a schema or a parse function');
  const jsonSchema = schema && !parse ? jsonSchemaOf(schema) : undefined;
  const read = (r: ModelCallResult): ParsedReply<T> =>
    answerMissing(r) ??
    (parse ? parse({ text: r.text, toolCalls: r.toolCalls }) : parseStructuredReply(r.text, schema!));
  const records: ModelCallRecord[] = [];
  const recordIds = () => records.map((r) => r.id);
  let messages: ChatMessage[] = request.messages;
  let purpose = request.purpose;
  let refusalRetried = false;
  let repaired = false;
  for (;;) {
    const result = await gateway.chat({
      ...request,
      messages,
      purpose,
      ...(jsonSchema ? { jsonSchema: { name: request.purpose, schema: jsonSchema } } : {}),
    });
    records.push(result.record);
    const refusal = result.refusal ?? (looksLikeRefusal(result.text) ? result.text.trim() : null);
    if (refusal !== null) {
      if (refusalRetried) {
        throw new MobaError('MODEL_REFUSED', `The model refused (${request.purpose}): ${refusal.slice(0, 300)}`, {
          details: { refusal, recordIds: recordIds() },
        });
      }
      refusalRetried = true;
      purpose = `${request.purpose}:retry`;
      continue;
    }
    const parsed = read(result);
    if (parsed.ok) return { value: parsed.value, text: result.text, records };
    if (repaired) {
      throw new MobaError(
        'MODEL_REPLY_INVALID',
        `The model's reply for "${request.purpose}" is still invalid after a repair round:\n${parsed.issues}`,
        {
          details: { lastReply: result.text, issues: parsed.issues, recordIds: recordIds() },
        },
      );
    }
    repaired = true;
    purpose = `${request.purpose}:repair`;
    messages = [
      ...request.messages,
      { role: 'assistant', content: result.text },
      {
        role: 'user',
        content: repairMessage(parsed.issues, schemaInRepair && !parse ? schema : undefined, repairHint),
      },
    ];
  }
}

/**
 * A reply whose answer is empty while its reasoning is not: the model thought but never
 * answered (often out of tokens). The reasoning is not read in its place.
 */
function answerMissing(r: ModelCallResult): ParsedReply<never> | null {
  if (r.text.trim() !== '' || !r.reasoning || r.toolCalls.length) return null;
  const cut = r.finishReason === 'length' ? ' It stopped at the token limit: raise Max reply tokens.' : '';
  return {
    ok: false,
    issues: `- The reply had reasoning but no answer after it.${cut} Only the answer after your reasoning is read.`,
  };
}
