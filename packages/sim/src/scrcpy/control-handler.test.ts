import { describe, expect, it } from 'vitest';
import { FakeDevice } from '../fake-device.ts';
import { ControlHandler } from './control-handler.ts';
import type { ControlContext } from './control-handler.ts';

function setup(extra: Partial<ControlContext> = {}) {
  const device = new FakeDevice({ serial: 'CTRL1', width: 1080, height: 2400 });
  const replies: Uint8Array[] = [];
  const printed: string[] = [];
  let resets = 0;
  const ctx: ControlContext = {
    device,
    videoSize: () => ({ width: 540, height: 1200 }),
    print: (level, text) => printed.push(`${level}: ${text}`),
    reply: (b) => replies.push(b),
    resetVideo: () => resets++,
    log: () => undefined,
    ...extra,
  };
  return { device, handler: new ControlHandler(ctx), replies, printed, ctx, resets: () => resets };
}

const touch = (action: number, x: number, y: number, w = 540, h = 1200, pointerId = -2n) =>
  ({
    type: 'injectTouch',
    action,
    pointerId,
    x,
    y,
    screenWidth: w,
    screenHeight: h,
    pressure: 1,
    actionButton: 0,
    buttons: 0,
  }) as const;

describe('ControlHandler', () => {
  it('maps touches from video to device pixels and ignores events for a stale frame size', async () => {
    const { device, handler } = setup();
    await handler.handle(touch(0, 270, 600));
    await handler.handle(touch(2, 280, 700));
    await handler.handle(touch(1, 280, 700));
    await handler.handle(touch(0, 10, 10, 720, 1600)); // sized for another video: ignored
    const touches = device.events.filter((e) => e.type === 'touch');
    expect(touches).toEqual([
      { type: 'touch', action: 0, x: 540, y: 1200 },
      { type: 'touch', action: 2, x: 560, y: 1400 },
      { type: 'touch', action: 1, x: 560, y: 1400 },
    ]);
  });

  it('follows one finger: a second pointer does not interleave with the first', async () => {
    const { device, handler } = setup();
    await handler.handle(touch(0, 100, 100));
    await handler.handle(touch(0, 200, 200, 540, 1200, 5n));
    await handler.handle(touch(1, 200, 200, 540, 1200, 5n));
    await handler.handle(touch(1, 100, 100));
    expect(device.events.filter((e) => e.type === 'touch').map((e) => (e.type === 'touch' ? e.action : -1))).toEqual([
      0, 1,
    ]);
  });

  it('presses a key once per down event, types text, scrolls, and treats back-or-screen-on as BACK', async () => {
    const { device, handler } = setup();
    await handler.handle({ type: 'injectKeycode', action: 0, keycode: 3, repeat: 0, metaState: 0 });
    await handler.handle({ type: 'injectKeycode', action: 1, keycode: 3, repeat: 0, metaState: 0 });
    await handler.handle({ type: 'injectText', text: 'hi' });
    await handler.handle({
      type: 'injectScroll',
      x: 270,
      y: 600,
      screenWidth: 540,
      screenHeight: 1200,
      hscroll: 0,
      vscroll: -1.5,
      buttons: 0,
    });
    await handler.handle({ type: 'backOrScreenOn', action: 0 });
    await handler.handle({ type: 'backOrScreenOn', action: 1 });
    expect(device.events.filter((e) => e.type !== 'tap')).toEqual([
      { type: 'key', code: 3, longpress: false },
      { type: 'text', value: 'hi' },
      { type: 'scroll', x: 540, y: 1200, hscroll: 0, vscroll: -1.5 },
      { type: 'key', code: 4, longpress: false },
    ]);
  });

  it("sets the phone's clipboard (with paste and ACK); get answers a CLIPBOARD message", async () => {
    const { device, handler, replies } = setup();
    await handler.handle({ type: 'setClipboard', sequence: 5n, paste: true, text: 'copied' });
    expect(await device.getClipboard()).toBe('copied');
    expect(device.events).toContainEqual({ type: 'text', value: 'copied' });
    await handler.handle({ type: 'getClipboard', copyKey: 0 });
    expect(replies.map((r) => Buffer.from(r).toString('hex'))).toEqual([
      '010000000000000005',
      '0000000006' + Buffer.from('copied').toString('hex'),
    ]);
  });

  it('starts apps by package or label, warns about unknown ones on the console, and forwards RESET_VIDEO', async () => {
    const { device, handler, printed, resets } = setup();
    await handler.handle({ type: 'startApp', name: '?clock' });
    await handler.handle({ type: 'startApp', name: '+com.android.settings' });
    expect(
      device.events.filter((e) => e.type === 'start').map((e) => (e.type === 'start' ? e.intent.component : '')),
    ).toEqual(['com.android.deskclock/.DeskClock', 'com.android.settings/.Settings']);
    await handler.handle({ type: 'startApp', name: 'com.example.nothere' });
    await handler.handle({ type: 'startApp', name: '?zzz' });
    expect(printed).toContain('warn: No app found for package "com.example.nothere"');
    expect(printed).toContain('warn: No app found for name "zzz"');
    expect(printed).toContain('info: Starting app "Settings" [com.android.settings] on display 0...');
    expect(device.events.filter((e) => e.type === 'start')).toHaveLength(2);
    await handler.handle({ type: 'resetVideo' });
    expect(resets()).toBe(1);
  });

  it('passes the meta state of key injection on (Shift+G types G)', async () => {
    const { device, handler } = setup();
    await handler.handle({ type: 'injectKeycode', action: 0, keycode: 35, repeat: 0, metaState: 0x41 });
    await handler.handle({ type: 'injectKeycode', action: 1, keycode: 35, repeat: 0, metaState: 0x41 });
    expect(device.events).toEqual([{ type: 'key', code: 35, longpress: false, metaState: 0x41 }]);
  });

  it('maps touches through the crop rectangle', async () => {
    const { device, handler } = setup({ crop: { width: 540, height: 1200, x: 100, y: 300 } });
    await handler.handle(touch(0, 270, 600));
    await handler.handle(touch(1, 270, 600));
    expect(device.events.filter((e) => e.type === 'touch')).toEqual([
      { type: 'touch', action: 0, x: 370, y: 900 },
      { type: 'touch', action: 1, x: 370, y: 900 },
    ]);
  });
});
