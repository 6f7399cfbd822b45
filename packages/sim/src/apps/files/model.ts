/**
 * Files' state: the folders and files of internal storage (plain JSON, not the phone's /sdcard
 * file system), favourites, the trash, the view settings; pure helpers for listing, sorting,
 * renaming, moving, deleting. Seed data is in seed.ts.
 */
import type { AppContext } from '../../phone/page/types.ts';

export const KINDS = ['image', 'video', 'audio', 'document', 'archive', 'apk'] as const;
export type Kind = (typeof KINDS)[number];

export interface FileEntry {
  id: number;
  name: string;
  /** Folder path under internal storage, `DCIM/Camera`; '' is the top. */
  folder: string;
  kind: Kind;
  /** Bytes. */
  size: number;
  /** Device time (epoch ms). */
  modifiedAt: number;
  favourite: boolean;
  trashed: boolean;
  /** Images: which picture is drawn (a seed for the scene); null for other kinds. */
  art: number | null;
}

export interface FilesSettings {
  showHidden: boolean;
  sort: 'name' | 'date' | 'size';
  view: 'list' | 'grid';
}

export interface FilesData {
  /** Every folder path (parents listed too), `Documents/Work`. */
  folders: string[];
  files: FileEntry[];
  nextId: number;
  settings: FilesSettings;
}

export interface FilesUi {
  tab: 'browse' | 'photos';
  query: string;
  /** The file being moved (the folder picker is open), or null. */
  moving: number | null;
}

export type FilesCtx = AppContext<FilesData, FilesUi>;

/** The device's storage size, for the usage bar. */
export const STORAGE_BYTES = 128 * 1024 ** 3;

export function kindOf(name: string): Kind {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (['jpg', 'jpeg', 'png', 'webp', 'gif', 'heic'].includes(ext)) return 'image';
  if (['mp4', 'mov', 'mkv', '3gp'].includes(ext)) return 'video';
  if (['mp3', 'm4a', 'flac', 'wav', 'ogg'].includes(ext)) return 'audio';
  if (['zip', 'rar', '7z', 'gz'].includes(ext)) return 'archive';
  if (ext === 'apk') return 'apk';
  return 'document';
}

export function pathOf(f: Pick<FileEntry, 'folder' | 'name'>): string {
  return f.folder ? `${f.folder}/${f.name}` : f.name;
}

export const parentOf = (folder: string): string =>
  folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : '';
export const baseName = (folder: string): string => folder.slice(folder.lastIndexOf('/') + 1);
const hidden = (name: string): boolean => name.startsWith('.');

/** The sub-folders directly inside `folder`, by name (hidden ones only when asked). */
export function subfolders(data: FilesData, folder: string): string[] {
  return data.folders
    .filter((f) => f !== folder && parentOf(f) === folder && (data.settings.showHidden || !hidden(baseName(f))))
    .sort((a, b) => baseName(a).localeCompare(baseName(b)));
}

export function sortFiles(files: readonly FileEntry[], sort: FilesSettings['sort']): FileEntry[] {
  const by: Record<FilesSettings['sort'], (a: FileEntry, b: FileEntry) => number> = {
    name: (a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }),
    date: (a, b) => b.modifiedAt - a.modifiedAt,
    size: (a, b) => b.size - a.size,
  };
  return [...files].sort((a, b) => by[sort](a, b) || a.id - b.id);
}

/** The files directly in a folder (not trashed), sorted by the setting. */
export function filesIn(data: FilesData, folder: string): FileEntry[] {
  return sortFiles(
    data.files.filter((f) => !f.trashed && f.folder === folder && (data.settings.showHidden || !hidden(f.name))),
    data.settings.sort,
  );
}

export function filesOfKind(data: FilesData, kind: Kind | 'download' | 'favourite'): FileEntry[] {
  const keep = (f: FileEntry): boolean =>
    kind === 'download' ? f.folder === 'Download' : kind === 'favourite' ? f.favourite : f.kind === kind;
  return sortFiles(
    data.files.filter(
      (f) => !f.trashed && keep(f) && (data.settings.showHidden || !hidden(f.folder.split('/')[0] ?? '')),
    ),
    kind === 'image' || kind === 'video' ? 'date' : data.settings.sort,
  );
}

export function searchFiles(data: FilesData, query: string): FileEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return sortFiles(
    data.files.filter((f) => !f.trashed && f.name.toLowerCase().includes(q)),
    'name',
  );
}

export function usedBytes(data: FilesData): number {
  return data.files.reduce((n, f) => n + f.size, 0);
}

/** @returns the error text key, or null when `name` can be used in `folder` (by another than `except`) */
export function nameProblem(data: FilesData, folder: string, name: string, except: number | null): string | null {
  const n = name.trim();
  if (!n) return 'Enter a name';
  if (n.includes('/')) return 'A name cannot contain /';
  if (
    data.files.some(
      (f) => !f.trashed && f.folder === folder && f.id !== except && f.name.toLowerCase() === n.toLowerCase(),
    )
  )
    return 'A file with this name is already there';
  return null;
}

export function renameFile(data: FilesData, id: number, name: string, now: number): string | null {
  const f = data.files.find((x) => x.id === id);
  if (!f) return 'Enter a name';
  const problem = nameProblem(data, f.folder, name, id);
  if (problem) return problem;
  f.name = name.trim();
  f.kind = kindOf(f.name);
  f.modifiedAt = now;
  return null;
}

export function moveFile(data: FilesData, id: number, folder: string): string | null {
  const f = data.files.find((x) => x.id === id);
  if (!f) return null;
  if (f.folder === folder) return 'It is already in this folder';
  const problem = nameProblem(data, folder, f.name, id);
  if (problem) return problem;
  f.folder = folder;
  return null;
}

/** @returns the error text key, or null when made */
export function makeFolder(data: FilesData, parent: string, name: string): string | null {
  const n = name.trim();
  if (!n) return 'Enter a name';
  if (n.includes('/')) return 'A name cannot contain /';
  const path = parent ? `${parent}/${n}` : n;
  if (data.folders.some((f) => f.toLowerCase() === path.toLowerCase()))
    return 'A folder with this name is already there';
  data.folders.push(path);
  return null;
}

/** Deletes a folder and everything under it: its files go to Trash. @returns how many files */
export function deleteFolder(data: FilesData, folder: string): number {
  const inside = (f: string): boolean => f === folder || f.startsWith(`${folder}/`);
  const files = data.files.filter((f) => !f.trashed && inside(f.folder));
  for (const f of files) f.trashed = true;
  data.folders = data.folders.filter((f) => !inside(f));
  return files.length;
}

/** Restores a trashed file (into its folder, made again when it was deleted). */
export function restoreFile(data: FilesData, id: number): void {
  const f = data.files.find((x) => x.id === id);
  if (!f) return;
  f.trashed = false;
  for (let folder = f.folder; folder; folder = parentOf(folder))
    if (!data.folders.includes(folder)) data.folders.push(folder);
  if (nameProblem(data, f.folder, f.name, f.id)) {
    const dot = f.name.lastIndexOf('.');
    f.name = dot > 0 ? `${f.name.slice(0, dot)} (1)${f.name.slice(dot)}` : `${f.name} (1)`;
  }
}

export function sizeText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
