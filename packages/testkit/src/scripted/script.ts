import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { MobaError } from '@moba/base';

/** A case-insensitive substring, or `{ "regex": "…", "flags": "i" }`. */
const Pattern = z
  .union([
    z.string(),
    z
      .object({
        regex: z.string(),
        flags: z
          .string()
          .regex(/^[dgimsuyv]*$/)
          .optional(),
      })
      .strict(),
  ])
  .superRefine((p, ctx) => {
    if (typeof p === 'string') return;
    try {
      new RegExp(p.regex, p.flags);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `invalid regular expression: ${(error as Error).message}` });
    }
  });
export type Pattern = z.infer<typeof Pattern>;

/** Every given field must match: the system text, the last user message, any message, the model name. */
const Match = z
  .object({
    system: Pattern.optional(),
    user: Pattern.optional(),
    any: Pattern.optional(),
    model: Pattern.optional(),
  })
  .strict();
export type StepMatch = z.infer<typeof Match>;

const InjectedError = z.union([
  z
    .object({
      status: z.number().int().min(400).max(599),
      message: z.string(),
      type: z.string().optional(),
      code: z.string().optional(),
      /** Seconds, sent as the Retry-After header. */
      retryAfter: z.number().min(0).optional(),
      /** Sent as the body instead of the provider's error shape (any JSON, or text). */
      body: z.unknown().optional(),
    })
    .strict(),
  /** Drop the connection without answering (a network error for the client). */
  z.object({ disconnect: z.literal(true) }).strict(),
]);
export type InjectedError = z.infer<typeof InjectedError>;

const Usage = z
  .object({
    promptTokens: z.number().int().min(0).optional(),
    completionTokens: z.number().int().min(0).optional(),
  })
  .strict();

/** The providers the server can answer as (their documented reply, error and refusal shapes). */
export const SCRIPT_PROVIDERS = ['openai', 'azure', 'ollama', 'vllm', 'lmstudio', 'openrouter', 'gemini'] as const;
export const ScriptProvider = z.enum(SCRIPT_PROVIDERS);
export type ScriptProvider = z.infer<typeof ScriptProvider>;

const ToolCallAnswer = z
  .object({ name: z.string().min(1), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]) })
  .strict();

const replyFields = {
  /**
   * A thinking model's reasoning, sent where the provider puts it (`reasoning_content`,
   * `reasoning`, or a `<think>`/`<thought>` block before the content); `reasoningAs` overrides.
   */
  reasoning: z.string().optional(),
  reasoningAs: z.enum(['reasoning_content', 'reasoning', 'think', 'thought', 'hidden']).optional(),
  /** Function calls in the reply (`message.tool_calls`); `content` is null unless `reply` is given too. */
  toolCalls: z.array(ToolCallAnswer).optional(),
  /** Text, or a JSON value that is serialised. Strings may use `{{element:TEXT}}` / `{{element:TEXT|FALLBACK}}`. */
  reply: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  refusal: z.string().optional(),
  error: InjectedError.optional(),
  usage: Usage.optional(),
  finishReason: z.string().optional(),
  /** Wait before answering (e.g. to trigger a client timeout). */
  delayMs: z.number().int().min(0).max(600_000).optional(),
  /** Wait between streamed chunks. */
  chunkDelayMs: z.number().int().min(0).max(60_000).optional(),
};

function hasAnswer(s: { reply?: unknown; refusal?: unknown; error?: unknown; toolCalls?: unknown }): boolean {
  return s.reply !== undefined || s.refusal !== undefined || s.error !== undefined || s.toolCalls !== undefined;
}

const Answer = z
  .object(replyFields)
  .strict()
  .refine(hasAnswer, { message: 'needs one of reply, toolCalls, refusal or error' });
export type ScriptAnswer = z.infer<typeof Answer>;

