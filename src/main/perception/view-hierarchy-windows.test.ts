/**
 * The project's two extensions of MobA's rules on synthetic dumps: windows occlude what lies
 * under them, and scrollable containers stay targetable without taking their rows' labels.
 */
import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { readDumpFixture } from '../../../test/support/fixtures.ts';
import { dumpXml } from '@moba/testkit';
import type { SyntheticNode } from '@moba/testkit';
import { MERGE_SEPARATOR, processViewHierarchy } from './view-hierarchy.ts';

const APP_PKG = 'com.android.deskclock';
const byText = (elements: UiElement[], text: string) =>
  elements.filter((e) => e.text === text || e.contentDesc === text || e.text.split(MERGE_SEPARATOR).includes(text));
const interactive = (elements: UiElement[]) => elements.filter((e) => e.index > 0);

/** An alarm row as the simulated Clock draws it: a clickable card holding its texts. */
function alarmRow(y: number, time: string, days: string): SyntheticNode {
  return {
    bounds: [32, y, 1049, y + 386],
    clickable: true,
    id: `${APP_PKG}:id/alarm_item`,
    pkg: APP_PKG,
    children: [
      { bounds: [74, y + 81, 574, y + 249], text: time, pkg: APP_PKG },
      { bounds: [74, y + 287, 902, y + 337], text: days, pkg: APP_PKG },
    ],
  };
}

/** Clock with the "Label" dialog open over its alarm list, and the keyboard up. */
function labelDialogScreen(): SyntheticNode[] {
  const app: SyntheticNode = {
    bounds: [0, 0, 1080, 2400],
    pkg: APP_PKG,
    children: [
      alarmRow(250, '7:00 AM', 'Mon, Tue'),
      alarmRow(630, '8:30 AM', 'Weekend'),
      alarmRow(1010, '9:00 AM', 'Add label'),
    ],
  };
  const dialog: SyntheticNode = {
    bounds: [110, 562, 971, 1087],
    pkg: APP_PKG,
    children: [
      { bounds: [173, 625, 400, 705], text: 'Label', id: 'android:id/alertTitle', pkg: APP_PKG },
      {
        bounds: [173, 745, 908, 875],
        text: '',
        desc: 'Label',
        cls: 'android.widget.EditText',
        clickable: true,
        focused: true,
        id: `${APP_PKG}:id/label_input_field`,
        pkg: APP_PKG,
      },
      { bounds: [620, 920, 780, 1040], text: 'Cancel', cls: 'android.widget.Button', clickable: true, pkg: APP_PKG },
      { bounds: [800, 920, 930, 1040], text: 'OK', cls: 'android.widget.Button', clickable: true, pkg: APP_PKG },
    ],
  };
  const keys: SyntheticNode[] = ['q', 'w', 'e'].map((k, i) => ({
    bounds: [10 + i * 108, 1700, 108 + i * 108, 1850],
    desc: k,
    clickable: true,
    pkg: 'com.android.inputmethod.latin',
  }));
  const ime: SyntheticNode = { bounds: [0, 1586, 1080, 2274], pkg: 'com.android.inputmethod.latin', children: keys };
  return [app, dialog, ime];
}

