/**
 * Notes (com.moba.notes) through the SimulatedDevice interface: writing a note with the FAB
 * and the keyboard (saved by BACK, the cross-app "put it in a note" flow), editing, pinning,
 * deleting with a confirmation, search, the SEND intent, Chinese and dark mode, reset.
 */
import { describe, expect, it } from 'vitest';
import type { SimulatedPhone } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, tapOn } from '../src/testing/device-driver.ts';
import {
  closeTo,
  decodePng,
  findNode,
  fractionOfColor,
  hexRgb,
  parseDump,
  pixel,
  requireNode,
} from '../src/testing/ui-dump.ts';

const PKG = 'com.moba.notes';
const KEY = { BACK: 4, MOVE_END: 123 };

interface NoteState {
  id: number;
  title: string;
  body: string;
  pinned: boolean;
  createdAt: number;
  updatedAt: number;
}

let phone: SimulatedPhone;
useAppPhone({ seed: 11 }, (t) => (phone = t.phone));

async function notes(): Promise<NoteState[]> {
  return ((await phone.state(PKG)) as { notes: NoteState[] }).notes;
}

async function longPress(q: Parameters<typeof requireNode>[1]): Promise<void> {
  const node = requireNode(await dump(phone), q);
  await phone.swipe(node.center.x, node.center.y, node.center.x, node.center.y, 700);
}

