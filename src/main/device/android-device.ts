/**
 * One Android device behind the adb server: shell commands with exit status and deadlines,
 * screenshots, UI dumps, the foreground app, the keyboard, apps and input
 * methods, files and sockets on the device — all through the app's one adb client. Every call
 * is bounded; a device that disappears yields DEVICE_NOT_FOUND or DEVICE_OFFLINE, never a hang.
 * Input events (taps, keys, text) are not here: they go through the device's DeviceInput
 * (`input/`), which picks the mirror's scrcpy control socket when one runs.
 */
import type { Duplex } from 'node:stream';
import { MobaError, deviceStateError, isDeviceGone } from '../../shared/errors.ts';
import { decodeShellV2, isStreamCut } from '../adb/index.ts';
import { pollUntil } from '@moba/base';
import type { AdbClient, ShellResult } from '../adb/index.ts';
import {
  parseFocusedApp,
  parseGetprop,
  parseImeList,
  parseInputMethod,
  parsePackageList,
  parseWmDensity,
  parseWmSize,
} from './device-parsers.ts';
import type { FocusedApp, InputMethodState } from './device-parsers.ts';
import { shQuote } from './shell-text.ts';

export interface DeviceTimeouts {
  /** Host requests: devices, features, get-state. */
  hostMs: number;
  /** Ordinary shell commands (dumpsys, pm, am, input). */
  shellMs: number;
  screencapMs: number;
  /** uiautomator waits up to ~10 s for an idle screen before giving up. */
  dumpMs: number;
  /** `adb connect` itself. */
  connectMs: number;
  /** Waiting for a connected device to come online. */
  onlineMs: number;
}

export const DEFAULT_TIMEOUTS: DeviceTimeouts = {
  hostMs: 5_000,
  shellMs: 15_000,
  screencapMs: 15_000,
  dumpMs: 25_000,
  connectMs: 20_000,
  onlineMs: 15_000,
};

export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

export const ADB_KEYBOARD_IME = 'com.android.adbkeyboard/.AdbIME';
export const ADB_KEYBOARD_PACKAGE = 'com.android.adbkeyboard';

/**
 * How long a device whose stream was cut may still be listed as `device` before the cut is
 * taken for what it says (a refused service) rather than for the device going away: the server
 * marks a broken transport offline on its own thread, later under load.
 */
const CUT_SETTLE_MS = 1_500;
const CUT_POLL_MS = 100;
/** Where `uiautomator dump` writes; one dump at a time per device (see {@link AndroidDevice.dumpUi}). */
const DUMP_PATH = '/sdcard/window_dump.xml';
const DUMP_MARK = '__MOBA_DUMP_FOLLOWS__';

export interface DumpResult {
  /** The XML bytes, or null when uiautomator wrote none. */
  xml: Buffer | null;
  /** What uiautomator printed (`UI hierchary dumped to: …`, or its error). */
  message: string;
}

export class AndroidDevice {
  readonly serial: string;
  private readonly adb: AdbClient;
  private readonly timeouts: DeviceTimeouts;
  private features: Promise<Set<string>> | undefined;
  private focusCommand: string | undefined;
  private dumpQueue: Promise<unknown> = Promise.resolve();

  constructor(options: { adb: AdbClient; serial: string; timeouts?: DeviceTimeouts }) {
    this.adb = options.adb;
    this.serial = options.serial;
    this.timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  }

  /**
   * The device's state as the adb server sees it (`device`, `offline`, `unauthorized`…).
   *
   * @throws MobaError DEVICE_NOT_FOUND when the server does not know the serial
   */
  state(options: CallOptions = {}): Promise<string> {
    return this.adb.getState(this.serial, {
      timeoutMs: options.timeoutMs ?? this.timeouts.hostMs,
      signal: options.signal,
    });
  }

  /**
   * Runs a command through the device's shell. With shell protocol v2 (Android 7+) the exit
   * status is known and stderr is separate; otherwise `exitCode` is null and stderr is mixed in.
   *
   * @throws MobaError DEVICE_NOT_FOUND / DEVICE_OFFLINE / DEVICE_UNAUTHORIZED, TIMEOUT, CANCELLED
   */
  async run(command: string, options: CallOptions = {}): Promise<ShellResult> {
    const v2 = (await this.featureSet(options)).has('shell_v2');
    const service = v2 ? `shell,v2,raw:${command}` : `shell:${command}`;
    const timeoutMs = options.timeoutMs ?? this.timeouts.shellMs;
    const bytes = await this.query(service, { timeoutMs, signal: options.signal });
    return v2 ? decodeShellV2(bytes) : { stdout: bytes, stderr: Buffer.alloc(0), exitCode: null };
  }

  /** {@link run} for commands whose output is text. */
  async shell(command: string, options: CallOptions = {}): Promise<string> {
    const r = await this.run(command, options);
    return r.stdout.toString('utf8') + r.stderr.toString('utf8');
  }

