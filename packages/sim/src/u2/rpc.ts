/**
 * The JSON-RPC methods of the uiautomator2 server that its Python client calls, carried out on
 * the simulated phone: device info, the window hierarchy, screenshots, coordinate input
 * (click, long click, swipe, swipePoints, drag, injectInputEvent), keys, the clipboard (its
 * send_keys path), orientation, and UiSelector queries (objInfo, count, exist, waitForExists,
 * waitUntilGone, getText, setText, clearTextField). Unknown methods answer JSON-RPC's
 * "Method not found", as the real server does.
 */
import sharp from 'sharp';
import { displayRotation, displaySize } from '../device.ts';
import type { SimulatedDevice } from '../device.ts';
import { parseKeyCode } from '../shell/keycodes.ts';
import { RpcError, notFound, objInfo, pruneDepth, selectAll, selectOne } from './selectors.ts';
import type { Selector } from './selectors.ts';

type Params = unknown[];
type Method = (device: SimulatedDevice, params: Params) => Promise<unknown>;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** uiautomator injects one step every 5 ms. */
const STEP_MS = 5;
const LONG_PRESS_MS = 500;
const CTRL_ON = 0x1000;

const KEY_NAMES: Readonly<Record<string, number>> = {
  home: 3,
  back: 4,
  left: 21,
  right: 22,
  up: 19,
  down: 20,
  center: 23,
  menu: 82,
  search: 84,
  enter: 66,
  delete: 67,
  del: 67,
  recent: 187,
  volume_up: 24,
  volume_down: 25,
  volume_mute: 164,
  camera: 27,
  power: 26,
};

const ORIENTATIONS: Readonly<Record<string, number>> = {
  natural: 0,
  n: 0,
  left: 1,
  l: 1,
  upsidedown: 2,
  u: 2,
  right: 3,
  r: 3,
};

function num(params: Params, i: number, name: string): number {
  const value = params[i];
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new RpcError(-32602, `Invalid params: ${name} must be a number`);
  return value;
}

function selectorAt(params: Params, i = 0): Selector {
  const value = params[i];
  if (!value || typeof value !== 'object') throw new RpcError(-32602, 'Invalid params: a UiSelector is required');
  return value as Selector;
}

async function activeDump(device: SimulatedDevice): Promise<string> {
  return device.dumpUi({ compressed: false });
}

/** Polls the active window until `test` holds or `timeoutMs` passes (uiautomator's wait loop). */
async function waitFor(device: SimulatedDevice, timeoutMs: number, test: (xml: string) => boolean): Promise<boolean> {
  const deadline = Date.now() + Math.max(0, timeoutMs);
  for (;;) {
    if (test(await activeDump(device))) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(250, Math.max(10, deadline - Date.now())));
  }
}

/** A finger path: down at the first point, a move per step, up at the last point. */
async function path(device: SimulatedDevice, points: Array<[number, number]>, stepsPerSegment: number, holdMs = 0) {
  const [first] = points;
  if (!first) return;
  await device.touch(0, first[0], first[1]);
  if (holdMs > 0) await sleep(holdMs);
  let last = first;
  for (const point of points.slice(1)) {
    for (let s = 1; s <= stepsPerSegment; s++) {
      const x = last[0] + ((point[0] - last[0]) * s) / stepsPerSegment;
      const y = last[1] + ((point[1] - last[1]) * s) / stepsPerSegment;
      void device.touch(2, x, y);
    }
    last = point;
  }
  await device.touch(1, last[0], last[1]);
}

async function screenshot(device: SimulatedDevice, params: Params): Promise<string> {
  const scale = typeof params[0] === 'number' && params[0] > 0 ? params[0] : 1;
  const quality = typeof params[1] === 'number' ? Math.max(1, Math.min(100, params[1])) : 100;
  const png = await device.screencap();
  let image = sharp(png);
  if (scale !== 1) {
    const { width } = displaySize(device);
    image = image.resize({ width: Math.max(1, Math.round(width * scale)) });
  }
  return (await image.jpeg({ quality }).toBuffer()).toString('base64');
}

