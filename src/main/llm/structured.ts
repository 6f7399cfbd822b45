import { z } from 'zod';
import { MobaError } from '../../shared/errors.ts';
import type { ModelCallRecord } from '../../shared/schemas/llm.ts';
import { describeIssues, extractJson, looksLikeRefusal } from './json-extract.ts';
import type { ChatMessage, ChatRequest, LlmGateway } from './types.ts';

export interface StructuredCallOptions<T> extends Omit<ChatRequest, 'onDelta'> {
  gateway: LlmGateway;
  schema: z.ZodType<T>;
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

function schemaText(schema: z.ZodType): string | undefined {
  try {
    const { $schema: _dialect, ...shape } = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' });
    return JSON.stringify(shape);
  } catch {
    // Some schemas have no JSON Schema form; the issues alone still guide the repair.
    return undefined;
  }
}

/** The user message of the one repair round: the problems, and what to send instead. */
export function repairMessage(issues: string, schema?: z.ZodType): string {
  const shape = schema ? schemaText(schema) : undefined;
  return [
    'Your previous reply could not be used. Problems found:',
    issues,
    shape ? `The reply must be one JSON value matching this JSON Schema:\n${shape}` : '',
    'Reply again with only the corrected JSON — no explanation, no code fences.',
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
  const { gateway, schema, schemaInRepair = true, ...request } = options;
  const records: ModelCallRecord[] = [];
  const recordIds = () => records.map((r) => r.id);
  let messages: ChatMessage[] = request.messages;
  let purpose = request.purpose;
  let refusalRetried = false;
  let repaired = false;
  for (;;) {
    const result = await gateway.chat({ ...request, messages, purpose });
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
    const parsed = parseStructuredReply(result.text, schema);
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
      { role: 'user', content: repairMessage(parsed.issues, schemaInRepair ? schema : undefined) },
    ];
  }
}
