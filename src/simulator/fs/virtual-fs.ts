/**
 * The simulated phone's in-memory file system (/sdcard, /data/local/tmp, …), shared by the
 * shell (redirections, `cat`, `ls`, `rm`, `uiautomator dump FILE`) and the sync service.
 * Paths are absolute POSIX paths.
 */
export interface VirtualFsStat {
  /** Full st_mode: 0o100644 for a regular file, 0o040755 for a directory. */
  mode: number;
  size: number;
  /** Seconds since epoch. */
  mtime: number;
}

export interface VirtualFs {
  stat(path: string): VirtualFsStat | undefined;
  readFile(path: string): Uint8Array;
  writeFile(path: string, data: Uint8Array, options?: { mode?: number; mtime?: number; createParents?: boolean }): void;
  appendFile(path: string, data: Uint8Array): void;
  mkdir(path: string, options?: { parents?: boolean }): void;
  readdir(path: string): string[];
  remove(path: string, options?: { recursive?: boolean }): void;
  /** A deep copy, for snapshots and reset. */
  clone(): VirtualFs;
}
