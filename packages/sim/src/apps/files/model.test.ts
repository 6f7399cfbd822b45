import { describe, expect, it } from 'vitest';
import { hashString, mulberry32 } from '../../phone/page/rng.ts';
import { artSvg } from './art.ts';
import {
  deleteFolder,
  filesIn,
  filesOfKind,
  kindOf,
  makeFolder,
  moveFile,
  nameProblem,
  renameFile,
  restoreFile,
  searchFiles,
  subfolders,
} from './model.ts';
import { initialFilesData } from './seed.ts';

const now = new Date(2025, 5, 2, 9, 0, 12).getTime();
const seeded = (seed: number, at = now) =>
  initialFilesData({ seed, rng: mulberry32(seed ^ hashString('com.moba.files')), now: at });

describe('files model', () => {
  it('seeds storage per seed: camera photos named from their times, downloads, documents, a hidden folder', () => {
    const a = seeded(2);
    expect(seeded(2, now + 30_000)).toEqual(a);
    const photos = filesIn(a, 'DCIM/Camera');
    expect(photos.length).toBeGreaterThanOrEqual(22);
    expect(photos.every((f) => /^IMG_\d{8}_\d{6}\.jpg$/.test(f.name) && f.kind === 'image' && f.art !== null)).toBe(
      true,
    );
    expect(photos.every((f) => f.modifiedAt < now)).toBe(true);
    expect(subfolders(a, '')).not.toContain('.thumbnails');
    a.settings.showHidden = true;
    expect(subfolders(a, '')).toContain('.thumbnails');
    expect(filesOfKind(a, 'download').map((f) => f.name)).toContain('Boarding_Pass_MU5101.pdf');
    expect(a.files.filter((f) => f.trashed)).toHaveLength(1);
  });

  it('sorts by name, date or size; searches names', () => {
    const data = seeded(3);
    data.settings.sort = 'size';
    const bySize = filesIn(data, 'Download');
    expect(bySize.every((f, i) => i === 0 || f.size <= bySize[i - 1]!.size)).toBe(true);
    data.settings.sort = 'name';
    expect(filesIn(data, 'Documents').map((f) => f.name)).toEqual(
      [...filesIn(data, 'Documents').map((f) => f.name)].sort(),
    );
    expect(searchFiles(data, 'pass').map((f) => f.name)).toEqual(['Boarding_Pass_MU5101.pdf']);
  });

  it('renames (unique, no slash), moves, makes and deletes folders, restores from the trash', () => {
    const data = seeded(4);
    const notes = data.files.find((f) => f.name === 'Notes.txt')!;
    expect(renameFile(data, notes.id, 'Budget_2025.xlsx', now)).toBe('A file with this name is already there');
    expect(renameFile(data, notes.id, 'a/b', now)).toBe('A name cannot contain /');
    expect(renameFile(data, notes.id, 'Todo.md', now)).toBeNull();
    expect([notes.name, notes.kind]).toEqual(['Todo.md', 'document']);
    expect(makeFolder(data, 'Documents', 'Travel')).toBeNull();
    expect(makeFolder(data, 'Documents', 'travel')).toBe('A folder with this name is already there');
    expect(moveFile(data, notes.id, 'Documents')).toBe('It is already in this folder');
    expect(moveFile(data, notes.id, 'Documents/Travel')).toBeNull();
    expect(filesIn(data, 'Documents/Travel').map((f) => f.name)).toEqual(['Todo.md']);
    expect(deleteFolder(data, 'Documents')).toBe(filesIn(seeded(4), 'Documents').length + 3);
    expect(data.folders.some((f) => f.startsWith('Documents'))).toBe(false);
    restoreFile(data, notes.id);
    expect(data.folders).toEqual(expect.arrayContaining(['Documents', 'Documents/Travel']));
    expect(nameProblem(data, 'Documents/Travel', 'todo.MD', null)).toBe('A file with this name is already there');
    expect(kindOf('a.HEIC')).toBe('image');
  });

  it('draws the same picture for the same number', () => {
    expect(artSvg(42)).toBe(artSvg(42));
    expect(artSvg(42)).not.toBe(artSvg(43));
    expect(artSvg(7)).toMatch(/^<svg /);
  });
});