describe('windows occlude what lies under them', () => {
  it('keeps the dialog field that a row behind the dialog used to push out, and gives the row none of its labels', () => {
    const r = processViewHierarchy(dumpXml(labelDialogScreen()));
    const field = r.elements.find((e) => e.resourceId.endsWith('label_input_field'));
    expect(field).toMatchObject({ bounds: [173, 745, 908, 875] });
    expect(field?.index).toBeGreaterThan(0);
    // The dialog's title stays its own text and is merged into nothing behind the dialog.
    expect(r.elements.find((e) => e.text === 'Label')).toMatchObject({ index: -1, bounds: [173, 625, 400, 705] });
    for (const e of r.elements) expect(e.text.split(MERGE_SEPARATOR).slice(1)).not.toContain('Label');
    // The 8:30 row is hidden under the dialog, its texts too (7 % of the row is left either side).
    expect(byText(r.elements, '8:30 AM')).toEqual([]);
    expect(byText(r.elements, 'Weekend')).toEqual([]);
    // The row, its two texts, and the app's root (dialog and keyboard leave 23 % of it uncovered).
    expect(r.stats.droppedOccluded).toBe(4);
    // The dialog's buttons and the keys are there, in reading order.
    expect(interactive(r.elements).map((e) => e.text || e.contentDesc)).toEqual([
      '7:00 AM | Mon, Tue',
      'Label',
      'Cancel',
      'OK',
      '9:00 AM | Add label',
      'q',
      'w',
      'e',
    ]);
  });

  it('cuts a partly covered node to its visible part: bounds and centre (the tap point) stay uncovered', () => {
    const r = processViewHierarchy(dumpXml(labelDialogScreen()));
    // The 7:00 row [32,250][1049,636] loses its bottom 74 px to the dialog.
    const row = r.elements.find((e) => e.text.startsWith('7:00 AM'));
    expect(row).toMatchObject({ bounds: [32, 250, 1049, 562], center: [540, 406] });
  });

  it('hides what a keyboard covers, whatever order the dump lists the windows in', () => {
    const list: SyntheticNode = {
      bounds: [0, 0, 1080, 2400],
      children: [
        { bounds: [0, 1400, 1080, 1700], clickable: true, text: 'half under' }, // 62 % visible: cut
        { bounds: [0, 1500, 1080, 1800], clickable: true, text: 'mostly under' }, // 29 % visible: hidden
        { bounds: [0, 1900, 1080, 2100], clickable: true, text: 'under' },
        { bounds: [0, 200, 1080, 400], clickable: true, text: 'above' },
      ],
    };
    const ime: SyntheticNode = {
      bounds: [0, 1586, 1080, 2400],
      pkg: 'com.google.android.inputmethod.latin',
      children: [
        { bounds: [10, 1700, 200, 1850], desc: 'a', clickable: true, pkg: 'com.google.android.inputmethod.latin' },
      ],
    };
    for (const windows of [
      [list, ime],
      [ime, list],
    ]) {
      const r = processViewHierarchy(dumpXml(windows));
      expect(interactive(r.elements).map((e) => [e.text || e.contentDesc, e.bounds])).toEqual([
        ['above', [0, 200, 1080, 400]],
        ['half under', [0, 1400, 1080, 1586]],
        ['a', [10, 1700, 200, 1850]],
      ]);
      expect(r.stats.droppedOccluded).toBe(2);
    }
  });

  it('merges a label only into an element of its own window', () => {
    const app: SyntheticNode = {
      bounds: [0, 0, 1080, 2400],
      children: [{ bounds: [0, 950, 1080, 1150], clickable: true, text: 'Row' }],
    };
    // The dialog's caption spills below the dialog's window, over what is left of the row.
    const dialog: SyntheticNode = {
      bounds: [100, 500, 980, 1000],
      children: [
        { bounds: [100, 1000, 980, 1100], text: 'Caption' },
        { bounds: [600, 800, 900, 950], clickable: true, text: 'OK' },
      ],
    };
    const r = processViewHierarchy(dumpXml([app, dialog]));
    expect(r.elements.find((e) => e.text === 'Row')).toMatchObject({ bounds: [0, 1000, 1080, 1150] });
    expect(r.elements.find((e) => e.text === 'Caption')).toMatchObject({ index: -1 });
    expect(r.stats.merged).toBe(0);
  });

  it('a full-screen dialog (or scrim) hides the whole window below it', () => {
    const app: SyntheticNode = {
      bounds: [0, 0, 1080, 2400],
      children: [
        { bounds: [0, 200, 1080, 400], clickable: true, text: 'behind' },
        { bounds: [0, 900, 1080, 1000], text: 'caption behind' },
      ],
    };
    const scrim: SyntheticNode = {
      bounds: [0, 0, 1080, 2400],
      children: [{ bounds: [200, 1000, 880, 1300], clickable: true, text: 'Allow' }],
    };
    const r = processViewHierarchy(dumpXml([app, scrim]));
    expect(r.elements.map((e) => e.text)).toEqual(['Allow']);
  });

  it('keeps the status bar over the app although the dump lists it first (fixture 13)', () => {
    const { elements } = processViewHierarchy(readDumpFixture('13'));
    const clock = elements.find((e) => e.resourceId === 'com.android.systemui:id/clock');
    expect(clock).toMatchObject({ index: -1, bounds: [16, 0, 75, 48] });
    // The app's full-screen clickable frame starts below the bar and holds none of its texts.
    const frame = elements.find((e) => e.resourceId.endsWith(':id/frame_layout') && e.index > 0);
    expect(frame?.bounds).toEqual([0, 48, 720, 1280]);
    for (const e of elements.filter((x) => x.packageName !== 'com.android.systemui'))
      expect(e.text.split(MERGE_SEPARATOR)).not.toContain(clock?.text);
  });

  it('reads fixture 06 (Gboard over Gmail, status and navigation bars) the same in any window order', () => {
    const xml = readDumpFixture('06');
    const expected = processViewHierarchy(xml).elements;
    expect(
      expected.filter((e) => e.index > 0 && e.packageName === 'com.google.android.inputmethod.latin').length,
    ).toBeGreaterThanOrEqual(35);
    const windows = topLevelNodes(xml);
    expect(windows).toHaveLength(4);
    const [status, gmail, nav, ime] = windows as [string, string, string, string];
    for (const order of [
      [ime, gmail, status, nav],
      [nav, ime, status, gmail],
    ]) {
      const reordered = `${xml.slice(0, xml.indexOf(status))}${order.join('\r\n')}\r\n</hierarchy>`;
      expect(processViewHierarchy(reordered).elements).toEqual(expected);
    }
  });
});

