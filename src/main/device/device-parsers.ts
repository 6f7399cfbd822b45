/**
 * Pure parsers for what Android prints. Formats differ across versions; every parser accepts
 * the variants seen from Android 7 to 15 and returns null/empty rather than guessing.
 */

/** `wm size`: the override (set by `wm size WxH`) wins over the physical size. */
export function parseWmSize(text: string): { width: number; height: number } | null {
  const override = /Override size:\s*(\d+)x(\d+)/.exec(text);
  const physical = /Physical size:\s*(\d+)x(\d+)/.exec(text);
  const m = override ?? physical;
  if (!m) return null;
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** `wm density`: the override wins over the physical density. */
export function parseWmDensity(text: string): number | null {
  const m = /Override density:\s*(\d+)/.exec(text) ?? /Physical density:\s*(\d+)/.exec(text);
  return m ? Number(m[1]) : null;
}

export interface FocusedApp {
  packageName: string;
  activity: string;
}

const COMPONENT = String.raw`([A-Za-z][\w.]*)/([\w.$]+)`;

/**
 * The app in front, from `dumpsys window` (mCurrentFocus, then mFocusedApp) or
 * `dumpsys activity activities` (mResumedActivity / topResumedActivity / ResumedActivity).
 * The activity is returned fully qualified. Null when the focused window is not an
 * activity (e.g. a system dialog) and no focused app is reported.
 */
export function parseFocusedApp(text: string): FocusedApp | null {
  const patterns = [
    new RegExp(String.raw`mCurrentFocus=Window\{[^}]*?\s${COMPONENT}\}`),
    new RegExp(
      String.raw`mFocusedApp=(?:AppWindowToken\{[^}]*token=Token\{[^}]*)?ActivityRecord\{[^}]*?\s${COMPONENT}[\s}]`,
    ),
    new RegExp(
      String.raw`(?:mResumedActivity|topResumedActivity|ResumedActivity)[=:]\s*ActivityRecord\{[^}]*?\s${COMPONENT}[\s}]`,
    ),
  ];
  for (const re of patterns) {
    const m = re.exec(text);
    if (m) return { packageName: m[1]!, activity: qualifyActivity(m[1]!, m[2]!) };
  }
  return null;
}

/** `.Settings` → `com.android.settings.Settings`. */
export function qualifyActivity(packageName: string, activity: string): string {
  return activity.startsWith('.') ? packageName + activity : activity;
}

export interface InputMethodState {
  /** Whether the soft keyboard is on screen; null when the output says nothing about it. */
  shown: boolean | null;
  /** The active input method id, e.g. `com.android.inputmethod.latin/.LatinIME`. */
  current: string | null;
}

/** `dumpsys input_method`: mInputShown (≤ 12), mIsInputViewShown / isInputViewShown, mCurMethodId. */
export function parseInputMethod(text: string): InputMethodState {
  const flags = [
    ...text.matchAll(/\b(?:mInputShown|mIsInputViewShown|isInputViewShown|mImeWindowVis.*?shown)=(true|false)/g),
  ].map((m) => m[1] === 'true');
  const shown = flags.length ? flags.includes(true) : null;
  const cur = /\bmCurMethodId=([^\s]+)/.exec(text)?.[1];
  return { shown, current: cur && cur !== 'null' ? cur : null };
}

/** `ime list -s` / `ime list -a -s`: one input method id a line. */
export function parseImeList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => /^[A-Za-z][\w.]*\/[\w.$]+$/.test(l));
}

/** `pm list packages [-f]`: `package:[path=]name` lines. */
export function parsePackageList(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^package:(?:.*=)?([A-Za-z][\w.]*)\s*$/.exec(line.trim());
    if (m) out.push(m[1]!);
  }
  return out;
}

/**
 * `cmd package query-activities --brief …` and `cmd package resolve-activity --brief …`: the
 * lines that are components (`pkg/.Activity`); other lines (priority=…) are ignored.
 */
export function parseComponents(text: string): FocusedApp[] {
  const out: FocusedApp[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = new RegExp(`^\\s*${COMPONENT}\\s*$`).exec(line);
    if (m) out.push({ packageName: m[1]!, activity: qualifyActivity(m[1]!, m[2]!) });
  }
  return out;
}

export interface DevicesLine {
  serial: string;
  state: string;
  usb?: string;
  product?: string;
  model?: string;
  device?: string;
  transportId?: string;
}

/** `adb devices -l` lines: `SERIAL<spaces>STATE [usb:…] [product:…] [model:…] [device:…] [transport_id:…]`. */
export function parseDevicesLong(text: string): DevicesLine[] {
  const out: DevicesLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('List of devices') || line.startsWith('*')) continue;
    // The state may be two words ("no permissions (…)"); key:value fields follow it.
    const m = /^(\S+)\s+(no permissions(?: \([^)]*\))?|\S+)\s*(.*)$/.exec(line);
    if (!m) continue;
    const entry: DevicesLine = { serial: m[1]!, state: m[2]! };
    for (const field of m[3]!.split(/\s+/)) {
      const kv = /^([a-z_]+):(.*)$/.exec(field);
      if (!kv) continue;
      const [, key, value] = kv;
      if (key === 'usb') entry.usb = value!;
      else if (key === 'product') entry.product = value!;
      else if (key === 'model') entry.model = value!;
      else if (key === 'device') entry.device = value!;
      else if (key === 'transport_id') entry.transportId = value!;
    }
    out.push(entry);
  }
  return out;
}

/** `getprop` output: `[key]: [value]` lines (values may span lines). */
export function parseGetprop(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/^\[([^\]]+)\]: \[([\s\S]*?)\]\r?$/gm)) out[m[1]!] = m[2]!;
  return out;
}
