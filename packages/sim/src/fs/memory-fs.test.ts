import { describe, expect, it } from 'vitest';
import { createAndroidFs, shellWriteAccess } from './android-fs.ts';
import { MemoryFs } from './memory-fs.ts';
import { S_IFDIR, S_IFLNK, S_IFREG, VirtualFsError, isDirectoryMode, resolvePath } from './virtual-fs.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

function errnoOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof VirtualFsError) return error.errno;
    throw error;
  }
  return undefined;
}

describe('MemoryFs', () => {
  it('writes, appends, reads and stats files with modes and mtimes', () => {
    let now = 1_700_000_000_000;
    const fs = new MemoryFs({ now: () => now });
    fs.mkdir('/a');
    fs.writeFile('/a/f.txt', bytes('hello'), { mode: 0o600 });
    now += 5000;
    fs.appendFile('/a/f.txt', bytes(' world'));
    expect(text(fs.readFile('/a/f.txt'))).toBe('hello world');
    expect(fs.stat('/a/f.txt')).toEqual({ mode: S_IFREG | 0o600, size: 11, mtime: 1_700_000_005 });
    expect(fs.stat('/a')?.mode).toBe(S_IFDIR | 0o755);
    expect(fs.stat('/missing')).toBeUndefined();
  });

  it('copies written data so later changes to the caller buffer do not leak in', () => {
    const fs = new MemoryFs();
    const data = bytes('abc');
    fs.writeFile('/x', data);
    data[0] = 0x7a;
    expect(text(fs.readFile('/x'))).toBe('abc');
  });

  it('reports errno values like Linux', () => {
    const fs = new MemoryFs();
    fs.writeFile('/file', bytes('x'));
    expect(errnoOf(() => fs.readFile('/nope'))).toBe('ENOENT');
    expect(errnoOf(() => fs.writeFile('/no/dir/f', bytes('')))).toBe('ENOENT');
    expect(errnoOf(() => fs.writeFile('/file/child', bytes('')))).toBe('ENOTDIR');
    expect(errnoOf(() => fs.mkdir('/file'))).toBe('EEXIST');
    expect(errnoOf(() => fs.readFile('/'))).toBe('EISDIR');
    fs.mkdir('/d/e', { parents: true });
    expect(errnoOf(() => fs.remove('/d'))).toBe('ENOTEMPTY');
    fs.remove('/d', { recursive: true });
    expect(fs.stat('/d')).toBeUndefined();
  });

  it('creates parents on request and lists directories sorted', () => {
    const fs = new MemoryFs();
    fs.writeFile('/p/q/r.bin', new Uint8Array([1, 2, 3]), { createParents: true });
    fs.writeFile('/p/q/a.bin', new Uint8Array([1]));
    expect(fs.readdir('/p/q')).toEqual(['a.bin', 'r.bin']);
    expect(errnoOf(() => fs.readdir('/p/q/a.bin'))).toBe('ENOTDIR');
  });

  it('follows symbolic links except a final one for lstat', () => {
    const fs = createAndroidFs();
    fs.writeFile('/sdcard/Download/a.txt', bytes('via link'));
    expect(text(fs.readFile('/storage/emulated/0/Download/a.txt'))).toBe('via link');
    expect(fs.lstat('/sdcard')?.mode).toBe(S_IFLNK | 0o777);
    expect(isDirectoryMode(fs.stat('/sdcard')?.mode ?? 0)).toBe(true);
    expect(isDirectoryMode(fs.lstat('/sdcard/')?.mode ?? 0)).toBe(true);
    expect(fs.realpath('/sdcard/Download/../x')).toBe('/storage/emulated/0/x');
    expect(fs.readlink('/sdcard')).toBe('/storage/self/primary');
    fs.symlink('loop2', '/loop1');
    fs.symlink('loop1', '/loop2');
    expect(errnoOf(() => fs.readFile('/loop1'))).toBe('ELOOP');
  });

  it('renames and refuses to move a directory into itself', () => {
    const fs = new MemoryFs();
    fs.mkdir('/a/b', { parents: true });
    fs.writeFile('/a/b/f', bytes('1'));
    fs.rename('/a/b/f', '/a/g');
    expect(text(fs.readFile('/a/g'))).toBe('1');
    expect(errnoOf(() => fs.rename('/a', '/a/b/c'))).toBe('EINVAL');
  });

  it('clones deeply: changes to the copy do not reach the original', () => {
    const fs = createAndroidFs();
    fs.writeFile('/sdcard/a', bytes('one'));
    const copy = fs.clone();
    copy.appendFile('/sdcard/a', bytes('two'));
    copy.remove('/sdcard/Music');
    expect(text(fs.readFile('/sdcard/a'))).toBe('one');
    expect(fs.stat('/sdcard/Music')).toBeDefined();
    fs.restoreFrom(copy);
    expect(text(fs.readFile('/sdcard/a'))).toBe('onetwo');
  });

  it('swallows writes to /dev/null', () => {
    const fs = createAndroidFs();
    fs.appendFile('/dev/null', bytes('gone'));
    expect(fs.readFile('/dev/null').length).toBe(0);
  });
});

describe('shellWriteAccess', () => {
  it('allows /sdcard and /data/local/tmp, refuses system and private paths', () => {
    const fs = createAndroidFs();
    expect(shellWriteAccess(fs, '/sdcard/x.png')).toBe('ok');
    expect(shellWriteAccess(fs, '/data/local/tmp/scrcpy-server.jar')).toBe('ok');
    expect(shellWriteAccess(fs, '/system/bin/foo')).toBe('EROFS');
    expect(shellWriteAccess(fs, '/foo')).toBe('EROFS');
    expect(shellWriteAccess(fs, '/data/data/x')).toBe('EACCES');
  });
});

describe('resolvePath', () => {
  it('joins relative paths and normalises dots', () => {
    expect(resolvePath('/sdcard', 'a/./b/../c')).toBe('/sdcard/a/c');
    expect(resolvePath('/x', '/../..//y/')).toBe('/y');
  });
});
