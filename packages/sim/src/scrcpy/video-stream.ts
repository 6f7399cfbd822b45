/**
 * The video socket's byte format (scrcpy 3.3.x, big-endian): device meta (64-byte NUL-padded
 * name, first socket only), codec meta (`codec:u32 | width:u32 | height:u32`), then packets
 * `pts_and_flags:u64 | size:u32 | data` — bit 63 marks the configuration packet, bit 62 a
 * keyframe, the low 62 bits are the PTS in microseconds.
 */

export const CODEC_ID_H264 = 0x68323634;
export const PACKET_FLAG_CONFIG = 1n << 63n;
export const PACKET_FLAG_KEY_FRAME = 1n << 62n;
const PTS_MASK = PACKET_FLAG_KEY_FRAME - 1n;

export const DEVICE_NAME_FIELD_LENGTH = 64;

/** The name truncated at a UTF-8 character boundary to ≤ 63 bytes, NUL-padded to 64. */
export function encodeDeviceMeta(name: string): Uint8Array {
  const out = Buffer.alloc(DEVICE_NAME_FIELD_LENGTH);
  let bytes = Buffer.from(name, 'utf8');
  if (bytes.length > DEVICE_NAME_FIELD_LENGTH - 1) {
    let end = DEVICE_NAME_FIELD_LENGTH - 1;
    // Step back over continuation bytes (10xxxxxx) so no character is cut in half.
    while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
    bytes = bytes.subarray(0, end);
  }
  bytes.copy(out);
  return out;
}

export function encodeCodecMeta(codecId: number, width: number, height: number): Uint8Array {
  const out = Buffer.alloc(12);
  out.writeUInt32BE(codecId >>> 0, 0);
  out.writeUInt32BE(width, 4);
  out.writeUInt32BE(height, 8);
  return out;
}

export type VideoPacket =
  | { type: 'config'; data: Uint8Array }
  | { type: 'frame'; keyframe: boolean; ptsUs: bigint; data: Uint8Array };

export function encodeVideoPacket(packet: VideoPacket): Uint8Array {
  const out = Buffer.alloc(12 + packet.data.byteLength);
  const flags =
    packet.type === 'config'
      ? PACKET_FLAG_CONFIG
      : (packet.ptsUs & PTS_MASK) | (packet.keyframe ? PACKET_FLAG_KEY_FRAME : 0n);
  out.writeBigUInt64BE(flags, 0);
  out.writeUInt32BE(packet.data.byteLength, 8);
  out.set(packet.data, 12);
  return out;
}
