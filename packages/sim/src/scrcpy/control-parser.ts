/**
 * scrcpy 3.3.x control messages (client → device), big-endian, read from a byte stream that
 * may split or join messages arbitrarily. Layouts follow the 3.3.3 server's reader; an
 * unknown type is a protocol error there (the control connection ends), and here too.
 */

export const CONTROL_TYPES = {
  injectKeycode: 0,
  injectText: 1,
  injectTouch: 2,
  injectScroll: 3,
  backOrScreenOn: 4,
  expandNotificationPanel: 5,
  expandSettingsPanel: 6,
  collapsePanels: 7,
  getClipboard: 8,
  setClipboard: 9,
  setDisplayPower: 10,
  rotateDevice: 11,
  uhidCreate: 12,
  uhidInput: 13,
  uhidDestroy: 14,
  openHardKeyboardSettings: 15,
  startApp: 16,
  resetVideo: 17,
} as const;

export type ControlMessage =
  | { type: 'injectKeycode'; action: number; keycode: number; repeat: number; metaState: number }
  | { type: 'injectText'; text: string }
  | {
      type: 'injectTouch';
      action: number;
      pointerId: bigint;
      x: number;
      y: number;
      screenWidth: number;
      screenHeight: number;
      /** 0..1 */
      pressure: number;
      actionButton: number;
      buttons: number;
    }
  /** hscroll/vscroll in notches, -16..16 (3.3.1+ scale). */
  | {
      type: 'injectScroll';
      x: number;
      y: number;
      screenWidth: number;
      screenHeight: number;
      hscroll: number;
      vscroll: number;
      buttons: number;
    }
  | { type: 'backOrScreenOn'; action: number }
  | { type: 'expandNotificationPanel' }
  | { type: 'expandSettingsPanel' }
  | { type: 'collapsePanels' }
  | { type: 'getClipboard'; copyKey: number }
  | { type: 'setClipboard'; sequence: bigint; paste: boolean; text: string }
  | { type: 'setDisplayPower'; on: boolean }
  | { type: 'rotateDevice' }
  | { type: 'uhidCreate'; id: number; vendorId: number; productId: number; name: string; reportDescriptor: Uint8Array }
  | { type: 'uhidInput'; id: number; data: Uint8Array }
  | { type: 'uhidDestroy'; id: number }
  | { type: 'openHardKeyboardSettings' }
  | { type: 'startApp'; name: string }
  | { type: 'resetVideo' };

/** The server's limit for one message (256 KiB); larger ones are a protocol error. */
export const CONTROL_MESSAGE_MAX_SIZE = 1 << 18;

export class ControlProtocolError extends Error {
  override name = 'ControlProtocolError';
}

/** Not enough bytes yet: the caller waits for more. */
const NEED_MORE = Symbol('need-more');

class Cursor {
  readonly bytes: Buffer;
  at: number;

  constructor(bytes: Buffer, at: number) {
    this.bytes = bytes;
    this.at = at;
  }

  need(n: number): void {
    if (this.at + n > this.bytes.length) throw NEED_MORE;
  }

  u8(): number {
    this.need(1);
    return this.bytes.readUInt8(this.at++);
  }

  u16(): number {
    this.need(2);
    const v = this.bytes.readUInt16BE(this.at);
    this.at += 2;
    return v;
  }

  i16(): number {
    this.need(2);
    const v = this.bytes.readInt16BE(this.at);
    this.at += 2;
    return v;
  }

  i32(): number {
    this.need(4);
    const v = this.bytes.readInt32BE(this.at);
    this.at += 4;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.bytes.readUInt32BE(this.at);
    this.at += 4;
    return v;
  }

  i64(): bigint {
    this.need(8);
    const v = this.bytes.readBigInt64BE(this.at);
    this.at += 8;
    return v;
  }

  take(n: number): Uint8Array {
    if (n > CONTROL_MESSAGE_MAX_SIZE)
      throw new ControlProtocolError(`A control message field of ${n} bytes exceeds the limit`);
    this.need(n);
    const v = Uint8Array.prototype.slice.call(this.bytes, this.at, this.at + n);
    this.at += n;
    return v;
  }

  string(lengthBytes: 1 | 2 | 4): string {
    const n = lengthBytes === 1 ? this.u8() : lengthBytes === 2 ? this.u16() : this.u32();
    return Buffer.from(this.take(n)).toString('utf8');
  }
}

/** Fixed point in [-1, 1] as the server decodes it (0x7fff means exactly 1). */
function signedFixed(v: number): number {
  return v === 0x7fff ? 1 : v / 0x8000;
}

function unsignedFixed(v: number): number {
  return v === 0xffff ? 1 : v / 0x10000;
}

