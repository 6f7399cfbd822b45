/**
 * Applies scrcpy control messages to the simulated phone, in order. Positions arrive in video
 * pixels with the video size the client believes in; like the real server, an event whose
 * size is not the current video size is ignored (it was meant for another orientation/size).
 */
import { displaySize } from '../device.ts';
import type { PackageInfo, SimulatedDevice } from '../device.ts';
import { encodeAckClipboardMessage, encodeClipboardMessage } from './control-parser.ts';
import type { ControlMessage } from './control-parser.ts';

/** Android KeyEvent / MotionEvent numbers used here. */
const KEY_ACTION_DOWN = 0;
const KEYCODE_BACK = 4;
const MOTION_DOWN = 0;
const MOTION_UP = 1;
const MOTION_MOVE = 2;
const MOTION_CANCEL = 3;

export interface ControlContext {
  device: SimulatedDevice;
  /** The video size now; touch/scroll must carry exactly this size. */
  videoSize(): { width: number; height: number };
  /** The display rectangle the video shows (`crop`); the whole display when absent. */
  crop?: { width: number; height: number; x: number; y: number };
  /** `[server] …` lines on the server's console (what the scrcpy client shows). */
  print(level: 'info' | 'warn' | 'error', text: string): void;
  /** Device → client bytes on the control socket. */
  reply(bytes: Uint8Array): void;
  resetVideo(): void;
  log(message: string, error?: unknown): void;
}

/** Returns the device-pixel point, or undefined when the event's frame size is stale. */
function toDevicePoint(
  ctx: ControlContext,
  x: number,
  y: number,
  w: number,
  h: number,
): { x: number; y: number } | undefined {
  const video = ctx.videoSize();
  if (w !== video.width || h !== video.height) return undefined;
  const display = displaySize(ctx.device);
  const area = ctx.crop ?? { ...display, x: 0, y: 0 };
  const clamp = (v: number, max: number) => Math.min(max - 1, Math.max(0, v));
  return {
    x: clamp(area.x + Math.round((x * area.width) / video.width), display.width),
    y: clamp(area.y + Math.round((y * area.height) / video.height), display.height),
  };
}

export class ControlHandler {
  private readonly ctx: ControlContext;
  /** The one pointer this phone tracks (it has a single-touch screen model). */
  private activePointer: bigint | undefined;

  constructor(ctx: ControlContext) {
    this.ctx = ctx;
  }

  async handle(message: ControlMessage): Promise<void> {
    const { device } = this.ctx;
    switch (message.type) {
      case 'injectTouch': {
        const point = toDevicePoint(this.ctx, message.x, message.y, message.screenWidth, message.screenHeight);
        if (!point) {
          this.ctx.log(`touch ignored: ${message.screenWidth}x${message.screenHeight} is not the video size`);
          return;
        }
        if (message.action === MOTION_DOWN) {
          if (this.activePointer !== undefined) return;
          this.activePointer = message.pointerId;
          await device.touch(0, point.x, point.y);
        } else if (message.pointerId !== this.activePointer) {
          return;
        } else if (message.action === MOTION_MOVE) {
          // Not awaited: the phone keeps touches in order and merges a move that is still
          // waiting with the next one, so a busy phone catches up with the finger instead of
          // replaying every point of the drag (and the following up and taps wait less).
          device.touch(2, point.x, point.y).catch((error: unknown) => this.ctx.log('touch move failed', error));
        } else if (message.action === MOTION_UP || message.action === MOTION_CANCEL) {
          this.activePointer = undefined;
          await device.touch(1, point.x, point.y);
        }
        return;
      }
      case 'injectKeycode':
        // The phone's keyevent() is a full press: act on the down event, ignore repeats and up.
        if (message.action === KEY_ACTION_DOWN && message.repeat === 0)
          await device.keyevent(message.keycode, message.metaState ? { metaState: message.metaState } : undefined);
        return;
      case 'injectText':
        await device.text(message.text);
        return;
      case 'injectScroll': {
        const point = toDevicePoint(this.ctx, message.x, message.y, message.screenWidth, message.screenHeight);
        if (!point) return;
        await device.scroll(point.x, point.y, message.hscroll, message.vscroll);
        return;
      }
      case 'backOrScreenOn':
        // The simulated screen is always on, so this is BACK.
        if (message.action === KEY_ACTION_DOWN) await device.keyevent(KEYCODE_BACK);
        return;
      case 'getClipboard':
        this.ctx.reply(encodeClipboardMessage(await device.getClipboard()));
        return;
      case 'setClipboard':
        await device.setClipboard(message.text);
        if (message.paste) await device.text(message.text);
        if (message.sequence !== 0n) this.ctx.reply(encodeAckClipboardMessage(message.sequence));
        return;
      case 'startApp':
        await this.startApp(message.name);
        return;
      case 'resetVideo':
        this.ctx.resetVideo();
        return;
      default:
        // Panels, display power, rotation and UHID have no effect on the simulated phone.
        this.ctx.log(`control message ${message.type} has no effect on the simulated phone`);
    }
  }

  /** `name` is a package, `+pkg` (force-stop first) or `?label` (search by app name), as the server reads it. */
  private async startApp(raw: string): Promise<void> {
    const { device } = this.ctx;
    let name = raw;
    const forceStop = name.startsWith('+');
    if (forceStop) name = name.slice(1);
    const byLabel = name.startsWith('?');
    if (byLabel) name = name.slice(1);
    const launchable = device.packages().filter((p) => p.launchActivity !== '');
    let app: PackageInfo | undefined;
    if (byLabel) {
      this.ctx.print('info', 'Processing Android apps... (this may take some time)');
      const wanted = name.toLowerCase();
      const found = launchable.filter((p) => p.label.toLowerCase().startsWith(wanted) || p.labelZh?.startsWith(name));
      if (found.length === 0) {
        this.ctx.print('warn', `No app found for name "${name}"`);
        return;
      }
      if (found.length > 1) {
        const list = found.map((p) => `\n ${p.system ? '*' : '-'} ${p.label.padEnd(30)} ${p.packageName}`).join('');
        this.ctx.print('warn', `No unique app found for name "${name}":${list}`);
        return;
      }
      app = found[0];
    } else {
      app = launchable.find((p) => p.packageName === name);
      if (!app) {
        this.ctx.print('warn', `No app found for package "${name}"`);
        return;
      }
    }
    if (!app) return;
    this.ctx.print('info', `Starting app "${app.label}" [${app.packageName}] on display 0...`);
    if (forceStop) await device.forceStop(app.packageName);
    await device.startActivity({ component: `${app.packageName}/${app.launchActivity}` });
  }
}
