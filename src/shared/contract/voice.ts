/**
 * Voice: a recording to text (the transcriber role) and text to audio (the speaker role).
 * Audio crosses the contract as base64 in JSON — recordings are small (16 kHz mono WAV, about
 * 32 kB a second) and this keeps one transport for Electron and the web host alike.
 */
import { z } from 'zod';
import { defineMethod } from './define.ts';
import { AudioRef, SpeechLanguage, VoiceUse } from '../schemas/voice.ts';

/** 10 MB of audio as base64. */
const Base64Audio = z
  .string()
  .min(1)
  .max(14_000_000)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');

export const TranscriptView = z.object({
  /** Pass it with the text to `startRun` or `decideRun` (`voice.transcriptId`) for provenance. */
  transcriptId: z.string(),
  text: z.string(),
  language: z.string().nullable(),
  audio: AudioRef,
  baseUrl: z.string(),
  model: z.string(),
  latencyMs: z.number(),
});
export type TranscriptView = z.infer<typeof TranscriptView>;

export const SpeechView = z.object({
  audio: Base64Audio,
  mime: z.string(),
  voice: z.string(),
  language: SpeechLanguage,
});
export type SpeechView = z.infer<typeof SpeechView>;

export const voiceMethods = {
  transcribeSpeech: defineMethod({
    summary:
      'Turn a recording (WAV, base64) into text with the transcriber role; the audio and the transcript are kept as artifacts.',
    input: z
      .object({
        audio: Base64Audio,
        purpose: VoiceUse,
        language: z
          .string()
          .regex(/^[a-z]{2,3}$/)
          .optional(),
      })
      .strict(),
    output: TranscriptView,
  }),
  synthesizeSpeech: defineMethod({
    summary: 'Speak a text with the speaker role, in the voice set for its language; returns the audio (base64).',
    input: z.object({ text: z.string().trim().min(1).max(4_096), language: SpeechLanguage.optional() }).strict(),
    output: SpeechView,
  }),
};