const Step = z
  .object({
    /** Shown in the request log. */
    name: z.string().optional(),
    match: Match.optional(),
    /** How many requests this step answers; 'always' never runs out. */
    times: z.union([z.number().int().min(1), z.literal('always')]).default(1),
    ...replyFields,
  })
  .strict()
  .refine(hasAnswer, { message: 'needs one of reply, toolCalls, refusal or error' });
export type ScriptStep = z.infer<typeof Step>;

/** An answer of `/v1/audio/transcriptions`: a transcript, an injected error, or a 200 reply that is not a transcript. */
const TranscriptionStep = z
  .object({
    name: z.string().optional(),
    /** What the "recogniser" heard (`{ "text": … }` on the wire). */
    text: z.string().optional(),
    /** Sent as-is with HTTP 200 and `content-type: text/plain`: a server answering garbage. */
    garbage: z.string().optional(),
    error: InjectedError.optional(),
    times: z.union([z.number().int().min(1), z.literal('always')]).default(1),
    delayMs: z.number().int().min(0).max(600_000).optional(),
  })
  .strict()
  .refine((s) => [s.text, s.garbage, s.error].filter((v) => v !== undefined).length === 1, {
    message: 'needs exactly one of text, garbage or error',
  });
export type TranscriptionStep = z.infer<typeof TranscriptionStep>;

/** An answer of `/v1/audio/speech`; without one left the server speaks a tone (a valid WAV). */
const SpeechStep = z
  .object({
    name: z.string().optional(),
    /** Length of the WAV tone; default 40 ms per character of the input, 200 ms to 5 s. */
    durationMs: z.number().int().min(10).max(60_000).optional(),
    garbage: z.string().optional(),
    error: InjectedError.optional(),
    times: z.union([z.number().int().min(1), z.literal('always')]).default(1),
    delayMs: z.number().int().min(0).max(600_000).optional(),
  })
  .strict();
export type SpeechStep = z.infer<typeof SpeechStep>;

/**
 * A script for the scripted model server. A chat request is answered by the first step, in
 * order, that has uses left and whose `match` fits; then by `fallback`; else HTTP 500.
 * Transcription requests take the `transcriptions` in order (HTTP 500 when none is left);
 * speech requests take the `speech` steps in order, then a tone.
 */
export const Script = z
  .object({
    description: z.string().optional(),
    /**
     * Answer as this provider does: where reasoning goes, its error bodies, a forced function
     * call answered as `tool_calls`, and the request fields it refuses with a 400.
     */
    provider: ScriptProvider.optional(),
    steps: z.array(Step).default([]),
    fallback: Answer.optional(),
    /** Length of the vectors from /v1/embeddings (a request's `dimensions` wins). */
    embeddingDims: z.number().int().min(1).max(8_192).default(64),
    /** What GET /v1/models lists. */
    models: z.array(z.string().min(1)).default(['scripted']),
    transcriptions: z.array(TranscriptionStep).default([]),
    speech: z.array(SpeechStep).default([]),
  })
  .strict();
export type Script = z.infer<typeof Script>;
export type ScriptInput = z.input<typeof Script>;

/** @throws MobaError INVALID_INPUT with every problem and its path. */
export function parseScript(value: unknown, source = 'script'): Script {
  const parsed = Script.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new MobaError('INVALID_INPUT', `Invalid ${source}: ${issues}`);
  }
  return parsed.data;
}

/** @throws MobaError NOT_FOUND when unreadable, INVALID_INPUT when not a valid script. */
export function loadScriptFile(path: string): Script {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new MobaError('NOT_FOUND', `Cannot read the script ${path}: ${reason}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MobaError('INVALID_INPUT', `The script ${path} is not JSON: ${(error as Error).message}`);
  }
  return parseScript(value, `script ${path}`);
}

export function testPattern(pattern: Pattern, text: string): boolean {
  if (typeof pattern === 'string') return text.toLowerCase().includes(pattern.toLowerCase());
  return new RegExp(pattern.regex, pattern.flags).test(text);
}
