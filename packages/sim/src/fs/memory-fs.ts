import { S_IFCHR, S_IFDIR, S_IFLNK, S_IFMT, S_IFREG, VirtualFsError, splitPath } from './virtual-fs.ts';
import type { VirtualFs, VirtualFsStat } from './virtual-fs.ts';

interface FileNode {
  kind: 'file';
  /** Permission bits plus S_IFREG (or S_IFCHR for device nodes). */
  mode: number;
  mtime: number;
  /** Appends add chunks; reads merge them once. Chunks are never mutated in place. */
  chunks: Uint8Array[];
  size: number;
}
interface DirNode {
  kind: 'dir';
  mode: number;
  mtime: number;
  children: Map<string, Node>;
}
interface LinkNode {
  kind: 'link';
  mode: number;
  mtime: number;
  target: string;
}
type Node = FileNode | DirNode | LinkNode;

interface Lookup {
  /** The directory holding the last component (undefined for `/`). */
  dir: DirNode | undefined;
  name: string;
  node: Node | undefined;
  /** The resolved absolute path of the last component. */
  path: string;
}

const MAX_LINK_HOPS = 40;

export interface MemoryFsOptions {
  /** Clock for new mtimes, in milliseconds (the device clock); Date.now by default. */
  now?: () => number;
}

/** An in-memory VirtualFs: files, directories and symbolic links with modes and mtimes. */
export class MemoryFs implements VirtualFs {
  private root: DirNode;
  private readonly now: () => number;