function readOne(c: Cursor): ControlMessage {
  const type = c.u8();
  switch (type) {
    case CONTROL_TYPES.injectKeycode:
      return { type: 'injectKeycode', action: c.u8(), keycode: c.i32(), repeat: c.i32(), metaState: c.i32() };
    case CONTROL_TYPES.injectText:
      return { type: 'injectText', text: c.string(4) };
    case CONTROL_TYPES.injectTouch:
      return {
        type: 'injectTouch',
        action: c.u8(),
        pointerId: c.i64(),
        x: c.i32(),
        y: c.i32(),
        screenWidth: c.u16(),
        screenHeight: c.u16(),
        pressure: unsignedFixed(c.u16()),
        actionButton: c.i32(),
        buttons: c.i32(),
      };
    case CONTROL_TYPES.injectScroll: {
      const x = c.i32();
      const y = c.i32();
      const screenWidth = c.u16();
      const screenHeight = c.u16();
      // Since 3.3.1 the [-1, 1] fixed point carries notches / 16.
      const hscroll = signedFixed(c.i16()) * 16;
      const vscroll = signedFixed(c.i16()) * 16;
      return { type: 'injectScroll', x, y, screenWidth, screenHeight, hscroll, vscroll, buttons: c.i32() };
    }
    case CONTROL_TYPES.backOrScreenOn:
      return { type: 'backOrScreenOn', action: c.u8() };
    case CONTROL_TYPES.expandNotificationPanel:
      return { type: 'expandNotificationPanel' };
    case CONTROL_TYPES.expandSettingsPanel:
      return { type: 'expandSettingsPanel' };
    case CONTROL_TYPES.collapsePanels:
      return { type: 'collapsePanels' };
    case CONTROL_TYPES.getClipboard:
      return { type: 'getClipboard', copyKey: c.u8() };
    case CONTROL_TYPES.setClipboard:
      return { type: 'setClipboard', sequence: c.i64(), paste: c.u8() !== 0, text: c.string(4) };
    case CONTROL_TYPES.setDisplayPower:
      return { type: 'setDisplayPower', on: c.u8() !== 0 };
    case CONTROL_TYPES.rotateDevice:
      return { type: 'rotateDevice' };
    case CONTROL_TYPES.uhidCreate: {
      const id = c.u16();
      const vendorId = c.u16();
      const productId = c.u16();
      const name = c.string(1);
      const reportDescriptor = c.take(c.u16());
      return { type: 'uhidCreate', id, vendorId, productId, name, reportDescriptor };
    }
    case CONTROL_TYPES.uhidInput: {
      const id = c.u16();
      return { type: 'uhidInput', id, data: c.take(c.u16()) };
    }
    case CONTROL_TYPES.uhidDestroy:
      return { type: 'uhidDestroy', id: c.u16() };
    case CONTROL_TYPES.openHardKeyboardSettings:
      return { type: 'openHardKeyboardSettings' };
    case CONTROL_TYPES.startApp:
      return { type: 'startApp', name: c.string(1) };
    case CONTROL_TYPES.resetVideo:
      return { type: 'resetVideo' };
    default:
      throw new ControlProtocolError(`Unknown control message type: ${type}`);
  }
}

/**
 * Accumulates control-socket bytes and yields complete messages.
 * @throws ControlProtocolError (from push) on an unknown type or an oversized field; the
 *   stream cannot be resynchronised after that, so the caller closes the connection.
 */
export class ControlMessageReader {
  private buffer: Buffer = Buffer.alloc(0);

  push(data: Uint8Array): ControlMessage[] {
    this.buffer = this.buffer.length === 0 ? Buffer.from(data) : Buffer.concat([this.buffer, data]);
    const out: ControlMessage[] = [];
    let at = 0;
    for (;;) {
      if (at >= this.buffer.length) break;
      const cursor = new Cursor(this.buffer, at);
      try {
        out.push(readOne(cursor));
      } catch (error) {
        if (error === NEED_MORE) break;
        throw error;
      }
      at = cursor.at;
    }
    this.buffer = this.buffer.subarray(at);
    if (this.buffer.length > CONTROL_MESSAGE_MAX_SIZE + 16)
      throw new ControlProtocolError('A control message exceeds the size limit');
    return out;
  }
}

/** Device → client messages on the control socket. */
export function encodeClipboardMessage(text: string): Uint8Array {
  const utf8 = Buffer.from(text, 'utf8');
  const out = Buffer.alloc(5 + utf8.length);
  out.writeUInt8(0, 0);
  out.writeUInt32BE(utf8.length, 1);
  utf8.copy(out, 5);
  return out;
}

export function encodeAckClipboardMessage(sequence: bigint): Uint8Array {
  const out = Buffer.alloc(9);
  out.writeUInt8(1, 0);
  out.writeBigUInt64BE(BigInt.asUintN(64, sequence), 1);
  return out;
}