  /**
   * {@link run}, failing when the command fails: a non-zero exit, or Android's `Error:` /
   * `Exception` / `Failure` lines (some commands print those and still exit 0).
   *
   * @throws MobaError DEVICE_COMMAND_FAILED with what the device printed
   */
  async check(command: string, options: CallOptions = {}): Promise<string> {
    const r = await this.run(command, options);
    const text = (r.stdout.toString('utf8') + r.stderr.toString('utf8')).trim();
    // Some commands (`am start` on several versions) exit 0 after printing `Error: …`.
    const failed =
      (r.exitCode !== null && r.exitCode !== 0) ||
      /^(Error:|Exception\b|java\.[\w.]*Exception\b|Failure\b)/m.test(text);
    if (failed) {
      throw new MobaError(
        'DEVICE_COMMAND_FAILED',
        `${this.serial}: \`${command.slice(0, 120)}\` failed${r.exitCode === null ? '' : ` (exit ${r.exitCode})`}: ${text.slice(0, 500) || 'no output'}`,
        { details: { serial: this.serial } },
      );
    }
    return text;
  }

  /**
   * A PNG of the screen (`screencap -p` over `exec:`, which is never mangled by a PTY).
   *
   * @throws MobaError SCREENSHOT_FAILED when the device returns no PNG
   */
  async screencap(options: CallOptions = {}): Promise<Buffer> {
    const bytes = await this.query('exec:screencap -p', {
      timeoutMs: options.timeoutMs ?? this.timeouts.screencapMs,
      signal: options.signal,
    });
    if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47) return bytes;
    const text = bytes.subarray(0, 300).toString('utf8').trim();
    throw new MobaError(
      'SCREENSHOT_FAILED',
      `${this.serial}: screencap returned ${bytes.length === 0 ? 'nothing' : `no PNG (${JSON.stringify(text)})`}.`,
      { details: { serial: this.serial } },
    );
  }

  /**
   * Dumps the view hierarchy with uiautomator. Never throws for uiautomator's own failures
   * (`could not get idle state`, `null root node`): those come back with `xml: null` and the
   * message, so the caller can fall back to the screenshot. Dumps of one device are serialised
   * because they share the file.
   *
   * @throws MobaError for transport failures (device gone, timeout)
   */
  dumpUi(options: CallOptions = {}): Promise<DumpResult> {
    const run = this.dumpQueue.then(() => this.dumpNow(options));
    this.dumpQueue = run.catch(() => undefined);
    return run;
  }

  private async dumpNow(options: CallOptions): Promise<DumpResult> {
    // Removing the old file first means a failed dump can never return a stale screen.
    const command = `rm -f ${DUMP_PATH}; uiautomator dump ${DUMP_PATH} 2>&1; echo ${DUMP_MARK}; cat ${DUMP_PATH} 2>/dev/null`;
    const r = await this.run(command, { timeoutMs: options.timeoutMs ?? this.timeouts.dumpMs, signal: options.signal });
    const out = r.stdout;
    const mark = out.indexOf(`${DUMP_MARK}\n`);
    if (mark < 0)
      return {
        xml: null,
        message:
          (out.toString('utf8') + r.stderr.toString('utf8')).trim().slice(0, 500) || 'uiautomator printed nothing',
      };
    const message = out.subarray(0, mark).toString('utf8').trim();
    let xml = out.subarray(mark + DUMP_MARK.length + 1);
    if (xml.length === 0) return { xml: null, message: message || 'uiautomator wrote no dump' };
    if (/ERROR|null root node|could not get idle state/i.test(message) && xml.indexOf('<hierarchy') < 0)
      return { xml: null, message };
    // Some builds print the message after the XML on the same stream; keep only the document.
    const end = xml.lastIndexOf('</hierarchy>');
    if (end >= 0) xml = xml.subarray(0, end + '</hierarchy>'.length);
    return { xml, message };
  }

  /** The app in front; null when no activity has focus (e.g. a system dialog, the lock screen). */
  async foregroundApp(options: CallOptions = {}): Promise<FocusedApp | null> {
    // Versions differ in where the focus is printed; remember the command that worked.
    const commands = this.focusCommand
      ? [this.focusCommand]
      : ['dumpsys window displays', 'dumpsys window', 'dumpsys activity activities'];
    for (const command of commands) {
      const found = parseFocusedApp(await this.shell(command, options));
      if (found) {
        this.focusCommand = command;
        return found;
      }
    }
    return null;
  }

  async inputMethodState(options: CallOptions = {}): Promise<InputMethodState> {
    return parseInputMethod(await this.shell('dumpsys input_method', options));
  }

  async keyboardShown(options: CallOptions = {}): Promise<boolean> {
    return (await this.inputMethodState(options)).shown ?? false;
  }

  async properties(options: CallOptions = {}): Promise<Record<string, string>> {
    return parseGetprop(await this.shell('getprop', options));
  }

  /** `wm size` and `wm density`, in one round trip. */
  async screen(options: CallOptions = {}): Promise<{ width: number; height: number; density: number | null } | null> {
    const text = await this.shell('wm size; wm density', options);
    const size = parseWmSize(text);
    return size ? { ...size, density: parseWmDensity(text) } : null;
  }

  async packages(options: CallOptions = {}): Promise<string[]> {
    return parsePackageList(await this.shell('pm list packages', options));
  }

  /** Input method ids: all installed (`all`) or the enabled ones. */
  async inputMethods(which: 'all' | 'enabled', options: CallOptions = {}): Promise<string[]> {
    return parseImeList(await this.shell(which === 'all' ? 'ime list -a -s' : 'ime list -s', options));
  }

  /** The default input method (the one that shows for text fields). */
  async currentInputMethod(options: CallOptions = {}): Promise<string | null> {
    const id = (await this.shell('settings get secure default_input_method', options)).trim();
    return id && id !== 'null' ? id : null;
  }

  /** `am start -n pkg/activity`. */
  async startActivity(packageName: string, activity: string, options: CallOptions = {}): Promise<string> {
    const component = `${packageName}/${activity}`;
    return this.check(`am start -n ${shQuote(component)}`, options);
  }

  /** Launches an app's launcher activity through monkey, which needs no activity name. */
  async launchApp(packageName: string, options: CallOptions = {}): Promise<string> {
    const text = await this.check(`monkey -p ${shQuote(packageName)} -c android.intent.category.LAUNCHER 1`, options);
    if (/No activities found|monkey aborted/i.test(text))
      throw new MobaError(
        'DEVICE_COMMAND_FAILED',
        `${this.serial}: ${packageName} has no launcher activity (is it installed?): ${text.slice(0, 300)}`,
      );
    return text;
  }

  async forceStop(packageName: string, options: CallOptions = {}): Promise<void> {
    await this.check(`am force-stop ${shQuote(packageName)}`, options);
  }

  /** Copies a local file to the device. */
  push(localPath: string, remotePath: string, options: CallOptions = {}): Promise<void> {
    return this.adb.push(this.serial, localPath, remotePath, {
      timeoutMs: options.timeoutMs ?? 30_000,
      signal: options.signal,
    });
  }

  /**
   * Starts a long-running command (plain `shell:`, output as the device prints it) and hands
   * out its stream: destroying it ends the command.
   */
  openShell(command: string, options: CallOptions = {}): Promise<Duplex> {
    return this.adb.openShell(this.serial, command, options);
  }

  /**
   * Connects to a socket on the device (`localabstract:name`).
   *
   * @throws MobaError DEVICE_* when the device is gone; others while nothing listens yet
   */
  openLocal(name: string, options: CallOptions = {}): Promise<Duplex> {
    return this.adb.openLocal(this.serial, name, options);
  }

  private featureSet(options: CallOptions): Promise<Set<string>> {
    this.features ??= this.adb
      .features(this.serial, { timeoutMs: this.timeouts.hostMs, signal: options.signal })
      .catch((error: unknown) => {
        this.features = undefined;
        throw error;
      });
    return this.features;
  }

  private async query(
    service: string,
    options: { timeoutMs: number; signal?: AbortSignal | undefined },
  ): Promise<Buffer> {
    try {
      return await this.adb.query(this.serial, service, options);
    } catch (error) {
      // A command that timed out, or whose stream the server cut, on a device that has since
      // gone is reported as the device being gone. A cut comes a moment before the server marks
      // the device offline, so its state is asked again for a short while.
      if (error instanceof MobaError && (error.code === 'TIMEOUT' || isStreamCut(error)))
        throw (await this.goneError(error, isStreamCut(error) ? CUT_SETTLE_MS : 0, options.signal)) ?? error;
      throw error;
    }
  }

  /**
   * The error saying the device is gone or not ready, when it is; undefined while it stays
   * `device` for `settleMs` (or its state cannot be told). The caller's `signal` ends the
   * waiting with CANCELLED.
   */
  private async goneError(
    cause: MobaError,
    settleMs: number,
    signal: AbortSignal | undefined,
  ): Promise<MobaError | undefined> {
    const state = await pollUntil(
      () => this.state({ timeoutMs: 2_000, signal }).catch((e: unknown) => e),
      (s) => s !== 'device',
      { withinMs: settleMs, everyMs: CUT_POLL_MS, signal },
    );
    if (state instanceof MobaError && state.code === 'CANCELLED') throw state;
    if (state instanceof MobaError && isDeviceGone(state) && state.code !== 'ADB_UNAVAILABLE') return state;
    if (typeof state === 'string' && state !== 'device') return deviceStateError(this.serial, state, { cause });
    return undefined;
  }
}
