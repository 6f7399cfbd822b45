/**
 * One input path per device, on the simulated phone through the real adb server: the agent's
 * actions go through `adb shell input` until a scrcpy mirror runs for the phone, then through
 * the mirror's control socket — the phone's `input` command is not run once meanwhile — and
 * through adb again after the mirror stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAction } from '../../src/shared/actions.ts';
import type { ActionResult } from '../../src/shared/contract/devices.ts';
import type { UiElement } from '../../src/shared/schemas/perception.ts';
import { actOnDevice } from '../../src/main/device/device-actions.ts';
import { DeviceService } from '../../src/main/device/device-service.ts';
import { Observer } from '../../src/main/device/observe.ts';
import { MirrorService } from '../../src/main/mirror/mirror-service.ts';
import type { ShellCommand } from '@moba/sim';
import { tempDir, waitUntil } from '@moba/testkit/rigs';
import { startMirrorPhone } from '../support/mirror-phone.ts';
import type { MirrorPhone } from '../support/mirror-phone.ts';

let phone: MirrorPhone;
let devices: DeviceService;
let observer: Observer;
let mirror: MirrorService;
const resources = tempDir('moba-input-resources-');
/** Every `input …` the phone's shell ran. */
const inputCommands: string[] = [];
let unspy: { dispose(): void } | undefined;

/** A mirror on the device layer's handles and input router; no server file at `serverPath` means screenshots. */
function mirrorService(serverPath: string): MirrorService {
  return new MirrorService({
    device: (s) => devices.device(s),
    inputs: devices.inputs,
    mirrorSettings: () => ({ maxSize: 800, maxFps: 30, bitRate: 4_000_000, scrcpyServerPath: serverPath }),
    resourcesDir: resources.path,
    env: {},
    installedServerCandidates: [],
    log: () => undefined,
  });
}

beforeAll(async () => {
  phone = await startMirrorPhone({ width: 720, height: 1600, density: 320 });
  devices = new DeviceService({
    adb: { host: '127.0.0.1', port: phone.adb.port, binary: 'adb' },
    autoStartServer: false,
  });
  observer = new Observer({ devices, artifacts: null });
  mirror = mirrorService(phone.standInServerPath);
  const original = phone.sim.commands.get('input')!;
  const spy: ShellCommand = {
    name: 'input',
    run: (ctx) => (inputCommands.push(ctx.args.join(' ')), original.run(ctx)),
  };
  unspy = phone.sim.commands.register(spy);
});

afterAll(async () => {
  unspy?.dispose();
  mirror?.dispose();
  await observer?.dispose();
  await devices?.close();
  await phone?.close();
  resources.dispose();
});

async function act(text: string, elements?: UiElement[]): Promise<ActionResult> {
  const parsed = parseAction(text);
  if (!parsed.ok) throw new Error(parsed.error);
  const r = await actOnDevice({
    devices,
    observer,
    serial: phone.serial,
    action: parsed.action,
    elements,
    settleTimeoutMs: 2_000,
  });
  expect(r, `${text}: ${r.detail}`).toMatchObject({ ok: true });
  return r;
}

async function element(needle: string): Promise<UiElement> {
  const { elements } = (await observer.observe(phone.serial, { ocr: false })).observation;
  const e = elements.find(
    (x) => x.index > 0 && (x.text === needle || x.contentDesc === needle || x.resourceId.endsWith(`/${needle}`)),
  );
  if (!e) throw new Error(`no element ${needle}`);
  return e;
}

const focused = async () => (await phone.phone.focus()).packageName;

describe('the input path of a device', () => {
  it('is adb without a mirror, the scrcpy control socket while one runs, adb again after', async () => {
    await phone.phone.keyevent(3);
    const port = devices.input(phone.serial);
    expect(port.via).toBe('adb');
    await act(`Click(${(await element('Clock')).index})`);
    expect(await focused()).toBe('com.android.deskclock');
    await act('Home()');
    expect(inputCommands.length).toBeGreaterThanOrEqual(2);

    const viewer = { id: 'window', sendBinary: () => true, onDidClose: () => ({ dispose() {} }) };
    const info = await mirror.start(phone.serial, viewer);
    expect(info.mode).toBe('scrcpy');
    expect(port.via).toBe('scrcpy');
    inputCommands.length = 0;

    // Taps, keys, text and gestures of the agent's action space, none of them through `input`.
    await act(`Click(${(await element('Clock')).index})`);
    await waitUntil(async () => (await focused()) === 'com.android.deskclock', 'Clock opened through scrcpy', 10_000);
    await act('Back()');
    await waitUntil(async () => (await focused()) === 'com.android.launcher3', 'BACK through scrcpy', 10_000);
    await act(`Click(${(await element('Search')).index})`);
    await waitUntil(() => phone.phone.keyboardShown(), 'the search field focused', 10_000);
    const typed = await act('Type("clo")');
    expect(typed.detail).toContain('(scrcpy)');
    await waitUntil(async () => (await element('search_box_input')).text === 'clo', 'the typed text', 10_000);
    await act('Enter()');
    await waitUntil(async () => (await focused()) === 'com.android.deskclock', 'Enter opening the match', 10_000);
    await act('Home()');
    await act('Swipe(up, long)');
    await act('Home()');
    // A person's input on the mirror takes the same way.
    expect(await mirror.input(phone.serial, { type: 'home' })).toMatchObject({ via: 'scrcpy' });
    expect(inputCommands).toEqual([]);

    expect(mirror.stop(phone.serial, viewer.id)).toBe(true);
    await waitUntil(() => !mirror.isRunning(phone.serial) && phone.scrcpy.sessions === 0, 'the session to end', 10_000);
    expect(port.via).toBe('adb');
    await act('Home()');
    expect(inputCommands).toEqual(['keyevent 3']);
  });

  it('text a port cannot type (non-ASCII) goes through ADB Keyboard, also from the mirror', async () => {
    const screenshots = mirrorService(phone.missingServerPath);
    try {
      const viewer = { id: 'window-2', sendBinary: () => true, onDidClose: () => ({ dispose() {} }) };
      await phone.phone.reset();
      expect((await screenshots.start(phone.serial, viewer)).mode).toBe('screenshots');
      await act(`Click(${(await element('Search')).index})`);
      await waitUntil(() => phone.phone.keyboardShown(), 'the search field focused', 10_000);
      expect(await screenshots.input(phone.serial, { type: 'text', text: '工作' })).toMatchObject({ via: 'adb' });
      let text: string | undefined;
      await waitUntil(
        async () => (text = (await element('search_box_input')).text) === '工作',
        'the Chinese text in the field',
      ).catch((e: unknown) => {
        throw new Error(`${String(e)}; the field holds ${JSON.stringify(text)}`);
      });
      expect(phone.phone.currentInputMethod()).toBe('com.android.inputmethod.latin/.LatinIME');
    } finally {
      screenshots.dispose();
      await phone.phone.keyevent(3);
    }
  });
});
