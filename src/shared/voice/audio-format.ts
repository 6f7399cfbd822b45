/**
 * Just enough of audio formats to check what a person recorded before it is sent anywhere: the
 * container from its first bytes, and for WAV (what the app records) the header, the duration
 * and whether anything louder than silence is in it. Written by hand because a RIFF header is
 * 44 bytes and a decoder library (or ffprobe) would be a large dependency for reading them.
 */
import { MobaError } from '../errors.ts';

export type AudioContainer = 'wav' | 'mp3' | 'ogg' | 'webm' | 'flac' | 'm4a';

export const AUDIO_MIME: Record<AudioContainer, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
};

/** The container the bytes start like, or null when they are not audio this app knows. */
export function sniffAudio(data: Uint8Array): AudioContainer | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...data.subarray(from, to));
  if (data.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (data.length >= 4 && ascii(0, 4) === 'OggS') return 'ogg';
  if (data.length >= 4 && ascii(0, 4) === 'fLaC') return 'flac';
  if (data.length >= 4 && data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3) return 'webm';
  if (data.length >= 8 && ascii(4, 8) === 'ftyp') return 'm4a';
  if (data.length >= 3 && ascii(0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame: 11 sync bits, then a layer that is not "reserved".
  if (data.length >= 2 && data[0] === 0xff && (data[1]! & 0xe0) === 0xe0 && (data[1]! & 0x06) !== 0) return 'mp3';
  return null;
}

export interface WavInfo {
  /** 1 = integer PCM, 3 = IEEE float. */
  audioFormat: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Where the samples start and how many bytes they take (clipped to the file). */
  dataOffset: number;
  dataBytes: number;
  durationMs: number;
}

/**
 * Reads a WAV file's `fmt ` and `data` chunks.
 * @throws MobaError VOICE_AUDIO_INVALID naming what is wrong.
 */
export function parseWav(data: Uint8Array): WavInfo {
  const bad = (why: string) => new MobaError('VOICE_AUDIO_INVALID', `The recording is not a usable WAV file: ${why}.`);
  if (sniffAudio(data) !== 'wav') throw bad('it does not start with a RIFF/WAVE header');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = 12;
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'durationMs'> | null = null;
  while (offset + 8 <= data.length) {
    const id = String.fromCharCode(...data.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > data.length) throw bad('its fmt chunk is cut short');
      let audioFormat = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      if (audioFormat === 0xfffe && size >= 40 && body + 26 <= data.length)
        audioFormat = view.getUint16(body + 24, true);
      fmt = {
        audioFormat,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!fmt) throw bad('its data chunk comes before the fmt chunk');
      if (fmt.channels < 1 || fmt.sampleRate < 1 || fmt.bitsPerSample < 8)
        throw bad(`it declares ${fmt.channels} channels at ${fmt.sampleRate} Hz, ${fmt.bitsPerSample} bits`);
      // Streaming writers leave the size at 0 or 0xFFFFFFFF: the samples then run to the end.
      const declared = size === 0 || size === 0xffffffff ? data.length - body : size;
      const dataBytes = Math.min(declared, data.length - body);
      const frameBytes = (fmt.bitsPerSample / 8) * fmt.channels;
      return {
        ...fmt,
        dataOffset: body,
        dataBytes,
        durationMs: (Math.floor(dataBytes / frameBytes) / fmt.sampleRate) * 1000,
      };
    }
    offset = body + size + (size % 2);
  }
  throw bad(fmt ? 'it has no data chunk' : 'it has no fmt chunk');
}

export interface Loudness {
  /** Loudest sample, in dBFS (0 = full scale; -Infinity = digital silence). */
  peakDb: number;
  /** How long the 20 ms windows louder than the speech threshold last together. */
  voicedMs: number;
}

/** Below this a 20 ms window counts as silence: room noise sits around −60 dBFS, speech well above −40. */
export const SPEECH_THRESHOLD_DB = -42;

/** Reads one sample as a number in [-1, 1]. */
function sampleReader(info: WavInfo, view: DataView): ((byteOffset: number) => number) | null {
  if (info.audioFormat === 1 && info.bitsPerSample === 16) return (o) => view.getInt16(o, true) / 32768;
  if (info.audioFormat === 1 && info.bitsPerSample === 8) return (o) => (view.getUint8(o) - 128) / 128;
  if (info.audioFormat === 1 && info.bitsPerSample === 32) return (o) => view.getInt32(o, true) / 2147483648;
  if (info.audioFormat === 1 && info.bitsPerSample === 24)
    return (o) => (view.getUint8(o) | (view.getUint8(o + 1) << 8) | (view.getInt8(o + 2) << 16)) / 8388608;
  if (info.audioFormat === 3 && info.bitsPerSample === 32) return (o) => view.getFloat32(o, true);
  return null;
}

/** How loud a WAV recording is (first channel); null for sample formats it cannot read. */
export function loudness(data: Uint8Array, info: WavInfo = parseWav(data)): Loudness | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const read = sampleReader(info, view);
  if (!read) return null;
  const frameBytes = (info.bitsPerSample / 8) * info.channels;
  const frames = Math.floor(info.dataBytes / frameBytes);
  const window = Math.max(1, Math.round(info.sampleRate / 50));
  const threshold = 10 ** (SPEECH_THRESHOLD_DB / 20);
  let peak = 0;
  let voicedWindows = 0;
  for (let start = 0; start < frames; start += window) {
    const end = Math.min(frames, start + window);
    let sum = 0;
    for (let i = start; i < end; i++) {
      const v = read(info.dataOffset + i * frameBytes);
      const a = Math.abs(v);
      if (a > peak) peak = a;
      sum += v * v;
    }
    if (Math.sqrt(sum / (end - start)) >= threshold) voicedWindows++;
  }
  return {
    peakDb: peak === 0 ? -Infinity : 20 * Math.log10(peak),
    voicedMs: (voicedWindows * window * 1000) / info.sampleRate,
  };
}

/** A 16-bit PCM WAV file of mono samples in [-1, 1] (tests, and tones for connection checks). */
export function encodeWav(samples: Float32Array | number[], sampleRate: number): Uint8Array {
  const n = samples.length;
  const out = new Uint8Array(44 + n * 2);
  const view = new DataView(out.buffer);
  const text = (o: number, s: string) => [...s].forEach((c, i) => view.setUint8(o + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + n * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++)
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), true);
  return out;
}
