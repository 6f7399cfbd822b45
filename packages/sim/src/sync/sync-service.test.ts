import { describe, expect, it } from 'vitest';
import type { Disposable } from '@moba/base';
import type { AdbSocket } from '../adb/socket.ts';
import { parseService } from '../adb/services.ts';
import { createAndroidFs } from '../fs/android-fs.ts';
import type { MemoryFs } from '../fs/memory-fs.ts';
import { S_IFLNK } from '../fs/virtual-fs.ts';
import { SYNC_DATA_MAX, createSyncService } from './sync-service.ts';

/** An AdbSocket that records what the service writes and lets the test feed host bytes. */
class RecordingSocket implements AdbSocket {
  readonly service = 'sync:';
  private readonly abort = new AbortController();
  private readonly dataListeners: Array<(data: Uint8Array) => void> = [];
  written: Buffer = Buffer.alloc(0);
  ended = false;

  get closed(): boolean {
    return this.ended;
  }
  get signal(): AbortSignal {
    return this.abort.signal;
  }
  get bufferedAmount(): number {
    return 0;
  }
  async write(data: Uint8Array | string): Promise<boolean> {
    if (this.ended) return false;
    this.written = Buffer.concat([this.written, typeof data === 'string' ? Buffer.from(data) : data]);
    return true;
  }
  async end(): Promise<void> {
    this.ended = true;
    this.abort.abort();
  }
  close(): void {
    this.ended = true;
  }
  onDidReceiveData(listener: (data: Uint8Array) => void): Disposable {
    this.dataListeners.push(listener);
    return { dispose: () => undefined };
  }
  onDidClose(): Disposable {
    return { dispose: () => undefined };
  }
  pause(): void {}
  resume(): void {}
  feed(data: Uint8Array): void {
    for (const listener of this.dataListeners) listener(data);
  }
}

function request(id: string, value: number | string, payload?: Uint8Array): Buffer {
  const body = typeof value === 'string' ? Buffer.from(value) : undefined;
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(body ? body.length : (value as number), 4);
  return Buffer.concat([head, body ?? payload ?? Buffer.alloc(0)]);
}

function open(): { fs: MemoryFs; socket: RecordingSocket } {
  const fs = createAndroidFs({ now: () => Date.UTC(2025, 5, 2, 9) });
  const socket = new RecordingSocket();
  expect(createSyncService(() => fs)(socket, parseService('sync:'))).toBe(true);
  return { fs, socket };
}

/** Feeds bytes one at a time: every message spans many chunks. */
function feedBytewise(socket: RecordingSocket, bytes: Buffer): void {
  for (const byte of bytes) socket.feed(Buffer.from([byte]));
}

