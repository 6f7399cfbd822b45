/**
 * The simulated phone's in-memory file system (/sdcard, /data/local/tmp, …), shared by the
 * shell (redirections, `cat`, `ls`, `rm`, `uiautomator dump FILE`) and the sync service.
 * Paths are absolute POSIX paths; a relative path is taken from `/`. Symbolic links are
 * followed like Linux does (`/sdcard` → `/storage/self/primary` → `/storage/emulated/0`).
 */
import { MobaError } from '@moba/base';
import type { ErrorCode } from '@moba/base';

export interface VirtualFsStat {
  /** Full st_mode: 0o100644 for a regular file, 0o040755 for a directory, 0o120777 for a link. */
  mode: number;
  size: number;
  /** Seconds since epoch. */
  mtime: number;
}

export const S_IFMT = 0o170000;
export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;
export const S_IFLNK = 0o120000;
export const S_IFCHR = 0o020000;

export const isDirectoryMode = (mode: number): boolean => (mode & S_IFMT) === S_IFDIR;
export const isSymlinkMode = (mode: number): boolean => (mode & S_IFMT) === S_IFLNK;

/** The errno values the file system reports; shell and sync turn them into Android's messages. */
export type VirtualFsErrno =
  | 'ENOENT'
  | 'EEXIST'
  | 'ENOTDIR'
  | 'EISDIR'
  | 'ENOTEMPTY'
  | 'EROFS'
  | 'EACCES'
  | 'EINVAL'
  | 'ELOOP';

/** strerror() as bionic words it. */
export const STRERROR: Readonly<Record<VirtualFsErrno, string>> = {
  ENOENT: 'No such file or directory',
  EEXIST: 'File exists',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  ENOTEMPTY: 'Directory not empty',
  EROFS: 'Read-only file system',
  EACCES: 'Permission denied',
  EINVAL: 'Invalid argument',
  ELOOP: 'Too many symbolic links encountered',
};

const ERRNO_CODE: Readonly<Record<VirtualFsErrno, ErrorCode>> = {
  ENOENT: 'NOT_FOUND',
  EEXIST: 'CONFLICT',
  ENOTEMPTY: 'CONFLICT',
  ENOTDIR: 'INVALID_INPUT',
  EISDIR: 'INVALID_INPUT',
  EINVAL: 'INVALID_INPUT',
  ELOOP: 'INVALID_INPUT',
  EROFS: 'UNAUTHORIZED',
  EACCES: 'UNAUTHORIZED',
};

/** A failed file-system call. `message` is the bare strerror text; `path` is the path asked for. */
export class VirtualFsError extends MobaError {
  override name = 'VirtualFsError';
  readonly errno: VirtualFsErrno;
  readonly path: string;

  constructor(errno: VirtualFsErrno, path: string) {
    super(ERRNO_CODE[errno], STRERROR[errno], { details: { errno, path } });
    this.errno = errno;
    this.path = path;
  }
}

export interface VirtualFs {
  /** Follows symbolic links; undefined when the path does not exist. */
  stat(path: string): VirtualFsStat | undefined;
  /** Like stat but describes a final symbolic link itself (unless the path ends with '/'). */
  lstat(path: string): VirtualFsStat | undefined;
  /** @throws VirtualFsError ENOENT, EISDIR, ENOTDIR. */
  readFile(path: string): Uint8Array;
  /**
   * Creates or truncates a regular file. The data is copied. `mode` is the permission part
   * (type bits are ignored); `mtime` in seconds.
   * @throws VirtualFsError ENOENT (missing parent without createParents), EISDIR, ENOTDIR.
   */
  writeFile(path: string, data: Uint8Array, options?: { mode?: number; mtime?: number; createParents?: boolean }): void;
  /** Appends to a regular file, creating it when missing. */
  appendFile(path: string, data: Uint8Array): void;
  /** @throws VirtualFsError EEXIST (unless parents), ENOENT (missing parent unless parents). */
  mkdir(path: string, options?: { parents?: boolean; mode?: number }): void;
  /** Entry names, sorted, without `.` and `..`. @throws ENOENT, ENOTDIR. */
  readdir(path: string): string[];
  /** Removes a file, link or (with recursive, or when empty) a directory. @throws ENOENT, ENOTEMPTY. */
  remove(path: string, options?: { recursive?: boolean }): void;
  /** Moves a node; replaces an existing file at `to`. */
  rename(from: string, to: string): void;
  symlink(target: string, path: string): void;
  /** @throws VirtualFsError EINVAL when the path is not a link. */
  readlink(path: string): string;
  /** The absolute path with every link resolved; the last component need not exist. */
  realpath(path: string): string;
  /** Sets the permission bits (type bits are kept). */
  chmod(path: string, mode: number): void;
  /** Sets the modification time (seconds). */
  setMtime(path: string, mtime: number): void;
  /** A deep copy, for snapshots and reset. */
  clone(): VirtualFs;
}

/** Splits an absolute or relative path into its components ('.' and empty ones dropped). */
export function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part !== '' && part !== '.');
}

/** Joins `path` onto `cwd` when it is relative, and normalises `.`/`..`/duplicate slashes. */
export function resolvePath(cwd: string, path: string): string {
  const parts: string[] = [];
  for (const part of splitPath(path.startsWith('/') ? path : `${cwd}/${path}`)) {
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export function basename(path: string): string {
  const parts = splitPath(path);
  return parts[parts.length - 1] ?? '/';
}
