/**
 * Files (com.moba.files) through the SimulatedDevice interface: categories and storage, the
 * folder browser (scrolling the camera folder, sorting), the Photos tab and the viewer (swipe
 * to the next), renaming, moving with the folder picker, favourites, a new folder, deleting to
 * the trash and restoring, search, hidden files; Chinese.
 */
import { describe, expect, it } from 'vitest';
import type { SimulatedPhone } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, scrollTo, tapOn } from '../src/testing/device-driver.ts';
import { findNode, parseDump, requireNode } from '../src/testing/ui-dump.ts';

const PKG = 'com.moba.files';
const KEY = { BACK: 4, DEL: 67 };

interface FileState {
  id: number;
  name: string;
  path: string;
  folder: string;
  kind: string;
  size: number;
  favourite: boolean;
  trashed: boolean;
}
interface State {
  folders: string[];
  files: FileState[];
  settings: { showHidden: boolean; sort: string };
}

let phone: SimulatedPhone;
useAppPhone({ seed: 5, freezeClock: true }, (t) => (phone = t.phone));

const state = async (): Promise<State> => (await phone.state(PKG)) as State;
const names = (xml: string) =>
  parseDump(xml)
    .filter((n) => n.resourceId === `${PKG}:id/file_name`)
    .map((n) => n.text);

async function longPress(q: Parameters<typeof requireNode>[1]): Promise<void> {
  const node = requireNode(await dump(phone), q);
  await phone.swipe(node.center.x, node.center.y, node.center.x, node.center.y, 700);
}

