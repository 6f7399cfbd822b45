import {
  AndroidKeyCode,
  AndroidKeyEventAction,
  AndroidMotionEventAction,
  ScrcpyControlMessageSerializer,
  ScrcpyOptions3_3_3,
} from '@yume-chan/scrcpy';
import { describe, expect, it } from 'vitest';
import {
  ControlMessageReader,
  ControlProtocolError,
  encodeAckClipboardMessage,
  encodeClipboardMessage,
} from './control-parser.ts';

/** The bytes a real client (@yume-chan/scrcpy speaking to server 3.3.3) writes. */
const serializer = new ScrcpyControlMessageSerializer(new ScrcpyOptions3_3_3({ tunnelForward: true, audio: false }));

function one(bytes: Uint8Array | undefined) {
  if (!bytes) throw new Error('the serializer produced nothing');
  const messages = new ControlMessageReader().push(bytes);
  expect(messages).toHaveLength(1);
  return messages[0];
}

describe('ControlMessageReader against ScrcpyControlMessageSerializer', () => {
  it('reads touch events with position, frame size, pressure and buttons', () => {
    const bytes = serializer.injectTouch({
      action: AndroidMotionEventAction.Down,
      pointerId: -2n,
      pointerX: 360,
      pointerY: 1200,
      videoWidth: 720,
      videoHeight: 1600,
      pressure: 1,
      actionButton: 0,
      buttons: 0,
    });
    expect(bytes).toHaveLength(32);
    expect(one(bytes)).toEqual({
      type: 'injectTouch',
      action: 0,
      pointerId: -2n,
      x: 360,
      y: 1200,
      screenWidth: 720,
      screenHeight: 1600,
      pressure: 1,
      actionButton: 0,
      buttons: 0,
    });
    const up = one(
      serializer.injectTouch({
        action: AndroidMotionEventAction.Up,
        pointerId: -2n,
        pointerX: 5,
        pointerY: 6,
        videoWidth: 720,
        videoHeight: 1600,
        pressure: 0.5,
        actionButton: 1,
        buttons: 1,
      }),
    );
    expect(up).toMatchObject({ action: 1, pressure: 0.5, actionButton: 1, buttons: 1 });
  });

  it('reads key codes, text (UTF-8) and back-or-screen-on', () => {
    expect(
      one(
        serializer.injectKeyCode({
          action: AndroidKeyEventAction.Down,
          keyCode: AndroidKeyCode.AndroidHome,
          repeat: 2,
          metaState: 0x1000,
        }),
      ),
    ).toEqual({
      type: 'injectKeycode',
      action: 0,
      keycode: 3,
      repeat: 2,
      metaState: 0x1000,
    });
    expect(one(serializer.injectText('hello 工作 ✓'))).toEqual({ type: 'injectText', text: 'hello 工作 ✓' });
    expect(one(serializer.backOrScreenOn(AndroidKeyEventAction.Up))).toEqual({ type: 'backOrScreenOn', action: 1 });
  });

  it('reads scroll in notches with the 3.3.1 scale', () => {
    const m = one(
      serializer.injectScroll({
        pointerX: 10,
        pointerY: 20,
        videoWidth: 720,
        videoHeight: 1600,
        scrollX: 0,
        scrollY: -2,
        buttons: 0,
      }),
    );
    expect(m).toMatchObject({ type: 'injectScroll', x: 10, y: 20, screenWidth: 720, screenHeight: 1600, hscroll: 0 });
    expect(m && m.type === 'injectScroll' ? m.vscroll : NaN).toBeCloseTo(-2, 2);
  });

  it('reads clipboard, display power, rotation, start-app and reset-video', () => {
    const set = serializer.setClipboard({ sequence: 7n, paste: true, content: 'copied' });
    expect(one(Array.isArray(set) ? set[0] : set)).toEqual({
      type: 'setClipboard',
      sequence: 7n,
      paste: true,
      text: 'copied',
    });
    expect(one(serializer.rotateDevice())).toEqual({ type: 'rotateDevice' });
    expect(one(serializer.startApp('com.android.deskclock', { forceStop: true }))).toEqual({
      type: 'startApp',
      name: '+com.android.deskclock',
    });
    expect(one(serializer.resetVideo())).toEqual({ type: 'resetVideo' });
    expect(one(serializer.expandNotificationPanel())).toEqual({ type: 'expandNotificationPanel' });
    expect(one(serializer.uHidDestroy(3))).toEqual({ type: 'uhidDestroy', id: 3 });
  });

  it('splits a byte stream into messages wherever the chunks end', () => {
    const parts = [
      serializer.injectTouch({
        action: AndroidMotionEventAction.Down,
        pointerId: -2n,
        pointerX: 1,
        pointerY: 2,
        videoWidth: 720,
        videoHeight: 1600,
        pressure: 1,
        actionButton: 0,
        buttons: 0,
      }),
      serializer.injectText('abc'),
      serializer.injectKeyCode({
        action: AndroidKeyEventAction.Down,
        keyCode: AndroidKeyCode.AndroidBack,
        repeat: 0,
        metaState: 0,
      }),
      serializer.resetVideo(),
    ];
    const stream = Buffer.concat(parts);
    for (const step of [1, 3, 5, 31, stream.length]) {
      const reader = new ControlMessageReader();
      const got = [];
      for (let at = 0; at < stream.length; at += step) got.push(...reader.push(stream.subarray(at, at + step)));
      expect(got.map((m) => m.type)).toEqual(['injectTouch', 'injectText', 'injectKeycode', 'resetVideo']);
    }
  });

  it('treats an unknown type or an oversized text as a protocol error', () => {
    expect(() => new ControlMessageReader().push(Uint8Array.of(99))).toThrow(ControlProtocolError);
    const huge = Buffer.alloc(5);
    huge.writeUInt8(1, 0);
    huge.writeUInt32BE(1 << 20, 1);
    expect(() => new ControlMessageReader().push(huge)).toThrow(/exceeds the limit/);
  });
});

describe('device messages', () => {
  it('encodes CLIPBOARD and ACK_CLIPBOARD as the client parses them', () => {
    expect(Buffer.from(encodeClipboardMessage('hi'))).toEqual(Buffer.from([0, 0, 0, 0, 2, 0x68, 0x69]));
    expect(Buffer.from(encodeAckClipboardMessage(258n))).toEqual(Buffer.from([1, 0, 0, 0, 0, 0, 0, 1, 2]));
  });
});
