/**
 * Perception on the real simulated phone behind a real adb server: what the agent sees must be
 * what it can act on. A dialog's own field survives the rows behind the dialog and takes none
 * of their labels; the Settings list is an element that `Scroll` can target; the set-of-marks
 * image draws the list in its own colour.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useDeviceRig } from '../support/device-rig.ts';
import { parseAction } from '../../src/shared/actions.ts';
import type { ActionResult } from '../../src/shared/contract/devices.ts';
import type { UiElement } from '../../src/shared/schemas/perception.ts';
import { actOnDevice } from '../../src/main/device/device-actions.ts';
import type { ObserveResult } from '../../src/main/device/observe.ts';
import { MARK_COLORS } from '../../src/main/perception/set-of-marks.ts';
import { MERGE_SEPARATOR } from '../../src/main/perception/view-hierarchy.ts';

const t = useDeviceRig({ resetBeforeEach: true });

const observe = (): Promise<ObserveResult> => t.observer.observe(t.rig.serial, { ocr: false });

/** The interactive element whose label or resource id is `needle`. */
function find(elements: readonly UiElement[], needle: string): UiElement {
  const e = elements.find(
    (x) => x.index > 0 && (x.text === needle || x.contentDesc === needle || x.resourceId.endsWith(`/${needle}`)),
  );
  if (!e)
    throw new Error(
      `no element "${needle}" among: ${elements.map((x) => `${x.index}:${x.text || x.contentDesc || x.resourceId}`).join(', ')}`,
    );
  return e;
}

async function act(text: string, elements?: UiElement[]): Promise<ActionResult> {
  const parsed = parseAction(text);
  if (!parsed.ok) throw new Error(parsed.error);
  const r = await actOnDevice({
    devices: t.devices,
    observer: t.observer,
    serial: t.rig.serial,
    action: parsed.action,
    settleTimeoutMs: 3_000,
    elements,
  });
  expect(r, `${text}: ${r.detail}`).toMatchObject({ ok: true });
  return r;
}

/** Clicks the element called `needle` on the current screen. */
async function click(needle: string): Promise<void> {
  const { elements } = (await observe()).observation;
  await act(`Click(${find(elements, needle).index})`, elements);
}

describe('perception on the simulated phone', () => {
  it('Clock → Add alarm → Add label: the dialog field is an element and the rows behind the dialog take none of its text', async () => {
    await act('Open_App(Clock)');
    await click('Add alarm');
    await click('OK');
    await click('Add label');
    const { observation: o } = await observe();
    expect(o.keyboardShown).toBe(true);
    const field = find(o.elements, 'label_input_field');
    expect(field.className).toBe('android.widget.EditText');
    expect(field.trueAttributes).toContain('focused');
    // The dialog title is its own text, merged into nothing; no alarm row behind the dialog is listed.
    expect(o.elements.find((e) => e.resourceId.endsWith('/alertTitle'))).toMatchObject({ index: -1, text: 'Label' });
    for (const e of o.elements) expect(e.text.split(MERGE_SEPARATOR).slice(1)).not.toContain('Label');
    const dialog = [find(o.elements, 'button2'), find(o.elements, 'button1'), field];
    const top = Math.min(...dialog.map((e) => e.bounds[1])) - 150;
    const bottom = Math.max(...dialog.map((e) => e.bounds[3])) + 50;
    const behind = o.elements.filter(
      (e) =>
        e.packageName === 'com.android.deskclock' &&
        !dialog.includes(e) &&
        e.resourceId !== 'android:id/alertTitle' &&
        e.center[1] > top &&
        e.center[1] < bottom &&
        e.center[0] > 200 &&
        e.center[0] < 880,
    );
    expect(behind.map((e) => e.text || e.resourceId)).toEqual([]);
    // Typing into the field the agent sees works: the label reaches the alarm.
    await act(`Box_Input(${field.index}, "Gym")`, o.elements);
    // Enter may already have confirmed the dialog.
    const now = (await observe()).observation.elements;
    if (now.some((e) => e.resourceId.endsWith('/alertTitle'))) await act(`Click(${find(now, 'button1').index})`, now);
    const alarms = (await t.rig.simState<{ alarms: Array<{ label: string }> }>('com.android.deskclock')).alarms;
    expect(alarms.map((a) => a.label)).toContain('Gym');
  });

  it('Settings: the list is an element that Scroll targets, drawn in the scrollable colour', async () => {
    await act('Open_App(Settings)');
    const first = await observe();
    const list = find(first.observation.elements, 'recycler_view');
    expect(list.trueAttributes).toContain('scrollable');
    // The rows are still elements with their labels.
    expect(first.observation.elements.some((e) => e.index > 0 && e.text.startsWith('Network & internet'))).toBe(true);
    const { data, info } = await sharp(first.marked!).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      `#${[0, 1, 2]
        .map((c) => (data[(y * info.width + x) * 3 + c] ?? 0).toString(16).padStart(2, '0'))
        .join('')
        .toUpperCase()}`;
    expect(at(list.center[0], list.bounds[1] + 1)).toBe(MARK_COLORS.scrollable);

    await act(`Scroll(${list.index}, down, long)`, first.observation.elements);
    const after = (await observe()).observation.elements;
    expect(after.some((e) => e.text.startsWith('Network & internet'))).toBe(false);
    const newRows = after.filter((e) => e.index > 0 && !first.observation.elements.some((b) => b.text === e.text));
    expect(newRows.length).toBeGreaterThan(0);
    expect(find(after, 'recycler_view').bounds).toEqual(list.bounds);
  });
});
