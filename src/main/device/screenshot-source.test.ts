import { describe, expect, it } from 'vitest';
import { RETRY_EVERY, STREAM_WORTH_MS, ScreenshotSources } from './screenshot-source.ts';

describe('the screenshot source while a mirror runs', () => {
  it('measures both, then takes the faster on each device', () => {
    const s = new ScreenshotSources();
    expect(s.choose('a')).toBe('stream');
    s.record('a', 'stream', 900);
    expect(s.choose('a')).toBe('screencap');
    s.record('a', 'screencap', 300);
    for (let i = 0; i < 10; i++) expect(s.choose('a')).toBe('screencap');
    // Another device, where the stream wins (a real phone's screencap is slow).
    s.record('b', 'screencap', 600);
    expect(s.choose('b')).toBe('stream');
    s.record('b', 'stream', 150);
    expect(s.choose('b')).toBe('stream');
  });

  it('never tries the stream on a phone whose screencap is quick (the simulated phone)', () => {
    const s = new ScreenshotSources();
    s.record('sim', 'screencap', STREAM_WORTH_MS - 1);
    for (let i = 0; i < RETRY_EVERY * 20; i++) expect(s.choose('sim')).toBe('screencap');
  });

  it('tries the slower source again now and then — the slower, the rarer — and follows when it became faster', () => {
    const s = new ScreenshotSources();
    s.record('a', 'stream', 400);
    s.record('a', 'screencap', 300);
    const picks = Array.from({ length: RETRY_EVERY * 3 }, () => s.choose('a'));
    expect(picks.filter((p) => p === 'stream')).toHaveLength(2); // 1.5× slower: every 45
    s.record('a', 'stream', 3000); // now about 4× slower: tried every ~120
    const rarer = Array.from({ length: RETRY_EVERY * 10 }, () => s.choose('a'));
    expect(rarer.filter((p) => p === 'stream').length).toBeLessThanOrEqual(3);
    for (let i = 0; i < 12; i++) s.record('a', 'stream', 20);
    expect(s.choose('a')).toBe('stream');
    expect(s.estimate('a').stream).toBeLessThan(300);
  });
});