/** Replaces a field's text: focus it, select everything, type over it. */
async function setFieldText(device: SimulatedDevice, selector: Selector, text: string): Promise<boolean> {
  const hit = selectOne(await activeDump(device), selector);
  if (!hit) throw notFound(selector);
  await device.tap(hit.node.center.x, hit.node.center.y);
  await device.keyevent(29, { metaState: CTRL_ON });
  await device.keyevent(67);
  if (text) await device.text(text);
  return true;
}

export const METHODS: Readonly<Record<string, Method>> = {
  deviceInfo: async (device) => {
    const { width, height } = displaySize(device);
    const density = device.props.density / 160;
    return {
      currentPackageName: (await device.focus()).packageName,
      displayHeight: height,
      displayRotation: displayRotation(device),
      displaySizeDpX: Math.round(width / density),
      displaySizeDpY: Math.round(height / density),
      displayWidth: width,
      productName: device.props.product,
      screenOn: true,
      sdkInt: device.props.sdk,
      naturalOrientation: displayRotation(device) % 2 === 0,
    };
  },
  dumpWindowHierarchy: async (device, params) => {
    const compressed = params[0] === true;
    const maxDepth = typeof params[1] === 'number' ? params[1] : 50;
    const rootInActive = params[2] === true;
    return pruneDepth(await device.dumpUi({ compressed, allWindows: !rootInActive }), maxDepth);
  },
  takeScreenshot: screenshot,
  click: async (device, params) => {
    if (typeof params[0] === 'object')
      throw new RpcError(-32602, 'click(UiSelector) is not supported: click its bounds');
    const x = num(params, 0, 'x');
    const y = num(params, 1, 'y');
    if (typeof params[2] === 'number' && params[2] > 0) await device.swipe(x, y, x, y, params[2]);
    else await device.tap(x, y);
    return true;
  },
  longClick: async (device, params) => {
    const x = num(params, 0, 'x');
    const y = num(params, 1, 'y');
    await device.swipe(x, y, x, y, LONG_PRESS_MS + 100);
    return true;
  },
  swipe: async (device, params) => {
    const steps = Math.max(1, typeof params[4] === 'number' ? params[4] : 10);
    const [x1, y1, x2, y2] = [0, 1, 2, 3].map((i) => num(params, i, 'coordinate')) as [number, number, number, number];
    await device.swipe(x1, y1, x2, y2, steps * STEP_MS);
    return true;
  },
  swipePoints: async (device, params) => {
    const flat = params[0];
    if (!Array.isArray(flat) || flat.length < 4) throw new RpcError(-32602, 'Invalid params: at least two points');
    const points: Array<[number, number]> = [];
    for (let i = 0; i + 1 < flat.length; i += 2) points.push([Number(flat[i]), Number(flat[i + 1])]);
    const steps = Math.max(1, typeof params[1] === 'number' ? Math.round(params[1] / (points.length - 1)) : 10);
    await path(device, points, steps);
    return true;
  },
  drag: async (device, params) => {
    const [x1, y1, x2, y2] = [0, 1, 2, 3].map((i) => num(params, i, 'coordinate')) as [number, number, number, number];
    const steps = Math.max(1, typeof params[4] === 'number' ? params[4] : 10);
    await path(
      device,
      [
        [x1, y1],
        [x2, y2],
      ],
      steps,
      LONG_PRESS_MS + 50,
    );
    return true;
  },
  injectInputEvent: async (device, params) => {
    const action = num(params, 0, 'action');
    if (action !== 0 && action !== 1 && action !== 2) throw new RpcError(-32602, `Unsupported action ${action}`);
    await device.touch(action, num(params, 1, 'x'), num(params, 2, 'y'));
    return true;
  },
  pressKey: async (device, params) => {
    const name = String(params[0] ?? '').toLowerCase();
    const code = KEY_NAMES[name] ?? parseKeyCode(name);
    if (code === undefined) return false;
    await device.keyevent(code);
    return true;
  },
  pressKeyCode: async (device, params) => {
    const meta = typeof params[1] === 'number' ? params[1] : 0;
    await device.keyevent(num(params, 0, 'keyCode'), meta ? { metaState: meta } : undefined);
    return true;
  },
  wakeUp: async () => true,
  sleep: async () => true,
  isScreenOn: async () => true,
  setOrientation: async (device, params) => {
    const rotation = ORIENTATIONS[String(params[0] ?? '').toLowerCase()];
    if (rotation === undefined) throw new RpcError(-32602, `Invalid orientation: ${String(params[0])}`);
    await device.putSetting('system', 'accelerometer_rotation', '0');
    await device.putSetting('system', 'user_rotation', String(rotation));
    return null;
  },
  freezeRotation: async (device, params) => {
    await device.putSetting('system', 'accelerometer_rotation', params[0] === false ? '1' : '0');
    return null;
  },
  getClipboard: async (device) => device.getClipboard(),
  setClipboard: async (device, params) => {
    await device.setClipboard(String(params[1] ?? ''));
    return null;
  },
  pasteClipboard: async (device) => {
    await device.keyevent(50, { metaState: CTRL_ON });
    return null;
  },
  clearInputText: async (device) => {
    await device.keyevent(29, { metaState: CTRL_ON });
    await device.keyevent(67);
    return null;
  },
  openNotification: async (device) => {
    const { width, height } = displaySize(device);
    await device.swipe(width / 2, 2, width / 2, height * 0.6, 200);
    return true;
  },
  getLastToast: async () => null,
  clearLastToast: async () => null,
  getLastTraversedText: async () => null,
  clearLastTraversedText: async () => null,
  objInfo: async (device, params) => {
    const selector = selectorAt(params);
    const hit = selectOne(await activeDump(device), selector);
    if (!hit) throw notFound(selector);
    return objInfo(hit);
  },
  objInfoOfAllInstances: async (device, params) => selectAll(await activeDump(device), selectorAt(params)).map(objInfo),
  count: async (device, params) => selectAll(await activeDump(device), selectorAt(params)).length,
  exist: async (device, params) => selectOne(await activeDump(device), selectorAt(params)) !== undefined,
  waitForExists: async (device, params) =>
    waitFor(
      device,
      typeof params[1] === 'number' ? params[1] : 0,
      (xml) => selectOne(xml, selectorAt(params)) !== undefined,
    ),
  waitUntilGone: async (device, params) =>
    waitFor(
      device,
      typeof params[1] === 'number' ? params[1] : 0,
      (xml) => selectOne(xml, selectorAt(params)) === undefined,
    ),
  getText: async (device, params) => {
    const selector = selectorAt(params);
    const hit = selectOne(await activeDump(device), selector);
    if (!hit) throw notFound(selector);
    return hit.node.text;
  },
  setText: async (device, params) => setFieldText(device, selectorAt(params), String(params[1] ?? '')),
  clearTextField: async (device, params) => setFieldText(device, selectorAt(params), ''),
};

/** Runs one JSON-RPC request object; returns the response object. */
export async function callMethod(device: SimulatedDevice, request: unknown): Promise<Record<string, unknown>> {
  const call = (request ?? {}) as { id?: unknown; method?: unknown; params?: unknown };
  const id = call.id ?? null;
  const method = typeof call.method === 'string' ? METHODS[call.method] : undefined;
  if (!method)
    return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${String(call.method)}` } };
  const params = Array.isArray(call.params)
    ? call.params
    : call.params === undefined || call.params === null
      ? []
      : [call.params];
  try {
    return { jsonrpc: '2.0', id, result: (await method(device, params)) ?? null };
  } catch (error) {
    if (error instanceof RpcError)
      return {
        jsonrpc: '2.0',
        id,
        error: { code: error.code, message: error.message, data: error.data ?? error.message },
      };
    const message = error instanceof Error ? error.message : String(error);
    return {
      jsonrpc: '2.0',
      id,
      error: { code: -32000, message: `java.lang.RuntimeException: ${message}`, data: message },
    };
  }
}
