import { MemoryFs } from './memory-fs.ts';
import type { MemoryFsOptions } from './memory-fs.ts';
import { resolvePath } from './virtual-fs.ts';
import type { VirtualFs } from './virtual-fs.ts';

/** Where the shell user may create, change and delete files (as on a stock phone). */
export const SHELL_WRITABLE_ROOTS: readonly string[] = ['/storage/emulated', '/data/local/tmp', '/dev/null'];

/** Trees the shell user cannot write to for a reason other than permissions. */
const READ_ONLY_ROOTS: readonly string[] = ['/system', '/vendor', '/product', '/system_ext', '/odm', '/apex'];

/**
 * The programs in /system/bin: exactly the simulated shell's commands (a unit test keeps the
 * two equal), so `ls /system/bin` lists nothing that then answers "not found". The `sim-*`
 * programs are the simulator's own controls.
 */
export const SYSTEM_BIN: readonly string[] = [
  '[',
  'am',
  'app_process',
  'app_process32',
  'app_process64',
  'base64',
  'basename',
  'cat',
  'chmod',
  'cmd',
  'content',
  'cp',
  'cut',
  'date',
  'dirname',
  'dumpsys',
  'echo',
  'egrep',
  'env',
  'false',
  'fgrep',
  'find',
  'getprop',
  'grep',
  'head',
  'id',
  'ifconfig',
  'ime',
  'input',
  'ip',
  'kill',
  'ln',
  'logcat',
  'ls',
  'md5sum',
  'mkdir',
  'mksh',
  'monkey',
  'mv',
  'pgrep',
  'pidof',
  'pkill',
  'pm',
  'printf',
  'ps',
  'pwd',
  'readlink',
  'realpath',
  'reboot',
  'rm',
  'rmdir',
  'screencap',
  'screenrecord',
  'sed',
  'setprop',
  'settings',
  'sh',
  'sha1sum',
  'sha256sum',
  'sim-clock',
  'sim-disturb',
  'sim-reset',
  'sim-snapshot',
  'sim-state',
  'sleep',
  'sort',
  'stat',
  'svc',
  'tail',
  'tee',
  'test',
  'touch',
  'toybox',
  'tr',
  'true',
  'uiautomator',
  'uname',
  'uniq',
  'uptime',
  'wc',
  'which',
  'whoami',
  'wm',
  'xargs',
];

const STORAGE_DIRS = [
  'Alarms',
  'Android',
  'Audiobooks',
  'DCIM',
  'Documents',
  'Download',
  'Movies',
  'Music',
  'Notifications',
  'Pictures',
  'Podcasts',
  'Recordings',
  'Ringtones',
];

/**
 * A fresh Android-shaped file system: `/sdcard` → `/storage/self/primary` →
 * `/storage/emulated/0` with the usual media folders, `/data/local/tmp`, `/system/bin`, `/dev/null`.
 */
export function createAndroidFs(options: MemoryFsOptions = {}): MemoryFs {
  const fs = new MemoryFs(options);
  for (const dir of [
    '/system/bin',
    '/system/etc',
    '/system/app',
    '/system/priv-app',
    '/system/framework',
    '/vendor',
    '/product/app',
    '/apex',
    '/proc',
    '/mnt',
    '/cache',
    '/config',
    '/data/app',
    '/data/data',
    '/data/user',
    '/data/system',
  ]) {
    fs.mkdir(dir, { parents: true });
  }
  fs.mkdir('/data', { parents: true, mode: 0o771 });
  fs.chmod('/data', 0o771);
  fs.mkdir('/data/local/tmp', { parents: true });
  fs.chmod('/data/local', 0o751);
  fs.chmod('/data/local/tmp', 0o771);
  fs.mkdir('/storage/emulated/0', { parents: true, mode: 0o770 });
  fs.mkdir('/storage/self', { parents: true });
  fs.symlink('/storage/emulated/0', '/storage/self/primary');
  fs.symlink('/storage/self/primary', '/sdcard');
  fs.symlink('/storage/self/primary', '/mnt/sdcard');
  fs.symlink('/system/etc', '/etc');
  fs.symlink('/system/bin', '/bin');
  for (const dir of STORAGE_DIRS) fs.mkdir(`/storage/emulated/0/${dir}`, { mode: 0o770 });
  fs.mkdir('/dev', { parents: true });
  fs.mknodChar('/dev/null');
  for (const name of SYSTEM_BIN) fs.writeFile(`/system/bin/${name}`, new Uint8Array(0), { mode: 0o755 });
  fs.writeFile(
    '/system/etc/hosts',
    new TextEncoder().encode('127.0.0.1       localhost\n::1             ip6-localhost\n'),
  );
  return fs;
}

/**
 * Whether the shell user (uid 2000) — or root, after `adb root` — may write at `path`: 'ok',
 * or the errno a real phone gives (EROFS for the system partitions, EACCES elsewhere for the
 * shell user).
 */
export function shellWriteAccess(
  fs: VirtualFs,
  path: string,
  user: 'shell' | 'root' = 'shell',
): 'ok' | 'EROFS' | 'EACCES' {
  let real: string;
  try {
    real = fs.realpath(resolvePath('/', path));
  } catch {
    // Unresolvable paths fail later with the file system's own errno.
    return 'ok';
  }
  const under = (root: string) => real === root || real.startsWith(`${root}/`);
  if (SHELL_WRITABLE_ROOTS.some(under)) return 'ok';
  if (READ_ONLY_ROOTS.some(under) || real === '/') return 'EROFS';
  if (user === 'root') return 'ok';
  if (!real.slice(1).includes('/')) return 'EROFS';
  return 'EACCES';
}