describe('sync service', () => {
  it('answers STAT with lstat fields, and zeros for a missing path', () => {
    const { fs, socket } = open();
    fs.writeFile('/sdcard/a.txt', Buffer.from('hello'), { mtime: 1234 });
    feedBytewise(
      socket,
      Buffer.concat([request('STAT', '/sdcard/a.txt'), request('STAT', '/sdcard/none'), request('STAT', '/sdcard')]),
    );
    const w = socket.written;
    expect(w.subarray(0, 4).toString()).toBe('STAT');
    expect([w.readUInt32LE(4), w.readUInt32LE(8), w.readUInt32LE(12)]).toEqual([0o100644, 5, 1234]);
    expect(w.subarray(16, 32).equals(Buffer.concat([Buffer.from('STAT'), Buffer.alloc(12)]))).toBe(true);
    expect(w.readUInt32LE(36)).toBe(S_IFLNK | 0o777);
  });

  it('lists a directory with . and .., then DONE and 16 zero bytes', () => {
    const { fs, socket } = open();
    fs.writeFile('/sdcard/Download/x.bin', Buffer.from('xyz'));
    socket.feed(request('LIST', '/sdcard/Download'));
    const names: string[] = [];
    let at = 0;
    const w = socket.written;
    while (w.subarray(at, at + 4).toString() === 'DENT') {
      const length = w.readUInt32LE(at + 16);
      names.push(w.subarray(at + 20, at + 20 + length).toString());
      at += 20 + length;
    }
    expect(names).toEqual(['.', '..', 'x.bin']);
    expect(w.subarray(at).equals(Buffer.concat([Buffer.from('DONE'), Buffer.alloc(16)]))).toBe(true);
  });

  it('receives SEND with the path split at the last comma, DATA chunks and DONE mtime', () => {
    const { fs, socket } = open();
    const data = Buffer.alloc(150_000, 7);
    const chunks = [
      data.subarray(0, SYNC_DATA_MAX),
      data.subarray(SYNC_DATA_MAX, 2 * SYNC_DATA_MAX),
      data.subarray(2 * SYNC_DATA_MAX),
    ];
    const stream = Buffer.concat([
      request('SEND', '/sdcard/new dir/a,b.txt,33261'),
      ...chunks.map((c) => request('DATA', c.length, c)),
      request('DONE', 1_700_000_000),
      request('QUIT', 0),
    ]);
    // Several messages per chunk and messages split across chunks.
    for (let at = 0; at < stream.length; at += 50_001) socket.feed(stream.subarray(at, at + 50_001));
    expect(socket.written.equals(request('OKAY', 0))).toBe(true);
    expect(Buffer.from(fs.readFile('/sdcard/new dir/a,b.txt')).equals(data)).toBe(true);
    expect(fs.stat('/sdcard/new dir/a,b.txt')).toEqual({ mode: 0o100755, size: data.length, mtime: 1_700_000_000 });
    expect(socket.ended).toBe(true);
  });

  it('creates a symbolic link when SEND carries S_IFLNK', () => {
    const { fs, socket } = open();
    socket.feed(
      Buffer.concat([
        request('SEND', `/data/local/tmp/link,${S_IFLNK | 0o777}`),
        request('DATA', 7, Buffer.from('/sdcard')),
        request('DONE', 0),
      ]),
    );
    expect(fs.readlink('/data/local/tmp/link')).toBe('/sdcard');
  });

  it('sends RECV as DATA chunks of at most 64 KiB, then DONE', () => {
    const { fs, socket } = open();
    const data = Buffer.alloc(200_000);
    for (let i = 0; i < data.length; i++) data[i] = i % 251;
    fs.writeFile('/data/local/tmp/big', data);
    socket.feed(request('RECV', '/data/local/tmp/big'));
    const parts: Buffer[] = [];
    let at = 0;
    const w = socket.written;
    while (w.subarray(at, at + 4).toString() === 'DATA') {
      const length = w.readUInt32LE(at + 4);
      expect(length).toBeLessThanOrEqual(SYNC_DATA_MAX);
      parts.push(w.subarray(at + 8, at + 8 + length));
      at += 8 + length;
    }
    expect(Buffer.concat(parts).equals(data)).toBe(true);
    expect(w.subarray(at).equals(request('DONE', 0))).toBe(true);
  });

  it('fails RECV of a missing file with FAIL and closes the stream', () => {
    const { socket } = open();
    socket.feed(request('RECV', '/sdcard/none'));
    expect(socket.written.equals(request('FAIL', 'open failed: No such file or directory'))).toBe(true);
    expect(socket.ended).toBe(true);
  });

  it('fails SEND into a read-only place only at DONE, then closes', () => {
    const { socket } = open();
    socket.feed(Buffer.concat([request('SEND', '/system/x,33188'), request('DATA', 1, Buffer.from('x'))]));
    expect(socket.written.length).toBe(0);
    socket.feed(request('DONE', 0));
    expect(socket.written.equals(request('FAIL', "couldn't create file: Read-only file system"))).toBe(true);
    expect(socket.ended).toBe(true);
  });

  it('rejects oversized DATA, overlong paths and unknown requests', () => {
    const big = open();
    big.socket.feed(Buffer.concat([request('SEND', '/sdcard/x,33188'), request('DATA', SYNC_DATA_MAX + 1)]));
    expect(big.socket.written.subarray(0, 4).toString()).toBe('FAIL');
    expect(big.socket.ended).toBe(true);
    const long = open();
    long.socket.feed(request('STAT', 5000));
    expect(long.socket.written.subarray(0, 4).toString()).toBe('FAIL');
    const unknown = open();
    unknown.socket.feed(request('STA2', '/sdcard'));
    expect(unknown.socket.written.equals(request('FAIL', 'unknown command STA2'))).toBe(true);
    expect(unknown.socket.ended).toBe(true);
  });
});
