import { describe, expect, it } from 'vitest';
import { encodeWav, loudness, parseWav, sniffAudio } from './audio-format.ts';

const RATE = 16_000;
const tone = (ms: number, amp = 0.3) =>
  Float32Array.from({ length: (RATE * ms) / 1000 }, (_, i) => amp * Math.sin((2 * Math.PI * 300 * i) / RATE));

describe('audio format', () => {
  it('reads back the header of a WAV it wrote: rate, channels, bits and duration', () => {
    const info = parseWav(encodeWav(tone(1_500), RATE));
    expect(info).toMatchObject({
      audioFormat: 1,
      channels: 1,
      sampleRate: RATE,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: RATE * 3,
    });
    expect(info.durationMs).toBeCloseTo(1_500, 5);
  });

  it('tells speech-level sound from silence and from faint noise', () => {
    expect(loudness(encodeWav(tone(1_000), RATE))!.voicedMs).toBeGreaterThan(900);
    const silent = loudness(encodeWav(new Float32Array(RATE), RATE))!;
    expect(silent.voicedMs).toBe(0);
    expect(silent.peakDb).toBe(-Infinity);
    // Room noise around −60 dBFS is not speech.
    const faint = loudness(encodeWav(tone(1_000, 0.001), RATE))!;
    expect(faint.voicedMs).toBe(0);
    expect(faint.peakDb).toBeCloseTo(-60, 0);
  });

  it('sniffs containers from their first bytes and refuses what is not audio', () => {
    expect(sniffAudio(encodeWav(tone(10), RATE))).toBe('wav');
    expect(sniffAudio(new TextEncoder().encode('ID3\u0004rest'))).toBe('mp3');
    expect(sniffAudio(Uint8Array.from([0xff, 0xfb, 0x90, 0x00]))).toBe('mp3');
    expect(sniffAudio(new TextEncoder().encode('OggS....'))).toBe('ogg');
    expect(sniffAudio(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 1]))).toBe('webm');
    expect(sniffAudio(new TextEncoder().encode('<html>oops</html>'))).toBeNull();
    expect(sniffAudio(new TextEncoder().encode('{"text":"hi"}'))).toBeNull();
  });

  it('names what is wrong with a broken WAV', () => {
    const wav = encodeWav(tone(100), RATE);
    expect(() => parseWav(wav.subarray(0, 30))).toThrow(/fmt chunk is cut short|no data chunk/);
    expect(() => parseWav(new TextEncoder().encode('RIFF\0\0\0\0WAVE'))).toThrow(/no fmt chunk/);
    expect(() => parseWav(new TextEncoder().encode('not audio at all'))).toThrow(
      expect.objectContaining({ code: 'VOICE_AUDIO_INVALID' }),
    );
  });

  it('reads a streamed WAV whose data size was left at 0 to its end', () => {
    const wav = encodeWav(tone(500), RATE);
    new DataView(wav.buffer).setUint32(40, 0, true);
    expect(parseWav(wav).durationMs).toBeCloseTo(500, 5);
  });
});