describe('Files', () => {
  it('browses categories and folders, scrolls the camera folder, sorts by size', async () => {
    await tapOn(phone, { desc: 'Files' });
    const s = await state();
    const images = s.files.filter((f) => f.kind === 'image' && !f.trashed);
    expect(requireNode(await dump(phone), { id: 'category_image' }).contentDesc).toBe('Images');
    await tapOn(phone, { id: 'internal_storage' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.BrowseActivity' });
    expect(names(await dump(phone))).toEqual(['DCIM', 'Documents', 'Download', 'Movies', 'Music', 'Pictures']);
    await tapOn(phone, { id: 'file_name', text: 'DCIM' });
    await tapOn(phone, { id: 'file_name', text: 'Camera' });
    const camera = images
      .filter((f) => f.folder === 'DCIM/Camera')
      .map((f) => f.name)
      .sort();
    expect(names(await dump(phone))[0]).toBe(camera[0]);
    await scrollTo(phone, { id: 'file_name', text: camera.at(-1)! }, 15);
    await tapOn(phone, { desc: 'Sort by' });
    await tapOn(phone, { id: 'sort_size' });
    const biggest = [...s.files.filter((f) => f.folder === 'DCIM/Camera')].sort((a, b) => b.size - a.size)[0]!;
    await phone.startActivity({ component: `${PKG}/.BrowseActivity`, extras: { path: 'DCIM/Camera' } });
    expect(names(await dump(phone))[0]).toBe(biggest.name);
    expect((await state()).settings.sort).toBe('size');
  });

  it('shows photos by day and swipes through them in the viewer; favourites one', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { id: 'tab_photos' });
    const xml = await dump(phone);
    expect(requireNode(xml, { id: 'date_header' }).text).toBe('Today');
    const first = requireNode(xml, { id: 'photo_thumbnail' });
    await phone.tap(first.center.x, first.center.y);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.ViewerActivity' });
    expect(requireNode(await dump(phone), { id: 'photo_view' }).contentDesc).toBe(first.contentDesc);
    await phone.swipe(900, 1200, 200, 1200, 300);
    const second = requireNode(await dump(phone), { id: 'photo_view' }).contentDesc;
    expect(second).not.toBe(first.contentDesc);
    expect(requireNode(await dump(phone), { id: 'photo_caption' }).text).toMatch(/ · 2\/\d+$/);
    await tapOn(phone, { desc: 'Add to favourites' });
    expect((await state()).files.find((f) => f.name === second)?.favourite).toBe(true);
    await phone.swipe(200, 1200, 900, 1200, 300);
    expect(requireNode(await dump(phone), { id: 'photo_view' }).contentDesc).toBe(first.contentDesc);
  });

  it('renames a file (a duplicate name refused), makes a folder and moves the file into it', async () => {
    await phone.startActivity({ component: `${PKG}/.BrowseActivity`, extras: { path: 'Documents' } });
    await longPress({ id: 'file_name', text: 'Notes.txt' });
    await tapOn(phone, { id: 'menu_rename' });
    for (let i = 0; i < 9; i++) await phone.keyevent(KEY.DEL);
    await phone.text('Resume_2025.docx');
    await tapOn(phone, { id: 'android:id/button1' });
    expect(requireNode(await dump(phone), { id: 'name_error' }).text).toBe('A file with this name is already there');
    for (let i = 0; i < 16; i++) await phone.keyevent(KEY.DEL);
    await phone.text('Todo.txt');
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).files.some((f) => f.path === 'Documents/Todo.txt')).toBe(true);

    await tapOn(phone, { desc: 'New folder' });
    await phone.text('Travel');
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).folders).toContain('Documents/Travel');
    const more = parseDump(await dump(phone)).find(
      (n) => n.resourceId === `${PKG}:id/file_more` && n.contentDesc === 'More Todo.txt',
    )!;
    expect(more).toBeDefined();
    await phone.tap(more.center.x, more.center.y);
    await tapOn(phone, { id: 'menu_move' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MovePickerActivity' });
    await tapOn(phone, { text: 'Documents' });
    await tapOn(phone, { id: 'move_here' });
    expect(requireNode(await dump(phone), { id: 'move_error' }).text).toBe('It is already in this folder');
    await tapOn(phone, { text: 'Travel' });
    await tapOn(phone, { id: 'move_here' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.BrowseActivity' });
    expect((await state()).files.find((f) => f.name === 'Todo.txt')?.path).toBe('Documents/Travel/Todo.txt');
    expect(names(await dump(phone))).toContain('Travel');
  });

  it('deletes to the trash after confirming, restores, deletes forever; searches; shows hidden files', async () => {
    await phone.startActivity({ component: `${PKG}/.BrowseActivity`, extras: { path: 'Download' } });
    await longPress({ id: 'file_name', text: 'Invoice_2025-05.pdf' });
    await tapOn(phone, { id: 'menu_delete' });
    expect(requireNode(await dump(phone), { id: 'android:id/alertTitle' }).text).toBe('Delete Invoice_2025-05.pdf?');
    await tapOn(phone, { id: 'android:id/button1' });
    expect(findNode(await dump(phone), { text: 'Invoice_2025-05.pdf' })).toBeUndefined();
    expect((await state()).files.find((f) => f.name === 'Invoice_2025-05.pdf')?.trashed).toBe(true);
    await phone.startActivity({ component: `${PKG}/.TrashActivity` });
    await tapOn(phone, { id: 'file_name', text: 'Invoice_2025-05.pdf' });
    await tapOn(phone, { id: 'menu_restore' });
    expect((await state()).files.find((f) => f.name === 'Invoice_2025-05.pdf')?.trashed).toBe(false);
    const trashed = (await state()).files.find((f) => f.trashed)!;
    await tapOn(phone, { id: 'file_name', text: trashed.name });
    await tapOn(phone, { id: 'menu_delete_forever' });
    expect((await state()).files.some((f) => f.id === trashed.id)).toBe(false);
    expect(requireNode(await dump(phone), { text: 'No files' })).toBeDefined();

    await phone.keyevent(KEY.BACK);
    await tapOn(phone, { desc: 'Search files' });
    await phone.text('roadmap');
    expect(names(await dump(phone))).toEqual(['Roadmap.pptx']);
    await phone.keyevent(KEY.BACK);
    await phone.keyevent(KEY.BACK);
    await tapOn(phone, { desc: 'Settings' });
    await tapOn(phone, { id: 'show_hidden' });
    await phone.startActivity({ component: `${PKG}/.BrowseActivity` });
    expect(names(await dump(phone))[0]).toBe('.thumbnails');
  });

  it('speaks Chinese', async () => {
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    expect(requireNode(await dump(phone), { text: '内部存储' })).toBeDefined();
  });
});