describe('Notes', () => {
  it('writes a note from the launcher: FAB, typed body and title, saved by BACK', async () => {
    const before = await notes();
    await tapOn(phone, { desc: 'Notes' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    await tapOn(phone, { desc: 'New note' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.EditorActivity' });
    expect(await phone.keyboardShown()).toBe(true);
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'body' }).attrs.focused).toBe('true');
    expect(requireNode(xml, { id: 'title' }).className).toBe('android.widget.EditText');
    await phone.text('Tomorrow in Shanghai: light rain, 21-27°C');
    await tapOn(phone, { id: 'title' });
    await phone.text('Weather');
    await phone.keyevent(KEY.BACK);
    expect(await phone.keyboardShown()).toBe(false);
    expect(await notes()).toHaveLength(before.length);
    await phone.keyevent(KEY.BACK);

    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    const after = await notes();
    expect(after).toHaveLength(before.length + 1);
    const created = after.at(-1);
    expect(created).toMatchObject({
      title: 'Weather',
      body: 'Tomorrow in Shanghai: light rain, 21-27°C',
      pinned: false,
    });
    expect(created!.updatedAt).toBeGreaterThanOrEqual(phone.now() - 60_000);
    xml = await dump(phone);
    const nodes = parseDump(xml);
    const titles = nodes.filter((n) => n.resourceId === `${PKG}:id/note_title`).map((n) => n.text);
    expect(titles.slice(0, 2)).toEqual(['Shopping list', 'Weather']);
    expect(requireNode(xml, { text: 'Tomorrow in Shanghai: light rain, 21-27°C' }).resourceId).toBe(
      `${PKG}:id/note_snippet`,
    );
  });

  it('draws what the dump says: the FAB and the search bar where their bounds are', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const xml = await dump(phone);
    const fab = requireNode(xml, { id: 'fab_new_note' });
    const bar = requireNode(xml, { id: 'search_bar' });
    expect(fab.className).toBe('android.widget.ImageButton');
    expect(fab.attrs.clickable).toBe('true');
    const image = await decodePng(await phone.screencap());
    expect(fractionOfColor(image, fab.bounds, hexRgb('#d6e3ff'))).toBeGreaterThan(0.8);
    expect(closeTo(pixel(image, fab.bounds.left - 6, fab.center.y), hexRgb('#d6e3ff'))).toBe(false);
    expect(
      fractionOfColor(
        image,
        { ...bar.bounds, left: bar.bounds.left + 40, right: bar.bounds.right - 40 },
        hexRgb('#e6e8f0'),
      ),
    ).toBeGreaterThan(0.6);
    expect(closeTo(pixel(image, bar.center.x, bar.bounds.top - 6), hexRgb('#e6e8f0'))).toBe(false);
    expect(closeTo(pixel(image, bar.center.x, bar.bounds.bottom + 6), hexRgb('#e6e8f0'))).toBe(false);
  });

  it('edits a note, pins it from the long-press menu, and deletes it after confirming', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const target = (await notes()).find((n) => !n.pinned)!;
    await tapOn(phone, { text: target.title });
    expect(requireNode(await dump(phone), { id: 'title' }).text).toBe(target.title);
    expect(requireNode(await dump(phone), { id: 'edited_time' }).text).toMatch(/^Edited /);
    await tapOn(phone, { id: 'body' });
    await phone.keyevent(KEY.MOVE_END);
    await phone.keyevent(KEY.MOVE_END);
    await phone.text('\nOne more line');
    await tapOn(phone, { desc: 'Save' });
    let edited = (await notes()).find((n) => n.id === target.id)!;
    expect(edited.body.endsWith('\nOne more line')).toBe(true);
    expect(edited.updatedAt).toBeGreaterThan(target.updatedAt);

    await longPress({ text: target.title });
    expect(requireNode(await dump(phone), { id: 'android:id/alertTitle' }).text).toBe(target.title);
    await tapOn(phone, { text: 'Pin' });
    edited = (await notes()).find((n) => n.id === target.id)!;
    expect(edited.pinned).toBe(true);
    const pinnedTitles = parseDump(await dump(phone))
      .filter((n) => n.resourceId === `${PKG}:id/note_title`)
      .map((n) => n.text);
    expect(pinnedTitles.indexOf(target.title)).toBeLessThan(pinnedTitles.indexOf('Shopping list'));

    await longPress({ text: target.title });
    await tapOn(phone, { text: 'Delete' });
    const confirm = await dump(phone);
    expect(requireNode(confirm, { id: 'android:id/message' }).text).toBe('Delete this note?');
    await tapOn(phone, { id: 'android:id/button2' });
    expect((await notes()).some((n) => n.id === target.id)).toBe(true);
    await longPress({ text: target.title });
    await tapOn(phone, { text: 'Delete' });
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await notes()).some((n) => n.id === target.id)).toBe(false);
    expect(findNode(await dump(phone), { text: target.title })).toBeUndefined();
  });

  it('deletes from the editor, toggles pin there, and drops an empty new note', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const count = (await notes()).length;
    await tapOn(phone, { text: 'Shopping list' });
    await tapOn(phone, { desc: 'Unpin' });
    expect(requireNode(await dump(phone), { id: 'action_pin' }).contentDesc).toBe('Pin');
    await phone.keyevent(KEY.BACK);
    expect((await notes()).find((n) => n.title === 'Shopping list')?.pinned).toBe(false);
    expect(findNode(await dump(phone), { text: 'Pinned' })).toBeUndefined();

    await tapOn(phone, { text: 'Shopping list' });
    await tapOn(phone, { id: 'action_delete' });
    await tapOn(phone, { id: 'android:id/button1' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    expect((await notes()).map((n) => n.title)).not.toContain('Shopping list');

    await tapOn(phone, { desc: 'New note' });
    await phone.keyevent(KEY.BACK);
    await phone.keyevent(KEY.BACK);
    expect(await notes()).toHaveLength(count - 1);
  });

  it('searches titles and bodies; BACK clears the search', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { id: 'search_src_text' });
    await phone.text('milk');
    let titles = parseDump(await dump(phone))
      .filter((n) => n.resourceId === `${PKG}:id/note_title`)
      .map((n) => n.text);
    expect(titles).toEqual(['Shopping list']);
    await tapOn(phone, { desc: 'Clear search' });
    await tapOn(phone, { id: 'search_src_text' });
    await phone.text('no such words');
    expect(requireNode(await dump(phone), { text: 'No matching notes' })).toBeDefined();
    await phone.keyevent(KEY.BACK);
    await phone.keyevent(KEY.BACK);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    titles = parseDump(await dump(phone))
      .filter((n) => n.resourceId === `${PKG}:id/note_title`)
      .map((n) => n.text);
    expect(titles.length).toBeGreaterThan(3);
    expect(requireNode(await dump(phone), { id: 'search_src_text' }).text).toBe('Search notes');
  });

  it('opens a prefilled new note for a SEND intent', async () => {
    await phone.startActivity({
      action: 'android.intent.action.SEND',
      extras: { 'android.intent.extra.TEXT': 'Sunny, 30°C', 'android.intent.extra.SUBJECT': 'Beijing tomorrow' },
    });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.EditorActivity' });
    const xml = await dump(phone);
    expect(requireNode(xml, { id: 'title' }).text).toBe('Beijing tomorrow');
    expect(requireNode(xml, { id: 'body' }).text).toBe('Sunny, 30°C');
    await tapOn(phone, { id: 'action_done' });
    expect((await notes()).at(-1)).toMatchObject({ title: 'Beijing tomorrow', body: 'Sunny, 30°C' });
  });

  it('speaks Chinese and draws dark; reset brings the seeded notes back', async () => {
    const initial = await notes();
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await phone.putSetting('secure', 'ui_night_mode', '2');
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const xml = await dump(phone);
    expect(requireNode(xml, { id: 'search_src_text' }).text).toBe('搜索笔记');
    expect(requireNode(xml, { id: 'section_header' }).text).toBe('已置顶');
    expect(requireNode(xml, { id: 'fab_new_note' }).contentDesc).toBe('新建笔记');
    expect(requireNode(xml, { text: '周末计划' })).toBeDefined();
    await tapOn(phone, { desc: '新建笔记' });
    const editor = await dump(phone);
    expect(requireNode(editor, { id: 'title' }).text).toBe('标题');
    expect(requireNode(editor, { id: 'action_done' }).contentDesc).toBe('保存');
    const image = await decodePng(await phone.screencap());
    expect(closeTo(pixel(image, 540, 1200), hexRgb('#121316'))).toBe(true);
    await phone.text('明天有雨');
    await phone.keyevent(KEY.BACK);
    await phone.keyevent(KEY.BACK);
    expect((await notes()).at(-1)?.body).toBe('明天有雨');

    await phone.reset();
    expect(await notes()).toEqual(initial);
  });
});
