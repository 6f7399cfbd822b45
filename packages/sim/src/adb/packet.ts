/**
 * ADB transport packets: a 24-byte little-endian header (command, arg0, arg1, data_length,
 * data_check, magic = command ^ 0xffffffff) and a payload.
 */

export const A_CNXN = 0x4e584e43;
export const A_AUTH = 0x48545541;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_WRTE = 0x45545257;
export const A_CLSE = 0x45534c43;
export const A_STLS = 0x534c5453;

export const A_VERSION_MIN = 0x01000000;
/** From this version on nobody sends (or checks) data_check. */
export const A_VERSION_SKIP_CHECKSUM = 0x01000001;
export const A_VERSION = 0x01000001;
/** What the simulated adbd advertises: Android 7/8's value, safe with every host. */
export const DEVICE_MAX_PAYLOAD = 256 * 1024;
/** Before CNXN both sides assume at most this (CNXN/AUTH payloads never exceed it). */
export const MAX_PAYLOAD_V1 = 4096;

export const HEADER_SIZE = 24;

export interface AdbPacket {
  command: number;
  arg0: number;
  arg1: number;
  data: Uint8Array;
}

const NAMES: Record<number, string> = {
  [A_CNXN]: 'CNXN',
  [A_AUTH]: 'AUTH',
  [A_OPEN]: 'OPEN',
  [A_OKAY]: 'OKAY',
  [A_WRTE]: 'WRTE',
  [A_CLSE]: 'CLSE',
  [A_STLS]: 'STLS',
};

export function commandName(command: number): string {
  return NAMES[command] ?? `0x${command.toString(16).padStart(8, '0')}`;
}

/** The unsigned byte sum adb calls a checksum. */
export function payloadChecksum(data: Uint8Array): number {
  let sum = 0;
  for (const byte of data) sum += byte;
  return sum >>> 0;
}

/** Serialises one packet; data_check is filled only for peers older than A_VERSION_SKIP_CHECKSUM. */
export function encodePacket(packet: AdbPacket, version: number = A_VERSION): Buffer {
  const out = Buffer.allocUnsafe(HEADER_SIZE + packet.data.length);
  out.writeUInt32LE(packet.command >>> 0, 0);
  out.writeUInt32LE(packet.arg0 >>> 0, 4);
  out.writeUInt32LE(packet.arg1 >>> 0, 8);
  out.writeUInt32LE(packet.data.length, 12);
  out.writeUInt32LE(version < A_VERSION_SKIP_CHECKSUM ? payloadChecksum(packet.data) : 0, 16);
  out.writeUInt32LE((packet.command ^ 0xffffffff) >>> 0, 20);
  out.set(packet.data, HEADER_SIZE);
  return out;
}

/** Why a byte stream stopped being a valid packet stream; the connection must be dropped. */
export type PacketError = { kind: 'bad-magic'; command: number } | { kind: 'too-large'; length: number; limit: number };

/**
 * Cuts packets out of a TCP byte stream. Headers and payloads may arrive split across any
 * number of chunks or several per chunk. The incoming checksum is ignored (nobody checks it).
 */
export class PacketReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private failed: PacketError | undefined;
  /** Largest payload accepted; the transport raises it after the handshake. */
  maxPayload: number;

  constructor(maxPayload: number = DEVICE_MAX_PAYLOAD) {
    this.maxPayload = maxPayload;
  }

  /** Appends bytes and returns every complete packet, or an error once the stream is invalid. */
  push(chunk: Uint8Array): { packets: AdbPacket[]; error?: PacketError } {
    if (this.failed) return { packets: [], error: this.failed };
    this.chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    this.buffered += chunk.byteLength;
    const packets: AdbPacket[] = [];
    while (this.buffered >= HEADER_SIZE) {
      const header = this.peek(HEADER_SIZE);
      const command = header.readUInt32LE(0);
      const length = header.readUInt32LE(12);
      const magic = header.readUInt32LE(20);
      if (magic !== (command ^ 0xffffffff) >>> 0) {
        this.failed = { kind: 'bad-magic', command };
        break;
      }
      if (length > this.maxPayload) {
        this.failed = { kind: 'too-large', length, limit: this.maxPayload };
        break;
      }
      if (this.buffered < HEADER_SIZE + length) break;
      const whole = this.take(HEADER_SIZE + length);
      packets.push({
        command,
        arg0: whole.readUInt32LE(4),
        arg1: whole.readUInt32LE(8),
        data: whole.subarray(HEADER_SIZE),
      });
    }
    if (this.failed) {
      this.chunks = [];
      this.buffered = 0;
      return { packets, error: this.failed };
    }
    return { packets };
  }

  /** Bytes waiting for the rest of a packet. */
  get pending(): number {
    return this.buffered;
  }

  private peek(size: number): Buffer {
    const first = this.chunks[0] as Buffer;
    if (first.length >= size) return first.subarray(0, size);
    this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return (this.chunks[0] as Buffer).subarray(0, size);
  }

  private take(size: number): Buffer {
    const first = this.peek(size);
    const head = this.chunks[0] as Buffer;
    // Copy so a retained payload never pins (or aliases) a larger socket buffer.
    const out = Buffer.from(first);
    if (head.length === size) this.chunks.shift();
    else this.chunks[0] = head.subarray(size);
    this.buffered -= size;
    return out;
  }
}

/** Parses the banner of a CNXN payload: `<type>:<serial>:<key=value;…>` (trailing NULs ignored). */
export function parseBanner(data: Uint8Array): { type: string; props: Map<string, string>; features: string[] } {
  const text = new TextDecoder().decode(data).replace(/\0+$/, '');
  const [type = '', , rest = ''] = splitOnce(text, ':', 2);
  const props = new Map<string, string>();
  for (const piece of rest.split(';')) {
    const eq = piece.indexOf('=');
    if (eq > 0) props.set(piece.slice(0, eq), piece.slice(eq + 1));
  }
  const features = (props.get('features') ?? '').split(',').filter(Boolean);
  return { type, props, features };
}

function splitOnce(text: string, separator: string, count: number): string[] {
  const out: string[] = [];
  let rest = text;
  for (let i = 0; i < count; i++) {
    const at = rest.indexOf(separator);
    if (at < 0) break;
    out.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  out.push(rest);
  return out;
}
