/**
 * Recording from the microphone as 16 kHz mono 16-bit WAV — the format every transcription
 * server takes (whisper.cpp's server takes nothing else without conversion) — with a live level
 * for the meter. The samples come from a ScriptProcessorNode: deprecated in favour of
 * AudioWorklet, but it needs no separate module file under the app's content security policy,
 * and Chromium and Electron keep it. Resampling to 16 kHz is a plain box filter: speech sits
 * well below 8 kHz, and transcribers resample again anyway.
 */
import { encodeWav } from '../../../shared/voice/audio-format.ts';

export const TARGET_RATE = 16_000;

/** Why recording could not start, in words a person can act on. */
export class MicrophoneError extends Error {
  readonly kind: 'denied' | 'absent' | 'busy' | 'unsupported';
  constructor(kind: MicrophoneError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

/** Turns getUserMedia's DOMExceptions into a MicrophoneError with what to do. */
export function microphoneError(error: unknown, host: 'electron' | 'web' | undefined): MicrophoneError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return new MicrophoneError(
      'denied',
      host === 'electron'
        ? 'Microphone access is denied. Allow MobA Studio to use the microphone in your system’s privacy settings, then try again.'
        : 'Microphone access is denied for this page. Allow the microphone in the browser’s site settings (the icon left of the address), then try again.',
    );
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return new MicrophoneError(
      'absent',
      'No microphone was found. Connect one (or enable it in the system’s sound settings) and try again.',
    );
  }
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') {
    return new MicrophoneError(
      'busy',
      'The microphone could not be opened: another program may be using it, or the system blocked it.',
    );
  }
  return new MicrophoneError(
    'unsupported',
    `The microphone could not be used: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/** Averages each 1/16 000 s window of samples (a box filter) down to 16 kHz. */
export function downsample(input: Float32Array, fromRate: number, toRate = TARGET_RATE): Float32Array {
  if (fromRate === toRate) return input;
  const ratio = fromRate / toRate;
  const out = new Float32Array(Math.floor(input.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const start = Math.floor(i * ratio);
    const end = Math.min(input.length, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = start; j < end; j++) sum += input[j]!;
    out[i] = end > start ? sum / (end - start) : 0;
  }
  return out;
}

export interface Recording {
  wav: Uint8Array;
  durationMs: number;
  /** The loudest 50 ms window, 0–1 RMS: near 0 means nothing was said. */
  peakLevel: number;
}

/** One recording session: open it, watch `onLevel`, then `stop()` for the WAV or `cancel()`. */
export class MicrophoneRecorder {
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private processor: ScriptProcessorNode | null = null;
  private chunks: Float32Array[] = [];
  private peak = 0;
  private startedAt = 0;

  /**
   * Opens the default microphone and starts recording.
   * @throws MicrophoneError (denied, absent, busy, unsupported)
   */
  async start(onLevel: (level: number) => void, host: 'electron' | 'web' | undefined): Promise<void> {
    if (!navigator.mediaDevices?.getUserMedia) {
      throw new MicrophoneError(
        'unsupported',
        'This page cannot use a microphone: browsers allow it only on https:// pages or on localhost. Open MobA Studio through https or on this machine, or use the desktop app.',
      );
    }
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
        video: false,
      });
    } catch (error) {
      throw microphoneError(error, host);
    }
    const context = new AudioContext();
    this.context = context;
    const source = context.createMediaStreamSource(this.stream);
    const processor = context.createScriptProcessor(2048, 1, 1);
    this.processor = processor;
    processor.onaudioprocess = (e) => {
      const data = e.inputBuffer.getChannelData(0);
      this.chunks.push(new Float32Array(data));
      let sum = 0;
      for (let i = 0; i < data.length; i++) sum += data[i]! * data[i]!;
      const rms = Math.sqrt(sum / data.length);
      if (rms > this.peak) this.peak = rms;
      onLevel(rms);
    };
    source.connect(processor);
    // A ScriptProcessor runs only while connected to the destination; it writes silence there.
    processor.connect(context.destination);
    this.startedAt = performance.now();
    if (context.state === 'suspended') await context.resume();
  }

  /** Ends the recording; the WAV of everything heard. */
  async stop(): Promise<Recording> {
    const rate = this.context?.sampleRate ?? TARGET_RATE;
    await this.release();
    const length = this.chunks.reduce((n, c) => n + c.length, 0);
    const all = new Float32Array(length);
    let offset = 0;
    for (const c of this.chunks) {
      all.set(c, offset);
      offset += c.length;
    }
    this.chunks = [];
    const samples = downsample(all, rate);
    return {
      wav: encodeWav(samples, TARGET_RATE),
      durationMs: (samples.length / TARGET_RATE) * 1000,
      peakLevel: this.peak,
    };
  }

  /** How long it has been recording. */
  elapsedMs(): number {
    return this.startedAt ? performance.now() - this.startedAt : 0;
  }

  async cancel(): Promise<void> {
    this.chunks = [];
    await this.release();
  }

  private async release(): Promise<void> {
    if (this.processor) this.processor.onaudioprocess = null;
    this.processor?.disconnect();
    this.processor = null;
    for (const t of this.stream?.getTracks() ?? []) t.stop();
    this.stream = null;
    const context = this.context;
    this.context = null;
    if (context && context.state !== 'closed') await context.close();
  }
}

/** Base64 of bytes, in chunks (String.fromCharCode has an argument limit). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
