import type { Handlers } from '../contract/router.ts';
import type { VoiceService } from '../voice/voice-service.ts';

export function voiceHandlers(voice: VoiceService): Pick<Handlers, 'transcribeSpeech' | 'synthesizeSpeech'> {
  return {
    transcribeSpeech: async ({ audio, purpose, language }, { signal }) => {
      const { transcriptId, record } = await voice.transcribe({
        audio: Buffer.from(audio, 'base64'),
        purpose,
        language,
        signal,
      });
      return {
        transcriptId,
        text: record.text,
        language: record.language,
        audio: record.audio,
        baseUrl: record.baseUrl,
        model: record.model,
        latencyMs: record.latencyMs,
      };
    },
    synthesizeSpeech: async ({ text, language }, { signal }) => {
      const out = await voice.speak(text, { language, signal });
      return { audio: out.audio.toString('base64'), mime: out.mime, voice: out.voice, language: out.language };
    },
  };
}
