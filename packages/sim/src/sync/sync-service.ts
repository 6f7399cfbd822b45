/**
 * The `sync:` service, protocol v1: STAT, LIST, SEND, RECV, QUIT. Requests are parsed from a
 * per-stream byte buffer (a message may span WRTEs, one WRTE may carry several). Any FAIL is
 * followed by closing the stream, as adbd does — a client waiting for more would hang.
 */
import { shellWriteAccess } from '../fs/android-fs.ts';
import { STRERROR, S_IFLNK, S_IFMT, VirtualFsError, isDirectoryMode } from '../fs/virtual-fs.ts';
import type { VirtualFs, VirtualFsStat } from '../fs/virtual-fs.ts';
import type { AdbSocket } from '../adb/socket.ts';
import type { ServiceHandler } from '../adb/services.ts';

/** Largest DATA chunk either side may send (SYNC_DATA_MAX). */
export const SYNC_DATA_MAX = 64 * 1024;
/** Longest path adbd accepts in a request. */
const SYNC_PATH_MAX = 1024;

const id = (text: string): number => Buffer.from(text, 'latin1').readUInt32LE(0);
const ID_STAT = id('STAT');
const ID_LIST = id('LIST');
const ID_SEND = id('SEND');
const ID_RECV = id('RECV');
const ID_QUIT = id('QUIT');
const ID_DATA = id('DATA');
const ID_DONE = id('DONE');

function message(name: string, value: number, payload?: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.write(name, 0, 'latin1');
  head.writeUInt32LE(value >>> 0, 4);
  return payload ? Buffer.concat([head, payload]) : head;
}

function statReply(stat: VirtualFsStat | undefined): Buffer {
  const out = Buffer.alloc(16);
  out.write('STAT', 0, 'latin1');
  if (stat) {
    out.writeUInt32LE(stat.mode >>> 0, 4);
    out.writeUInt32LE(Math.min(stat.size, 0xffffffff), 8);
    out.writeUInt32LE(stat.mtime >>> 0, 12);
  }
  return out;
}

function dent(name: string, stat: VirtualFsStat): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const out = Buffer.alloc(20);
  out.write('DENT', 0, 'latin1');
  out.writeUInt32LE(stat.mode >>> 0, 4);
  out.writeUInt32LE(Math.min(stat.size, 0xffffffff), 8);
  out.writeUInt32LE(stat.mtime >>> 0, 12);
  out.writeUInt32LE(nameBytes.length, 16);
  return Buffer.concat([out, nameBytes]);
}

class SyncSession {
  private readonly socket: AdbSocket;
  private readonly fsOf: () => VirtualFs;
  private readonly userOf: () => 'shell' | 'root';
  private buffer: Buffer = Buffer.alloc(0);
  /** Set while receiving a file: path, mode and the DATA chunks so far. */
  private upload: { path: string; mode: number; chunks: Buffer[]; size: number; failure?: string } | undefined;
  private finished = false;

  constructor(socket: AdbSocket, fsOf: () => VirtualFs, userOf: () => 'shell' | 'root') {
    this.socket = socket;
    this.fsOf = fsOf;
    this.userOf = userOf;
    socket.onDidReceiveData((data) => this.onData(data));
  }

  private onData(data: Uint8Array): void {
    if (this.finished) return;
    // The transport hands over payloads it owns, so a view (not a copy) is enough.
    const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    this.buffer = this.buffer.length === 0 ? view : Buffer.concat([this.buffer, view]);
    while (!this.finished && this.buffer.length >= 8) {
      const request = this.buffer.readUInt32LE(0);
      const length = this.buffer.readUInt32LE(4);
      if (this.upload) {
        if (request === ID_DATA) {
          if (length > SYNC_DATA_MAX) return this.fail('data too large');
          if (this.buffer.length < 8 + length) return;
          if (!this.upload.failure) {
            this.upload.chunks.push(this.buffer.subarray(8, 8 + length));
            this.upload.size += length;
          }
          this.buffer = this.buffer.subarray(8 + length);
          continue;
        }
        if (request === ID_DONE) {
          this.buffer = this.buffer.subarray(8);
          this.finishUpload(length);
          continue;
        }
        return this.fail(`invalid data message: expected DATA or DONE, got ${this.name(request)}`);
      }
      if (request === ID_QUIT) {
        this.finished = true;
        void this.socket.end();
        return;
      }
      if (length > SYNC_PATH_MAX) return this.fail(`path too long: ${length}`);
      if (this.buffer.length < 8 + length) return;
      const path = this.buffer.subarray(8, 8 + length).toString('utf8');
      this.buffer = this.buffer.subarray(8 + length);
      switch (request) {
        case ID_STAT:
          // v1 STAT is lstat(); a missing path answers all zeros, not FAIL.
          void this.socket.write(statReply(this.tryStat(path, true)));
          break;
        case ID_LIST:
          this.list(path);
          break;
        case ID_SEND:
          this.startUpload(path);
          break;
        case ID_RECV:
          this.download(path);
          break;
        default:
          return this.fail(`unknown command ${this.name(request)}`);
      }
    }
  }

