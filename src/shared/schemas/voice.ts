/**
 * Voice: what a person says (speech to text through the `transcriber` role) and what the agent
 * says back (text to speech through the `speaker` role, else the browser's speechSynthesis).
 * The endpoints themselves are model roles (`settings.models.transcriber/speaker`); this file
 * holds the rest of the voice settings, the transcript record kept with the audio, and the
 * `voice_input` run event that gives a spoken task or answer its provenance.
 */
import { z } from 'zod';
import { ArtifactRef } from './common.ts';

/** Languages with their own voice (per-language voices: English and Chinese tasks). */
export const SPEECH_LANGUAGES = ['en', 'zh'] as const;
export const SpeechLanguage = z.enum(SPEECH_LANGUAGES);
export type SpeechLanguage = z.infer<typeof SpeechLanguage>;

/** One language's voice: the speech endpoint's voice name and the browser voice for the fallback. */
export const VoiceChoice = z.object({
  /** e.g. `alloy` (OpenAI), `af_heart` (Kokoro in speaches); sent as the request's `voice`. */
  endpoint: z.string().trim().min(1).max(100),
  /** A speechSynthesis voice name; empty = the browser's default voice for the language. */
  browser: z.string().max(200),
});
export type VoiceChoice = z.infer<typeof VoiceChoice>;

export const SPEECH_FORMATS = ['mp3', 'wav', 'opus', 'flac', 'aac'] as const;

export const VoiceSettings = z.object({
  /** What the transcriber is told to expect (ISO 639-1, e.g. `en`, `zh`); empty = it detects the language. */
  inputLanguage: z.string().regex(/^([a-z]{2,3})?$/, 'an ISO 639-1 code such as en or zh, or empty'),
  /** Use a transcript as soon as it arrives instead of showing it for review first. */
  sendAtOnce: z.boolean(),
  /** Speak the agent's answers (`Finish` messages), its questions to the person and the run's end. */
  speak: z.boolean(),
  /** When the speech endpoint is missing or fails, speak with the browser's speechSynthesis. */
  browserFallback: z.boolean(),
  /** Speaking rate, 1 = normal (the endpoint's `speed`, the browser's `rate`). */
  rate: z.number().min(0.25).max(4),
  /** The audio format asked of the speech endpoint. */
  format: z.enum(SPEECH_FORMATS),
  voices: z.object({ en: VoiceChoice, zh: VoiceChoice }),
});
export type VoiceSettings = z.infer<typeof VoiceSettings>;

export function defaultVoiceSettings(): VoiceSettings {
  return {
    inputLanguage: '',
    sendAtOnce: false,
    speak: false,
    browserFallback: true,
    rate: 1,
    format: 'mp3',
    voices: { en: { endpoint: 'alloy', browser: '' }, zh: { endpoint: 'alloy', browser: '' } },
  };
}

/** What a transcript is for: a run's task, guidance at an escalation, a rejection's reason, a memory's text. */
export const VoiceUse = z.enum(['task', 'guidance', 'feedback', 'memory']);
export type VoiceUse = z.infer<typeof VoiceUse>;

/** The recorded audio as stored beside the database, with what its header says. */
export const AudioRef = ArtifactRef.extend({
  /** Null when the format is not one MobA Studio reads (only WAV is measured). */
  durationMs: z.number().min(0).nullable(),
  /** e.g. `wav/pcm_s16le`, `webm`, `mp3`: the container and, where known, the sample format. */
  format: z.string(),
  sampleRate: z.number().int().positive().nullable(),
  channels: z.number().int().positive().nullable(),
});
export type AudioRef = z.infer<typeof AudioRef>;

/**
 * One transcription, stored as a JSON artifact beside its audio; its SHA-256 is the
 * `transcriptId` a run start or a decision refers to, so provenance survives a restart.
 */
export const TranscriptRecord = z.object({
  version: z.literal(1),
  purpose: VoiceUse,
  audio: AudioRef,
  /** What the engine heard, unedited. */
  text: z.string(),
  /** The language asked for, or the one the endpoint reported; null when neither is known. */
  language: z.string().nullable(),
  /** `endpoint` = the transcriber role over HTTP (an in-process engine would be another value). */
  engine: z.literal('endpoint'),
  baseUrl: z.string(),
  model: z.string(),
  latencyMs: z.number().min(0),
  at: z.number(),
});
export type TranscriptRecord = z.infer<typeof TranscriptRecord>;

export const TranscriptId = z.string().regex(/^[0-9a-f]{64}$/, 'a transcript id (64 hex digits)');

/** How a run start or a decision refers to a transcript: its id and the text the person sent (maybe edited). */
export const VoiceRef = z.object({ transcriptId: TranscriptId }).strict();
export type VoiceRef = z.infer<typeof VoiceRef>;

/**
 * The `voice_input` run event: a person's words that reached the run by voice. It comes just
 * before what it provenances — right after `run_started` for a spoken task, right before the
 * `human_decision` for spoken guidance or a spoken rejection.
 */
export const VoiceInputBody = z.object({
  transcriptId: TranscriptId,
  use: z.enum(['task', 'guidance', 'feedback']),
  audio: AudioRef,
  /** What the engine heard. */
  transcript: z.string(),
  /** What the person sent (the transcript, or their edit of it). */
  text: z.string(),
  edited: z.boolean(),
  engine: z.literal('endpoint'),
  baseUrl: z.string(),
  model: z.string(),
  language: z.string().nullable(),
  by: z.literal('person'),
});
export type VoiceInputBody = z.infer<typeof VoiceInputBody>;
