import { MobaError } from '../../shared/errors.ts';
import { TranscriptRecord } from '../../shared/schemas/voice.ts';
import type { AudioRef, SpeechLanguage, VoiceInputBody, VoiceUse } from '../../shared/schemas/voice.ts';
import type { Settings } from '../../shared/schemas/settings.ts';
import { AUDIO_MIME, loudness, parseWav, sniffAudio } from '../../shared/voice/audio-format.ts';
import { languageOf } from '../../shared/voice/announcements.ts';
import { resolveEndpoint } from '../llm/endpoints.ts';
import type { ModelOverrides, ModelSettingsSource } from '../llm/endpoints.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import { synthesize, transcribe } from './audio-endpoints.ts';

/** What the voice service needs from settings; `SettingsService` satisfies it. */
export type VoiceSettingsSource = ModelSettingsSource & { get(): Settings };

/** Shorter than this is a click of the button, not something said. */
export const MIN_RECORDING_MS = 300;
/** Speech needs at least this much audio above the silence threshold. */
export const MIN_VOICED_MS = 120;
/** 10 MB: five minutes of 16 kHz mono WAV, well inside what the web host's socket carries. */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

export interface TranscribeInput {
  audio: Uint8Array;
  purpose: VoiceUse;
  /** Overrides the settings' input language for this call. */
  language?: string | undefined;
  /** `--transcriber-base-url/--transcriber-model` for this call. */
  overrides?: ModelOverrides | undefined;
  signal?: AbortSignal | undefined;
}

export interface Transcript {
  transcriptId: string;
  record: TranscriptRecord;
}

export interface SpeechAudio {
  audio: Buffer;
  mime: string;
  voice: string;
  language: SpeechLanguage;
}

export interface VoiceServiceOptions {
  settings: VoiceSettingsSource;
  artifacts: ArtifactStore;
  now?: () => number;
}

/**
 * Speech to text and text to speech for the UI and the CLI. A recording is checked (format,
 * length, silence) before it goes anywhere, kept as an artifact, and its transcript stored
 * beside it as a JSON record whose hash is the transcript id; a run start or a decision that
 * names that id gets a `voice_input` event with the audio, what was heard and what was sent.
 */
export class VoiceService {
  private readonly o: VoiceServiceOptions;
  private readonly now: () => number;

  constructor(options: VoiceServiceOptions) {
    this.o = options;
    this.now = options.now ?? Date.now;
  }

  /**
   * Checks a recording without sending it: its format, its length and that it is not silent.
   * @throws MobaError VOICE_AUDIO_INVALID, VOICE_NO_SPEECH
   */
  inspect(audio: Uint8Array): Omit<AudioRef, 'sha256' | 'bytes' | 'mime'> & { mime: string } {
    if (audio.byteLength === 0)
      throw new MobaError('VOICE_AUDIO_INVALID', 'The recording is empty: no audio reached MobA Studio.');
    if (audio.byteLength > MAX_AUDIO_BYTES)
      throw new MobaError(
        'VOICE_AUDIO_INVALID',
        `The recording is ${(audio.byteLength / 1048576).toFixed(1)} MB; at most ${MAX_AUDIO_BYTES / 1048576} MB can be transcribed at once.`,
      );
    const container = sniffAudio(audio);
    if (!container)
      throw new MobaError(
        'VOICE_AUDIO_INVALID',
        'The recording is not audio MobA Studio recognises (WAV, MP3, Ogg, WebM, FLAC or M4A).',
      );
    if (container !== 'wav')
      return { mime: AUDIO_MIME[container], format: container, durationMs: null, sampleRate: null, channels: null };
    const info = parseWav(audio);
    if (info.durationMs < MIN_RECORDING_MS) {
      throw new MobaError(
        'VOICE_NO_SPEECH',
        `The recording is only ${Math.round(info.durationMs)} ms long; hold the button (or the key) while you speak.`,
      );
    }
    const loud = loudness(audio, info);
    if (loud && loud.voicedMs < MIN_VOICED_MS) {
      const peak = Number.isFinite(loud.peakDb)
        ? `its loudest moment is ${loud.peakDb.toFixed(0)} dBFS`
        : 'it is digital silence';
      throw new MobaError(
        'VOICE_NO_SPEECH',
        `Nothing was heard in the recording (${(info.durationMs / 1000).toFixed(1)} s, ${peak}). Check the microphone and its volume, then try again.`,
      );
    }
    const sampleFormat = info.audioFormat === 3 ? `f${info.bitsPerSample}le` : `s${info.bitsPerSample}le`;
    return {
      mime: 'audio/wav',
      format: `wav/pcm_${sampleFormat}`,
      durationMs: info.durationMs,
      sampleRate: info.sampleRate,
      channels: info.channels,
    };
  }

