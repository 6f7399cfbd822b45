/**
 * The mirror's bulk frames, as sent on a binary channel (MessagePort in Electron, binary
 * WebSocket frames in the web host). One message = one packet:
 *
 * ```
 * kind:u8 | flags:u8 | reserved:u16 | frameTime:f64 (ms since epoch) | pts:u64 (µs) | payload
 * ```
 * kinds: 1 = H.264 configuration (SPS+PPS, Annex-B), 2 = H.264 access unit (Annex-B; flag bit 0
 * = keyframe), 3 = PNG still, 4 = JPEG still (the screenshot-polling mirror). All big-endian.
 * `frameTime` is when main received the packet: the same clock the agent's observations use.
 */

export const MIRROR_FRAME_HEADER_SIZE = 24;

export const MIRROR_FRAME_KINDS = { configuration: 1, data: 2, png: 3, jpeg: 4 } as const;
export type MirrorFrameKind = keyof typeof MIRROR_FRAME_KINDS;

export interface MirrorFrame {
  kind: MirrorFrameKind;
  keyframe: boolean;
  frameTime: number;
  /** Microseconds, the device's presentation time (0 for stills and configuration). */
  pts: bigint;
  data: Uint8Array;
}

const KIND_BY_CODE: Record<number, MirrorFrameKind> = { 1: 'configuration', 2: 'data', 3: 'png', 4: 'jpeg' };

export function encodeMirrorFrame(frame: MirrorFrame): Uint8Array {
  const out = new Uint8Array(MIRROR_FRAME_HEADER_SIZE + frame.data.byteLength);
  const view = new DataView(out.buffer);
  view.setUint8(0, MIRROR_FRAME_KINDS[frame.kind]);
  view.setUint8(1, frame.keyframe ? 1 : 0);
  view.setUint16(2, 0);
  view.setFloat64(4, frame.frameTime);
  view.setBigUint64(12, BigInt.asUintN(64, frame.pts));
  // bytes 20..23 reserved
  out.set(frame.data, MIRROR_FRAME_HEADER_SIZE);
  return out;
}

/** Undefined for a message too short or of an unknown kind (the caller drops it). */
export function decodeMirrorFrame(bytes: Uint8Array): MirrorFrame | undefined {
  if (bytes.byteLength < MIRROR_FRAME_HEADER_SIZE) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = KIND_BY_CODE[view.getUint8(0)];
  if (!kind) return undefined;
  return {
    kind,
    keyframe: (view.getUint8(1) & 1) === 1,
    frameTime: view.getFloat64(4),
    pts: view.getBigUint64(12),
    data: bytes.subarray(MIRROR_FRAME_HEADER_SIZE),
  };
}