describe('scrollable containers stay targetable', () => {
  const rows = (n: number, extra: Partial<SyntheticNode> = {}): SyntheticNode[] =>
    Array.from({ length: n }, (_, i) => ({
      bounds: [0, 300 + i * 200, 1080, 480 + i * 200],
      clickable: true,
      children: [{ bounds: [40, 320 + i * 200, 900, 400 + i * 200], text: `Row ${i + 1}` }],
      ...extra,
    }));

  it('keeps a list whose rows were chosen first, numbered in reading order, and the rows keep their labels', () => {
    const list: SyntheticNode = {
      bounds: [0, 250, 1080, 1500],
      scrollable: true,
      cls: 'androidx.recyclerview.widget.RecyclerView',
      id: 'com.x:id/list',
      children: [{ bounds: [40, 260, 600, 295], text: 'Section' }, ...rows(6)],
    };
    const r = processViewHierarchy(dumpXml([{ bounds: [0, 0, 1080, 2400], children: [list] }]));
    const found = r.elements.find((e) => e.resourceId === 'com.x:id/list');
    expect(found).toMatchObject({ text: '', bounds: [0, 250, 1080, 1500], center: [540, 875] });
    expect(found?.index).toBeGreaterThan(0);
    expect(r.elements.filter((e) => e.index > 0).map((e) => e.index)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (let i = 1; i <= 6; i++) expect(r.elements.find((e) => e.text === `Row ${i}`)?.index).toBeGreaterThan(0);
    // A label in the list that belongs to no row stays where it is, as text.
    expect(r.elements.find((e) => e.text === 'Section')).toMatchObject({ index: -1 });
    expect(r.stats).toMatchObject({ interactive: 7, droppedOverlap: 0, merged: 6 });
  });

  it('collapses nested lists to the inner one, but keeps a small strip inside a large list', () => {
    const inner: SyntheticNode = {
      bounds: [0, 300, 1080, 2200],
      scrollable: true,
      id: 'com.x:id/inner',
      children: rows(3),
    };
    const strip: SyntheticNode = { bounds: [0, 1000, 1080, 1150], scrollable: true, id: 'com.x:id/chips' };
    const outer: SyntheticNode = {
      bounds: [0, 250, 1080, 2300],
      scrollable: true,
      id: 'com.x:id/outer',
      children: [inner, strip],
    };
    const r = processViewHierarchy(dumpXml([{ bounds: [0, 0, 1080, 2400], children: [outer] }]));
    const ids = r.elements.filter((e) => e.trueAttributes.includes('scrollable')).map((e) => e.resourceId);
    expect(ids.sort()).toEqual(['com.x:id/chips', 'com.x:id/inner']);
  });

  it('treats a control that also scrolls (a Spinner) as a control: it takes its label', () => {
    const spinner: SyntheticNode = {
      bounds: [198, 252, 1080, 406],
      scrollable: true,
      longClickable: true,
      cls: 'android.widget.Spinner',
      children: [{ bounds: [198, 304, 904, 354], text: 'me@example.com' }],
    };
    const r = processViewHierarchy(dumpXml([{ bounds: [0, 0, 1080, 2400], children: [spinner] }]));
    expect(r.elements).toEqual([
      expect.objectContaining({ index: 1, className: 'android.widget.Spinner', text: 'me@example.com' }),
    ]);
  });

  it('a scrollable strip does not push out the clickable card around it, nor the reverse', () => {
    const card: SyntheticNode = {
      bounds: [0, 300, 1080, 700],
      clickable: true,
      text: 'Card',
      children: [{ bounds: [0, 350, 1080, 650], scrollable: true, id: 'com.x:id/carousel' }],
    };
    const r = processViewHierarchy(dumpXml([{ bounds: [0, 0, 1080, 2400], children: [card] }]));
    expect(r.elements.map((e) => [e.index, e.text || e.resourceId])).toEqual([
      [1, 'Card'],
      [2, 'com.x:id/carousel'],
    ]);
  });
});

/** The top-level `<node>` elements of a dump, as text. */
function topLevelNodes(xml: string): string[] {
  const out: string[] = [];
  const re = /<node\b[^>]*?(\/?)>|<\/node>/g;
  let depth = 0;
  let start = -1;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    if (m[0] === '</node>') {
      depth--;
      if (depth === 0) out.push(xml.slice(start, m.index + m[0].length));
      continue;
    }
    if (depth === 0) start = m.index;
    if (m[1] === '/') {
      if (depth === 0) out.push(xml.slice(start, m.index + m[0].length));
    } else depth++;
  }
  return out;
}
