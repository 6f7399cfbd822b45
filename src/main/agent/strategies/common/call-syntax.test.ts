import { describe, expect, it } from 'vitest';
import { callKey, parseCall } from './call-syntax.ts';

describe('parseCall', () => {
  it('reads names, numbers, quoted strings and bare words', () => {
    expect(parseCall('tap(3)')).toEqual({ ok: true, call: { name: 'tap', args: [3] } });
    expect(parseCall('Tap(540, 1875)')).toEqual({ ok: true, call: { name: 'Tap', args: [540, 1875] } });
    expect(parseCall('text("Hello, \\"you\\"")')).toEqual({ ok: true, call: { name: 'text', args: ['Hello, "you"'] } });
    expect(parseCall("swipe(4, 'up', medium)")).toEqual({
      ok: true,
      call: { name: 'swipe', args: [4, 'up', 'medium'] },
    });
    expect(parseCall('FINISH')).toEqual({ ok: true, call: { name: 'FINISH', args: [] } });
    expect(parseCall('`Home()`.')).toEqual({ ok: true, call: { name: 'Home', args: [] } });
    expect(parseCall('Tap(x=10, y=20)')).toEqual({ ok: true, call: { name: 'Tap', args: [10, 20] } });
    expect(parseCall('Tap((10, 20))')).toMatchObject({ ok: true, call: { args: [10, 20] } });
    expect(parseCall('Open app("Clock")')).toEqual({ ok: true, call: { name: 'Open app', args: ['Clock'] } });
  });

  it('says what is wrong', () => {
    expect(parseCall('tap(3')).toMatchObject({ ok: false });
    expect(parseCall('text("open)')).toMatchObject({ ok: false, error: expect.stringMatching(/unterminated/) });
    expect(parseCall('tap(1,,2)')).toMatchObject({ ok: false, error: expect.stringMatching(/empty argument/) });
    expect(parseCall('{}')).toMatchObject({ ok: false });
  });

  it('canonical keys', () => {
    expect(callKey('Open app')).toBe('open_app');
    expect(callKey('long-press')).toBe('long_press');
  });
});
