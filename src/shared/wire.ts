/**
 * The web host's WebSocket framing. Text frames carry JSON; binary frames carry bulk data as
 * `channel:u32 BE | payload`.
 */
import { z } from 'zod';
import { MobaError } from './errors.ts';
import type { SerializedError } from './errors.ts';

const CallFrame = z.object({
  t: z.literal('call'),
  id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  method: z.string().max(200),
  input: z.unknown().optional(),
});
const CancelFrame = z.object({ t: z.literal('cancel'), id: z.number().int().min(0) });
export const ClientFrame = z.discriminatedUnion('t', [CallFrame, CancelFrame]);
export type ClientFrame = z.infer<typeof ClientFrame>;

export type ServerFrame =
  | { t: 'hello'; connectionId: string }
  | { t: 'result'; id: number; ok: true; result: unknown }
  | { t: 'result'; id: number; ok: false; error: SerializedError }
  | { t: 'event'; event: string; payload: unknown }
  | { t: 'error'; error: SerializedError };

export function decodeClientFrame(
  text: string,
): { ok: true; frame: ClientFrame } | { ok: false; error: SerializedError } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: new MobaError('INVALID_INPUT', 'The frame is not JSON').toJSON() };
  }
  const parsed = ClientFrame.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      error: new MobaError(
        'INVALID_INPUT',
        `Malformed frame: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`,
      ).toJSON(),
    };
  return { ok: true, frame: parsed.data };
}

export function encodeBinaryFrame(channel: number, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + data.byteLength);
  new DataView(out.buffer).setUint32(0, channel >>> 0, false);
  out.set(data, 4);
  return out;
}

export function decodeBinaryFrame(frame: ArrayBuffer | Uint8Array): { channel: number; data: Uint8Array } | undefined {
  const bytes = frame instanceof Uint8Array ? frame : new Uint8Array(frame);
  if (bytes.byteLength < 4) return undefined;
  const channel = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, false);
  return { channel, data: bytes.subarray(4) };
}
