import { describe, expect, it } from 'vitest';
import type { AndroidDevice } from '../device/android-device.ts';
import { PhoneControl } from './phone-control.ts';

/** A device whose shell prints `stdout` for `sim-state` (what the phone would send over adb). */
function printing(stdout: string): PhoneControl {
  const device = {
    run: async () => ({ stdout: Buffer.from(stdout), stderr: Buffer.alloc(0), exitCode: 0 }),
  } as unknown as AndroidDevice;
  return new PhoneControl('sim-1', () => device);
}

const DEVICE = {
  time: '2025-06-02T01:00:00.000Z',
  timezone: 'Asia/Shanghai',
  locale: 'en-US',
  darkMode: false,
  airplaneMode: false,
  wifi: true,
  bluetooth: false,
  inputMethod: 'com.android.inputmethod.latin/.LatinIME',
  installed: ['com.android.deskclock'],
  keyboardShown: false,
};

describe('PhoneControl.state: sim-state read with the phone’s schema', () => {
  it('returns what a simulated phone prints, unknown device facts kept', async () => {
    const state = { device: { ...DEVICE, battery: 80 }, packages: { 'com.android.deskclock': { alarms: [] } } };
    expect(await printing(JSON.stringify(state)).state()).toEqual(state);
  });

  it('names a phone that is not simulated', async () => {
    await expect(printing('/system/bin/sh: sim-state: not found\n').state()).rejects.toThrow(
      /sim-1 is not a simulated phone \(sim-state printed "\/system\/bin\/sh: sim-state: not found/,
    );
  });

  it('names the fields of a state it cannot read, instead of scoring against it', async () => {
    const { time: _time, ...noClock } = DEVICE;
    await expect(printing(JSON.stringify({ device: noClock, packages: [] })).state()).rejects.toMatchObject({
      code: 'DEVICE_COMMAND_FAILED',
      message: expect.stringMatching(
        /sim-state on sim-1 printed a state this version cannot read: device\.time: .*; packages: /,
      ),
    });
  });
});