  constructor(options: MemoryFsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.root = { kind: 'dir', mode: S_IFDIR | 0o755, mtime: this.seconds(), children: new Map() };
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Walks `path`; intermediate links are always followed, the last one only if `followLast`. */
  private lookup(path: string, followLast: boolean): Lookup {
    let queue = splitPath(path);
    if (path.endsWith('/')) followLast = true;
    let stack: DirNode[] = [this.root];
    let names: string[] = [];
    let hops = 0;
    while (queue.length > 0) {
      const [comp, ...rest] = queue as [string, ...string[]];
      queue = rest;
      const dir = stack[stack.length - 1] as DirNode;
      if (comp === '..') {
        if (stack.length > 1) {
          stack.pop();
          names.pop();
        }
        if (queue.length === 0) return this.selfOf(stack, names);
        continue;
      }
      const isLast = queue.length === 0;
      const child = dir.children.get(comp);
      if (child?.kind === 'link' && (!isLast || followLast)) {
        if (++hops > MAX_LINK_HOPS) throw new VirtualFsError('ELOOP', path);
        queue = [...splitPath(child.target), ...queue];
        if (child.target.startsWith('/')) {
          stack = [this.root];
          names = [];
        }
        if (queue.length === 0) return this.selfOf(stack, names);
        continue;
      }
      if (isLast) return { dir, name: comp, node: child, path: `/${[...names, comp].join('/')}` };
      if (child === undefined) throw new VirtualFsError('ENOENT', path);
      if (child.kind !== 'dir') throw new VirtualFsError('ENOTDIR', path);
      stack.push(child);
      names.push(comp);
    }
    return this.selfOf(stack, names);
  }

  /** The lookup result for the directory on top of the stack (paths like `/`, `a/..`, links to dirs). */
  private selfOf(stack: DirNode[], names: string[]): Lookup {
    const node = stack[stack.length - 1] as DirNode;
    const parent = stack.length > 1 ? stack[stack.length - 2] : undefined;
    return { dir: parent, name: names[names.length - 1] ?? '', node, path: `/${names.join('/')}` };
  }

  private existing(path: string, followLast = true): Node {
    const found = this.lookup(path, followLast);
    if (!found.node) throw new VirtualFsError('ENOENT', path);
    if (path.endsWith('/') && found.node.kind !== 'dir') throw new VirtualFsError('ENOTDIR', path);
    return found.node;
  }

  private statOf(node: Node): VirtualFsStat {
    const size =
      node.kind === 'file' ? node.size : node.kind === 'link' ? new TextEncoder().encode(node.target).length : 4096;
    return { mode: node.mode, size, mtime: node.mtime };
  }

  stat(path: string): VirtualFsStat | undefined {
    return this.tryStat(path, true);
  }

  lstat(path: string): VirtualFsStat | undefined {
    return this.tryStat(path, false);
  }

  private tryStat(path: string, follow: boolean): VirtualFsStat | undefined {
    try {
      return this.statOf(this.existing(path, follow));
    } catch (error) {
      if (error instanceof VirtualFsError) return undefined;
      throw error;
    }
  }

  readFile(path: string): Uint8Array {
    const node = this.existing(path);
    if (node.kind === 'dir') throw new VirtualFsError('EISDIR', path);
    if (node.kind !== 'file') throw new VirtualFsError('EINVAL', path);
    if (node.chunks.length > 1) node.chunks = [Buffer.concat(node.chunks, node.size)];
    return node.chunks[0] ?? new Uint8Array(0);
  }

  /** The slot a new file or directory goes into; the parent must exist (or is created). */
  private slotFor(path: string, createParents: boolean): Lookup {
    if (createParents) {
      const parts = splitPath(path);
      if (parts.length > 1) this.mkdir(`/${parts.slice(0, -1).join('/')}`, { parents: true });
    }
    let found: Lookup;
    try {
      found = this.lookup(path, true);
    } catch (error) {
      if (error instanceof VirtualFsError && error.errno === 'ENOENT') throw new VirtualFsError('ENOENT', path);
      throw error;
    }
    if (!found.dir) throw new VirtualFsError('EISDIR', path);
    return found;
  }

  writeFile(
    path: string,
    data: Uint8Array,
    options: { mode?: number; mtime?: number; createParents?: boolean } = {},
  ): void {
    const found = this.slotFor(path, options.createParents ?? false);
    const existing = found.node;
    if (existing?.kind === 'dir') throw new VirtualFsError('EISDIR', path);
    const copy = Uint8Array.prototype.slice.call(data);
    const mtime = options.mtime ?? this.seconds();
    if (existing?.kind === 'file') {
      existing.chunks = [copy];
      existing.size = copy.length;
      existing.mtime = mtime;
      if (options.mode !== undefined) existing.mode = (existing.mode & S_IFMT) | (options.mode & 0o7777);
      return;
    }
    (found.dir as DirNode).children.set(found.name, {
      kind: 'file',
      mode: S_IFREG | ((options.mode ?? 0o644) & 0o7777),
      mtime,
      chunks: [copy],
      size: copy.length,
    });
    (found.dir as DirNode).mtime = this.seconds();
  }

  appendFile(path: string, data: Uint8Array): void {
    const found = this.slotFor(path, false);
    const node = found.node;
    if (node === undefined) {
      this.writeFile(path, data);
      return;
    }
    if (node.kind === 'dir') throw new VirtualFsError('EISDIR', path);
    if (node.kind !== 'file') throw new VirtualFsError('EINVAL', path);
    if ((node.mode & S_IFMT) !== S_IFREG) return; // device nodes (/dev/null) swallow writes
    node.chunks.push(Uint8Array.prototype.slice.call(data));
    node.size += data.length;
    node.mtime = this.seconds();
  }

  mkdir(path: string, options: { parents?: boolean; mode?: number } = {}): void {
    const mode = S_IFDIR | ((options.mode ?? 0o755) & 0o7777);
    if (!options.parents) {
      const found = this.slotFor(path, false);
      if (found.node) throw new VirtualFsError('EEXIST', path);
      (found.dir as DirNode).children.set(found.name, {
        kind: 'dir',
        mode,
        mtime: this.seconds(),
        children: new Map(),
      });
      return;
    }
    const parts = splitPath(path);
    for (let i = 1; i <= parts.length; i++) {
      const prefix = `/${parts.slice(0, i).join('/')}`;
      const found = this.lookup(prefix, true);
      if (found.node?.kind === 'dir') continue;
      if (found.node) throw new VirtualFsError(i === parts.length ? 'EEXIST' : 'ENOTDIR', path);
      if (!found.dir) throw new VirtualFsError('ENOENT', path);
      found.dir.children.set(found.name, { kind: 'dir', mode, mtime: this.seconds(), children: new Map() });
    }
  }

  readdir(path: string): string[] {
    const node = this.existing(path);
    if (node.kind !== 'dir') throw new VirtualFsError('ENOTDIR', path);
    return [...node.children.keys()].sort();
  }

  remove(path: string, options: { recursive?: boolean } = {}): void {
    const found = this.lookup(path, false);
    if (!found.node) throw new VirtualFsError('ENOENT', path);
    if (!found.dir) throw new VirtualFsError('EACCES', path);
    if (found.node.kind === 'dir' && found.node.children.size > 0 && !options.recursive)
      throw new VirtualFsError('ENOTEMPTY', path);
    found.dir.children.delete(found.name);
    found.dir.mtime = this.seconds();
  }

  rename(from: string, to: string): void {
    const source = this.lookup(from, false);
    if (!source.node || !source.dir) throw new VirtualFsError('ENOENT', from);
    const target = this.slotFor(to, false);
    if (target.node?.kind === 'dir') {
      if (source.node.kind !== 'dir') throw new VirtualFsError('EISDIR', to);
      if (target.node.children.size > 0) throw new VirtualFsError('ENOTEMPTY', to);
    } else if (target.node && source.node.kind === 'dir') {
      throw new VirtualFsError('ENOTDIR', to);
    }
    if (source.node.kind === 'dir' && (target.path === source.path || target.path.startsWith(`${source.path}/`))) {
      throw new VirtualFsError('EINVAL', to);
    }
    source.dir.children.delete(source.name);
    (target.dir as DirNode).children.set(target.name, source.node);
  }

  symlink(target: string, path: string): void {
    const found = this.lookup(path, false);
    if (found.node) throw new VirtualFsError('EEXIST', path);
    if (!found.dir) throw new VirtualFsError('EEXIST', path);
    found.dir.children.set(found.name, { kind: 'link', mode: S_IFLNK | 0o777, mtime: this.seconds(), target });
  }

  readlink(path: string): string {
    const node = this.existing(path, false);
    if (node.kind !== 'link') throw new VirtualFsError('EINVAL', path);
    return node.target;
  }

  realpath(path: string): string {
    return this.lookup(path, true).path;
  }

  chmod(path: string, mode: number): void {
    const node = this.existing(path);
    node.mode = (node.mode & S_IFMT) | (mode & 0o7777);
  }

  setMtime(path: string, mtime: number): void {
    this.existing(path).mtime = mtime;
  }

  /** Adds a character device node (e.g. /dev/null) that reads empty and swallows writes. */
  mknodChar(path: string, mode = 0o666): void {
    const found = this.slotFor(path, false);
    (found.dir as DirNode).children.set(found.name, {
      kind: 'file',
      mode: S_IFCHR | (mode & 0o7777),
      mtime: this.seconds(),
      chunks: [],
      size: 0,
    });
  }

  clone(): MemoryFs {
    const copy = new MemoryFs({ now: this.now });
    copy.root = cloneNode(this.root) as DirNode;
    return copy;
  }

  /** Replaces this tree with a copy of `source`'s (restoring a snapshot in place). */
  restoreFrom(source: MemoryFs): void {
    this.root = cloneNode(source.root) as DirNode;
  }
}

function cloneNode(node: Node): Node {
  switch (node.kind) {
    case 'file':
      return { ...node, chunks: [...node.chunks] };
    case 'link':
      return { ...node };
    case 'dir':
      return { ...node, children: new Map([...node.children].map(([name, child]) => [name, cloneNode(child)])) };
  }
}
