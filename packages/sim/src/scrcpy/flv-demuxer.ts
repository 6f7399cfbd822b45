/**
 * Just enough FLV to turn ffmpeg's H.264-in-FLV output into scrcpy packets: FLV gives exact
 * access-unit boundaries, a keyframe flag and out-of-band SPS/PPS, where a raw Annex-B byte
 * stream would only end a frame when the next one starts (one frame of extra latency).
 *
 * Layout: a 9-byte header + PreviousTagSize0 (u32), then tags
 * `type:u8 | size:u24 | ts:u24 | tsExt:u8 | streamId:u24 | data[size] | prevSize:u32`.
 * A video tag's data starts with `frameType<<4 | codecId` (7 = AVC), `AVCPacketType`
 * (0 = AVCDecoderConfigurationRecord, 1 = NAL units, 2 = end of sequence) and a 24-bit
 * composition time; NAL units are length-prefixed.
 */

export type FlvVideoPacket =
  /** SPS + PPS in Annex-B, from the decoder configuration record. */
  | { type: 'config'; data: Uint8Array }
  /** One access unit in Annex-B; `timestampMs` is the tag's DTS plus composition offset. */
  | { type: 'frame'; keyframe: boolean; timestampMs: number; data: Uint8Array };

export class FlvFormatError extends Error {
  override name = 'FlvFormatError';
}

const START_CODE = Uint8Array.of(0, 0, 0, 1);
const TAG_VIDEO = 9;
const CODEC_AVC = 7;
/** Far above any frame ffmpeg writes for a phone screen; a corrupt size is caught early. */
const MAX_TAG_SIZE = 32 * 1024 * 1024;

/**
 * Parses an AVCDecoderConfigurationRecord into Annex-B SPS+PPS and the NAL length size.
 * @throws FlvFormatError when the record is truncated.
 */
export function avcConfigToAnnexB(record: Uint8Array): { annexB: Uint8Array; nalLengthSize: number } {
  const b = Buffer.from(record.buffer, record.byteOffset, record.byteLength);
  if (b.length < 7) throw new FlvFormatError('AVC configuration record too short');
  const nalLengthSize = ((b[4] as number) & 0x03) + 1;
  const parts: Uint8Array[] = [];
  let at = 6;
  const read = (count: number) => {
    for (let i = 0; i < count; i++) {
      if (at + 2 > b.length) throw new FlvFormatError('Truncated parameter set length');
      const len = b.readUInt16BE(at);
      at += 2;
      if (at + len > b.length) throw new FlvFormatError('Truncated parameter set');
      parts.push(START_CODE, b.subarray(at, at + len));
      at += len;
    }
  };
  read((b[5] as number) & 0x1f);
  if (at >= b.length) throw new FlvFormatError('Missing PPS count');
  const ppsCount = b[at] as number;
  at += 1;
  read(ppsCount);
  return { annexB: Buffer.concat(parts), nalLengthSize };
}

/** Length-prefixed NAL units → Annex-B (start code before each). */
export function lengthPrefixedToAnnexB(data: Uint8Array, nalLengthSize: number): Uint8Array {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const parts: Uint8Array[] = [];
  let at = 0;
  while (at + nalLengthSize <= b.length) {
    const len = b.readUIntBE(at, nalLengthSize);
    at += nalLengthSize;
    if (at + len > b.length) throw new FlvFormatError('Truncated NAL unit');
    parts.push(START_CODE, b.subarray(at, at + len));
    at += len;
  }
  if (at !== b.length) throw new FlvFormatError('Trailing bytes after the last NAL unit');
  return Buffer.concat(parts);
}

/** Incremental: push ffmpeg's stdout chunks, get the video packets completed so far. */
export class FlvDemuxer {
  private buffer: Buffer = Buffer.alloc(0);
  private headerDone = false;
  private nalLengthSize = 4;
  private configSeen = false;

  /** @throws FlvFormatError on a stream that is not FLV/AVC. */
  push(chunk: Uint8Array): FlvVideoPacket[] {
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    const out: FlvVideoPacket[] = [];
    if (!this.headerDone) {
      if (this.buffer.length < 13) return out;
      if (this.buffer.toString('latin1', 0, 3) !== 'FLV') throw new FlvFormatError('Not an FLV stream');
      const headerSize = this.buffer.readUInt32BE(5);
      if (this.buffer.length < headerSize + 4) return out;
      this.buffer = this.buffer.subarray(headerSize + 4);
      this.headerDone = true;
    }
    for (;;) {
      if (this.buffer.length < 11) break;
      const type = (this.buffer[0] as number) & 0x1f;
      const size = this.buffer.readUIntBE(1, 3);
      if (size > MAX_TAG_SIZE) throw new FlvFormatError(`FLV tag of ${size} bytes`);
      const total = 11 + size + 4;
      if (this.buffer.length < total) break;
      const timestamp = this.buffer.readUIntBE(4, 3) | ((this.buffer[7] as number) << 24);
      const data = this.buffer.subarray(11, 11 + size);
      if (type === TAG_VIDEO) {
        const packet = this.videoTag(data, timestamp >>> 0);
        if (packet) out.push(packet);
      }
      this.buffer = this.buffer.subarray(total);
    }
    // Keep the remainder in its own small allocation instead of pinning a big chunk.
    if (this.buffer.length > 0 && this.buffer.byteOffset > 0) this.buffer = Buffer.from(this.buffer);
    return out;
  }

  private videoTag(data: Buffer, timestamp: number): FlvVideoPacket | undefined {
    if (data.length < 5) return undefined;
    const frameType = (data[0] as number) >> 4;
    const codecId = (data[0] as number) & 0x0f;
    if (codecId !== CODEC_AVC) throw new FlvFormatError(`Unsupported FLV video codec ${codecId}`);
    const packetType = data[1] as number;
    const cts = data.readIntBE(2, 3);
    const payload = data.subarray(5);
    if (packetType === 0) {
      const { annexB, nalLengthSize } = avcConfigToAnnexB(payload);
      this.nalLengthSize = nalLengthSize;
      this.configSeen = true;
      return { type: 'config', data: annexB };
    }
    if (packetType !== 1 || payload.length === 0) return undefined;
    if (!this.configSeen) throw new FlvFormatError('Video data before the AVC configuration record');
    return {
      type: 'frame',
      keyframe: frameType === 1,
      timestampMs: timestamp + cts,
      data: lengthPrefixedToAnnexB(payload, this.nalLengthSize),
    };
  }
}
