import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import { timeline } from '../../state/run-selectors.ts';

const audio = {
  sha256: 'a'.repeat(64),
  mime: 'audio/wav',
  bytes: 64_044,
  format: 'wav/pcm_s16le',
  durationMs: 2_000,
  sampleRate: 16_000,
  channels: 1,
};

describe('spoken input in the timeline', () => {
  it('shows what the person said, what was sent when they edited it, and how long they spoke', () => {
    const events = [
      {
        seq: 1,
        at: 0,
        type: 'voice_input',
        transcriptId: 'b'.repeat(64),
        use: 'guidance',
        audio,
        transcript: 'the forecast is in weather',
        text: 'The forecast is in the Weather app',
        edited: true,
        engine: 'endpoint',
        baseUrl: 'http://x/v1',
        model: 'whisper-1',
        language: 'en',
        by: 'person',
      },
    ] as RunEvent[];
    expect(timeline(events)).toEqual([
      expect.objectContaining({
        title: 'Person spoke (guidance)',
        text: '“the forecast is in weather” → sent as “The forecast is in the Weather app” · 2.0 s, whisper-1',
        tone: 'person',
      }),
    ]);
  });
});
