/** The scripted server's audio answers: transcriptions in script order, speech as a tone, injected faults. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readMultipart, toneWav } from './audio.ts';
import { HttpProblem } from './http.ts';
import type { Waits } from './http.ts';
import type { SpeechStep, TranscriptionStep } from './script.ts';
import type { ScriptState } from './script-state.ts';
import { errorBody, sendJson } from './wire.ts';

export interface AudioEntry {
  seq: number;
  body: unknown;
  answeredBy: string;
  status: number;
}

/** Answers an injected error, garbage, or nothing (then the caller answers). */
async function injected(
  step: TranscriptionStep | SpeechStep,
  res: ServerResponse,
  entry: AudioEntry,
  waits: Waits,
): Promise<'answered' | 'go-on'> {
  if (step.delayMs && !(await waits.wait(step.delayMs, res))) return 'answered';
  if (step.error) {
    if ('disconnect' in step.error) {
      res.socket?.destroy();
      return 'answered';
    }
    entry.status = step.error.status;
    sendJson(
      res,
      step.error.status,
      errorBody(step.error.message, step.error.type, step.error.code ?? null),
      step.error.retryAfter !== undefined ? { 'retry-after': String(step.error.retryAfter) } : {},
    );
    return 'answered';
  }
  if (step.garbage !== undefined) {
    res.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(step.garbage),
    });
    res.end(step.garbage);
    return 'answered';
  }
  return 'go-on';
}

export async function answerTranscription(
  raw: Buffer,
  req: IncomingMessage,
  res: ServerResponse,
  entry: AudioEntry,
  ctx: { state: ScriptState; waits: Waits; uploads: Map<number, Buffer> },
): Promise<void> {
  let form;
  try {
    form = await readMultipart(raw, req.headers['content-type']);
  } catch (error) {
    throw new HttpProblem(400, `Could not read the upload: ${(error as Error).message}`);
  }
  const { file, fields } = form;
  entry.body = {
    ...fields,
    file: file ? { name: file.name, mime: file.mime, bytes: file.bytes, sha256: file.sha256, audio: file.audio } : null,
  };
  if (!file) throw new HttpProblem(400, 'The form has no `file` field');
  ctx.uploads.set(entry.seq, file.data);
  if (!fields.model) throw new HttpProblem(400, 'The form has no `model` field');
  const picked = ctx.state.nextTranscription();
  if (!picked) {
    entry.answeredBy = 'unmatched';
    throw new HttpProblem(
      500,
      `No transcription left in the script (received ${file.bytes} bytes of ${file.audio.container}).`,
    );
  }
  entry.answeredBy = picked.label;
  if ((await injected(picked.step, res, entry, ctx.waits)) === 'answered') return;
  const text = picked.step.text ?? '';
  sendJson(
    res,
    200,
    fields.response_format === 'verbose_json'
      ? {
          task: 'transcribe',
          language: fields.language ?? 'english',
          duration: (file.audio.durationMs ?? 0) / 1000,
          text,
          segments: [],
        }
      : { text },
  );
}

export async function answerSpeech(
  body: Record<string, unknown>,
  res: ServerResponse,
  entry: AudioEntry,
  ctx: { state: ScriptState; waits: Waits },
): Promise<void> {
  if (typeof body.input !== 'string' || body.input.trim() === '')
    throw new HttpProblem(400, '`input` must be a non-empty string');
  if (typeof body.model !== 'string') throw new HttpProblem(400, '`model` is required');
  if (typeof body.voice !== 'string' && typeof body.voice !== 'object')
    throw new HttpProblem(400, '`voice` is required');
  const picked = ctx.state.nextSpeech();
  entry.answeredBy = picked?.label ?? 'tone';
  if (picked && (await injected(picked.step, res, entry, ctx.waits)) === 'answered') return;
  const durationMs = picked?.step.durationMs ?? Math.min(5_000, Math.max(200, body.input.length * 40));
  const wav = toneWav(durationMs);
  res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
  res.end(wav);
}
