import { describe, expect, it } from 'vitest';
import { DeviceClock, formatClockPolicy, parseClockPolicy } from './device-clock.ts';

describe('the device clock and its policy', () => {
  it('parses and prints policies', () => {
    expect(parseClockPolicy('frozen')).toEqual({ kind: 'frozen' });
    expect(parseClockPolicy('stepped:5s')).toEqual({ kind: 'stepped', stepMs: 5000 });
    expect(parseClockPolicy('stepped:250ms')).toEqual({ kind: 'stepped', stepMs: 250 });
    expect(formatClockPolicy(parseClockPolicy('stepped:1.5s'))).toBe('stepped:1500ms');
    expect(() => parseClockPolicy('stepped')).toThrow(/Unknown clock policy "stepped": use real, frozen or stepped/);
    expect(() => parseClockPolicy('stepped:0s')).toThrow(/Unknown clock policy/);
  });

  it('runs, stands still, or steps with inputs', () => {
    let host = 1_000;
    const clock = new DeviceClock(50_000, { kind: 'real' }, () => host);
    host += 500;
    expect(clock.now()).toBe(50_500);
    expect(clock.step()).toBe(false);
    clock.setPolicy({ kind: 'frozen' });
    host += 10_000;
    expect(clock.now()).toBe(50_500);
    clock.setPolicy({ kind: 'stepped', stepMs: 5_000 });
    host += 10_000;
    expect(clock.step()).toBe(true);
    expect(clock.step()).toBe(true);
    expect(clock.now()).toBe(60_500);
    clock.set(1_000_000);
    expect(clock.now()).toBe(1_000_000);
    const saved = clock.state();
    clock.setPolicy({ kind: 'real' });
    host += 7;
    clock.restore(saved);
    host += 100;
    expect(clock.now()).toBe(1_000_000);
    expect(clock.policy).toEqual({ kind: 'stepped', stepMs: 5_000 });
  });
});
