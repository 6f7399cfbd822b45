/**
 * The scripted server's audio side: reading the multipart upload of `/v1/audio/transcriptions`
 * (with what the uploaded audio is — container, sample rate, channels, duration — so a test can
 * check what a client recorded), and speaking a tone as a WAV for `/v1/audio/speech`. The WAV
 * header is read by hand: 44 bytes do not need a decoder.
 */
import { createHash } from 'node:crypto';

export interface AudioInfo {
  /** `wav`, `mp3`, `ogg`, `webm`, `flac`, `m4a`, or `unknown`. */
  container: string;
  /** WAV only: 1 = PCM, 3 = float. */
  audioFormat: number | null;
  sampleRate: number | null;
  channels: number | null;
  bitsPerSample: number | null;
  /** WAV only; null for other containers. */
  durationMs: number | null;
}

/** One uploaded file as the server received it. */
export interface ReceivedFile {
  name: string;
  mime: string;
  bytes: number;
  sha256: string;
  audio: AudioInfo;
}

function ascii(data: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...data.subarray(from, Math.min(to, data.length)));
}

/** What kind of audio the bytes are; durations for WAV. */
export function audioInfo(data: Uint8Array): AudioInfo {
  const none = { audioFormat: null, sampleRate: null, channels: null, bitsPerSample: null, durationMs: null };
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WAVE') {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let offset = 12;
    let fmt: Omit<AudioInfo, 'container' | 'durationMs'> | null = null;
    while (offset + 8 <= data.length) {
      const id = ascii(data, offset, offset + 4);
      const size = view.getUint32(offset + 4, true);
      if (id === 'fmt ' && offset + 24 <= data.length) {
        fmt = {
          audioFormat: view.getUint16(offset + 8, true),
          channels: view.getUint16(offset + 10, true),
          sampleRate: view.getUint32(offset + 12, true),
          bitsPerSample: view.getUint16(offset + 22, true),
        };
      } else if (id === 'data' && fmt && fmt.channels && fmt.sampleRate && fmt.bitsPerSample) {
        const bytes = Math.min(size === 0 || size === 0xffffffff ? Infinity : size, data.length - offset - 8);
        const frame = (fmt.bitsPerSample / 8) * fmt.channels;
        return { container: 'wav', ...fmt, durationMs: (Math.floor(bytes / frame) / fmt.sampleRate) * 1000 };
      }
      offset += 8 + size + (size % 2);
    }
    return { container: 'wav', ...(fmt ?? none), durationMs: null };
  }
  if (ascii(data, 0, 4) === 'OggS') return { container: 'ogg', ...none };
  if (ascii(data, 0, 4) === 'fLaC') return { container: 'flac', ...none };
  if (data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3)
    return { container: 'webm', ...none };
  if (ascii(data, 4, 8) === 'ftyp') return { container: 'm4a', ...none };
  if (ascii(data, 0, 3) === 'ID3' || (data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0))
    return { container: 'mp3', ...none };
  return { container: 'unknown', ...none };
}

/** A 16-bit mono PCM WAV of a soft 440 Hz tone. */
export function toneWav(durationMs: number, sampleRate = 16_000): Buffer {
  const n = Math.round((durationMs / 1000) * sampleRate);
  const out = Buffer.alloc(44 + n * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + n * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++)
    out.writeInt16LE(Math.round(0.2 * 32767 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 44 + i * 2);
  return out;
}

export interface Multipart {
  fields: Record<string, string>;
  file: (ReceivedFile & { data: Buffer }) | null;
}

/**
 * Parses a `multipart/form-data` body with the platform's own parser (the Fetch API's
 * `formData()`). @throws Error when the body is not multipart.
 */
export async function readMultipart(raw: Buffer, contentType: string | undefined): Promise<Multipart> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data'))
    throw new Error(`expected multipart/form-data, got ${contentType ?? 'no content type'}`);
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  let file: Multipart['file'] = null;
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'file') {
      const data = Buffer.from(await value.arrayBuffer());
      file = {
        name: value.name,
        mime: value.type,
        bytes: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        audio: audioInfo(data),
        data,
      };
    }
  }
  return { fields, file };
}
