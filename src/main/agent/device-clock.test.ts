import { describe, expect, it } from 'vitest';
import { deviceTimeNow, formatDeviceTime, parseDateOutput } from './device-clock.ts';

describe('device clock', () => {
  it("reads `date +%s,%z` and formats the device's local time with its weekday and offset", () => {
    // 2025-06-02 01:00 UTC = 09:00 in Shanghai (the simulated phone's start).
    const c = parseDateOutput('1748826000,+0800\n', 5_000)!;
    expect(c).toEqual({ epochMs: 1_748_826_000_000, utcOffsetMinutes: 480, readAt: 5_000 });
    expect(deviceTimeNow(c, 5_000)).toBe('2025-06-02 (Monday) 09:00, UTC+08:00');
    expect(deviceTimeNow(c, 5_000 + 16 * 3_600_000)).toBe('2025-06-03 (Tuesday) 01:00, UTC+08:00');
    expect(formatDeviceTime(1_748_826_000_000, -330)).toBe('2025-06-01 (Sunday) 19:30, UTC-05:30');
    expect(parseDateOutput('date: unknown option', 0)).toBeNull();
  });
});
