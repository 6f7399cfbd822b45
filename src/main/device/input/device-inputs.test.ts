import { describe, expect, it } from 'vitest';
import { delay } from '@moba/base';
import type { DeviceInput, InputVia, Point } from './device-input.ts';
import { DeviceInputs } from './device-inputs.ts';

/** A port that writes what it was asked to do into `log`; a swipe takes its duration. */
function recording(via: InputVia, log: string[]): DeviceInput {
  const note = async (what: string) => void log.push(`${via} ${what}`);
  return {
    via,
    tap: (at: Point) => note(`tap ${at.join(',')}`),
    doubleTap: (at: Point) => note(`double ${at.join(',')}`),
    swipe: async (from: Point, to: Point, ms: number) => {
      log.push(`${via} down ${from.join(',')}`);
      await delay(ms);
      log.push(`${via} up ${to.join(',')}`);
    },
    scroll: () => note('scroll'),
    keys: (codes) => note(`keys ${codes.join(' ')}`),
    back: () => note('back'),
    text: (text) => note(`text ${text}`),
  };
}

describe('DeviceInputs', () => {
  it('takes the registered control while it offers one, adb otherwise, per device', async () => {
    const log: string[] = [];
    const inputs = new DeviceInputs(() => recording('adb', log));
    let live = true;
    const scrcpy = recording('scrcpy', log);
    const registration = inputs.useControl('A', () => (live ? scrcpy : undefined));
    const a = inputs.port('A');
    expect(a.via).toBe('scrcpy');
    await a.tap([1, 2]);
    await inputs.port('B').tap([3, 4]);
    live = false; // the session fell back to screenshots
    expect(a.via).toBe('adb');
    await a.keys([4]);
    live = true;
    registration.dispose();
    await a.text('x');
    expect(log).toEqual(['scrcpy tap 1,2', 'adb tap 3,4', 'adb keys 4', 'adb text x']);
  });

  it('queues one device’s input: a tap sent during a swipe comes after its finger is lifted', async () => {
    const log: string[] = [];
    const inputs = new DeviceInputs(() => recording('adb', log));
    const port = inputs.port('A');
    const swipe = port.swipe([0, 0], [0, 500], 150);
    const tap = inputs.perform('A', (i) => i.tap([9, 9]));
    const other = inputs.port('B').tap([5, 5]);
    await Promise.all([swipe, tap, other]);
    expect(log.indexOf('adb tap 9,9')).toBeGreaterThan(log.indexOf('adb up 0,500'));
    // Another device does not wait.
    expect(log.indexOf('adb tap 5,5')).toBeLessThan(log.indexOf('adb up 0,500'));
    expect((await tap).via).toBe('adb');
  });

  it('a failed input does not block the next; a cancelled one never runs', async () => {
    const log: string[] = [];
    const inputs = new DeviceInputs(() => recording('adb', log));
    const failing = inputs.perform('A', async () => {
      throw new Error('device gone');
    });
    const controller = new AbortController();
    const blocker = inputs.port('A').swipe([0, 0], [1, 1], 100);
    const cancelledTap = inputs.port('A').tap([7, 7], { signal: controller.signal });
    controller.abort();
    await expect(failing).rejects.toThrow('device gone');
    await expect(cancelledTap).rejects.toMatchObject({ code: 'CANCELLED' });
    await blocker;
    await inputs.port('A').tap([8, 8]);
    expect(log).toEqual(['adb down 0,0', 'adb up 1,1', 'adb tap 8,8']);
  });
});