  /**
   * Speech to text with the transcriber role. Nothing is sent when the recording is silent or
   * unreadable; an empty transcript is an error too, so nothing starts on a blank task.
   * @throws MobaError VOICE_AUDIO_INVALID, VOICE_NO_SPEECH, MODEL_NOT_CONFIGURED, MODEL_HTTP_ERROR,
   *   MODEL_REPLY_INVALID, TIMEOUT, CANCELLED
   */
  async transcribe(input: TranscribeInput): Promise<Transcript> {
    const info = this.inspect(input.audio);
    const resolved = resolveEndpoint(this.o.settings, 'transcriber', input.overrides);
    const stored = this.o.artifacts.put(input.audio, { mime: info.mime });
    const language = (input.language ?? this.o.settings.get().voice.inputLanguage) || undefined;
    const ext =
      info.mime === 'audio/wav' ? 'wav' : (Object.entries(AUDIO_MIME).find(([, m]) => m === info.mime)?.[0] ?? 'bin');
    const heard = await transcribe(resolved, {
      audio: input.audio,
      fileName: `speech.${ext}`,
      mime: info.mime,
      language,
      signal: input.signal,
    });
    if (
      heard.text === '' ||
      /^[\s.…,!?。，！？-]*$/.test(heard.text) ||
      /^\[(blank_audio|silence|no speech)\]$/i.test(heard.text)
    ) {
      throw new MobaError(
        'VOICE_NO_SPEECH',
        `The transcription endpoint heard no words in the recording${info.durationMs !== null ? ` (${(info.durationMs / 1000).toFixed(1)} s)` : ''}. Speak closer to the microphone, or check its input level.`,
      );
    }
    const record: TranscriptRecord = {
      version: 1,
      purpose: input.purpose,
      audio: {
        sha256: stored.sha256,
        mime: stored.mime,
        bytes: stored.bytes,
        format: info.format,
        durationMs: info.durationMs,
        sampleRate: info.sampleRate,
        channels: info.channels,
      },
      text: heard.text,
      language: heard.language,
      engine: 'endpoint',
      baseUrl: resolved.endpoint.baseUrl,
      model: resolved.endpoint.model,
      latencyMs: heard.latencyMs,
      at: this.now(),
    };
    const ref = this.o.artifacts.put(Buffer.from(JSON.stringify(record)), { mime: 'application/json' });
    return { transcriptId: ref.sha256, record };
  }

  /** @throws MobaError NOT_FOUND (unknown id), INVALID_INPUT (not a transcript record). */
  transcript(transcriptId: string): TranscriptRecord {
    let raw: Buffer;
    try {
      raw = this.o.artifacts.read(transcriptId);
    } catch {
      throw new MobaError(
        'NOT_FOUND',
        `No transcript ${transcriptId.slice(0, 12)}… in this data folder; record again.`,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      value = null;
    }
    const parsed = TranscriptRecord.safeParse(value);
    if (!parsed.success)
      throw new MobaError('INVALID_INPUT', `Artifact ${transcriptId.slice(0, 12)}… is not a transcript.`);
    return parsed.data;
  }

  /**
   * The `voice_input` event body for a transcript used as a task, guidance or feedback; `text` is
   * what the person finally sent (the transcript, or their edit of it).
   */
  voiceInput(transcriptId: string, use: VoiceInputBody['use'], text: string): VoiceInputBody {
    const r = this.transcript(transcriptId);
    return {
      transcriptId,
      use,
      audio: r.audio,
      transcript: r.text,
      text,
      edited: text.trim() !== r.text.trim(),
      engine: r.engine,
      baseUrl: r.baseUrl,
      model: r.model,
      language: r.language,
      by: 'person',
    };
  }

  /**
   * Text to speech with the speaker role, in the voice set for the text's language.
   * @throws MobaError MODEL_NOT_CONFIGURED (no speaker: the UI then falls back to the browser),
   *   MODEL_HTTP_ERROR, MODEL_REPLY_INVALID, TIMEOUT, CANCELLED, INVALID_INPUT (empty text)
   */
  async speak(
    text: string,
    options: {
      language?: SpeechLanguage | undefined;
      overrides?: ModelOverrides | undefined;
      signal?: AbortSignal | undefined;
    } = {},
  ): Promise<SpeechAudio> {
    const input = text.trim();
    if (!input) throw new MobaError('INVALID_INPUT', 'Nothing to say: the text is empty.');
    const resolved = resolveEndpoint(this.o.settings, 'speaker', options.overrides);
    const voice = this.o.settings.get().voice;
    const language = options.language ?? languageOf(input);
    const chosen = voice.voices[language].endpoint;
    const out = await synthesize(resolved, {
      text: input,
      voice: chosen,
      format: voice.format,
      speed: voice.rate,
      signal: options.signal,
    });
    return { audio: out.audio, mime: out.mime, voice: chosen, language };
  }
}