  private name(request: number): string {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(request >>> 0, 0);
    return /^[\x20-\x7e]{4}$/.test(bytes.toString('latin1')) ? bytes.toString('latin1') : `0x${request.toString(16)}`;
  }

  private tryStat(path: string, link: boolean): VirtualFsStat | undefined {
    try {
      const fs = this.fsOf();
      return link ? fs.lstat(path) : fs.stat(path);
    } catch (error) {
      if (error instanceof VirtualFsError) return undefined;
      throw error;
    }
  }

  private list(path: string): void {
    const fs = this.fsOf();
    const parts: Buffer[] = [];
    const self = this.tryStat(path, false);
    if (self && isDirectoryMode(self.mode)) {
      parts.push(dent('.', self));
      const parent = this.tryStat(`${path.replace(/\/+$/, '')}/..`, false) ?? self;
      parts.push(dent('..', parent));
      for (const name of fs.readdir(path)) {
        const stat = this.tryStat(`${path.replace(/\/+$/, '')}/${name}`, true);
        if (stat) parts.push(dent(name, stat));
      }
    }
    // DONE is a whole (zeroed) dent: clients read 16 more bytes after the id.
    parts.push(Buffer.concat([Buffer.from('DONE', 'latin1'), Buffer.alloc(16)]));
    void this.socket.write(Buffer.concat(parts));
  }

  private startUpload(spec: string): void {
    const comma = spec.lastIndexOf(',');
    const path = comma < 0 ? spec : spec.slice(0, comma);
    const mode =
      comma < 0
        ? 0o100644
        : Number.parseInt(spec.slice(comma + 1), /^0[0-7]/.test(spec.slice(comma + 1)) ? 8 : 10) || 0o100644;
    const upload: NonNullable<SyncSession['upload']> = { path, mode, chunks: [], size: 0 };
    const fs = this.fsOf();
    const access = shellWriteAccess(fs, path, this.userOf());
    if (access !== 'ok') upload.failure = `couldn't create file: ${STRERROR[access]}`;
    else if (this.tryStat(path, false) && isDirectoryMode(this.tryStat(path, false)?.mode ?? 0))
      upload.failure = `couldn't create file: ${STRERROR.EISDIR}`;
    this.upload = upload;
  }

  private finishUpload(mtime: number): void {
    const upload = this.upload;
    this.upload = undefined;
    if (!upload) return;
    // Errors are reported only at DONE: the client streams the whole file first.
    if (upload.failure) return this.fail(upload.failure);
    const fs = this.fsOf();
    try {
      const data = Buffer.concat(upload.chunks, upload.size);
      if ((upload.mode & S_IFMT) === S_IFLNK) {
        if (fs.lstat(upload.path)) fs.remove(upload.path);
        fs.symlink(data.toString('utf8'), upload.path);
      } else {
        // fixed_push_mkdir: adbd creates the parent directories itself.
        fs.writeFile(upload.path, data, { mode: upload.mode & 0o7777, mtime, createParents: true });
      }
    } catch (error) {
      if (!(error instanceof VirtualFsError)) throw error;
      return this.fail(`couldn't create file: ${error.message}`);
    }
    void this.socket.write(message('OKAY', 0));
  }

  private download(path: string): void {
    let data: Uint8Array;
    try {
      data = this.fsOf().readFile(path);
    } catch (error) {
      if (!(error instanceof VirtualFsError)) throw error;
      return this.fail(`open failed: ${error.errno === 'EISDIR' ? STRERROR.EISDIR : error.message}`);
    }
    const parts: Buffer[] = [];
    for (let at = 0; at < data.length; at += SYNC_DATA_MAX) {
      const chunk = data.subarray(at, at + SYNC_DATA_MAX);
      parts.push(message('DATA', chunk.length), Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    parts.push(message('DONE', 0));
    // One write: the socket splits it into WRTEs and keeps only one in flight.
    void this.socket.write(Buffer.concat(parts));
  }

  private fail(reason: string): void {
    this.finished = true;
    this.upload = undefined;
    this.buffer = Buffer.alloc(0);
    const text = Buffer.from(reason, 'utf8');
    void this.socket.write(message('FAIL', text.length, text));
    void this.socket.end();
  }
}

/** The `sync:` service over the file system a device has at each request. */
export function createSyncService(
  fsOf: () => VirtualFs,
  userOf: () => 'shell' | 'root' = () => 'shell',
): ServiceHandler {
  return (socket) => {
    new SyncSession(socket, fsOf, userOf);
    return true;
  };
}
