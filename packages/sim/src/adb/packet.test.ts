import { describe, expect, it } from 'vitest';
import {
  A_CNXN,
  A_OPEN,
  A_VERSION,
  A_VERSION_MIN,
  A_WRTE,
  HEADER_SIZE,
  PacketReader,
  encodePacket,
  parseBanner,
  payloadChecksum,
} from './packet.ts';
import { parseService } from './services.ts';

describe('encodePacket', () => {
  it('writes the little-endian header with magic and no checksum for current versions', () => {
    const bytes = encodePacket({ command: A_WRTE, arg0: 7, arg1: 9, data: new Uint8Array([1, 2, 250]) }, A_VERSION);
    expect(bytes.length).toBe(HEADER_SIZE + 3);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('WRTE');
    expect(bytes.readUInt32LE(4)).toBe(7);
    expect(bytes.readUInt32LE(8)).toBe(9);
    expect(bytes.readUInt32LE(12)).toBe(3);
    expect(bytes.readUInt32LE(16)).toBe(0);
    expect(bytes.readUInt32LE(20)).toBe((A_WRTE ^ 0xffffffff) >>> 0);
    expect([...bytes.subarray(HEADER_SIZE)]).toEqual([1, 2, 250]);
  });

  it('fills the byte-sum checksum for old peers', () => {
    const bytes = encodePacket({ command: A_WRTE, arg0: 1, arg1: 2, data: new Uint8Array([1, 2, 250]) }, A_VERSION_MIN);
    expect(bytes.readUInt32LE(16)).toBe(253);
    expect(payloadChecksum(new Uint8Array([255, 255]))).toBe(510);
  });
});

describe('PacketReader', () => {
  const open = encodePacket({ command: A_OPEN, arg0: 5, arg1: 0, data: Buffer.from('shell:echo hi\0') });
  const cnxn = encodePacket({
    command: A_CNXN,
    arg0: A_VERSION,
    arg1: 1 << 20,
    data: Buffer.from('host::features=shell_v2'),
  });

  it('reassembles packets split at every byte boundary', () => {
    const reader = new PacketReader();
    const stream = Buffer.concat([cnxn, open]);
    const seen: string[] = [];
    for (const byte of stream) {
      const { packets, error } = reader.push(Buffer.from([byte]));
      expect(error).toBeUndefined();
      for (const p of packets) seen.push(`${p.command.toString(16)}:${Buffer.from(p.data).toString()}`);
    }
    expect(seen).toEqual([`${A_CNXN.toString(16)}:host::features=shell_v2`, `${A_OPEN.toString(16)}:shell:echo hi\0`]);
    expect(reader.pending).toBe(0);
  });

  it('returns several packets from one chunk and keeps a partial tail', () => {
    const reader = new PacketReader();
    const { packets } = reader.push(Buffer.concat([open, open, open.subarray(0, 10)]));
    expect(packets).toHaveLength(2);
    expect(reader.pending).toBe(10);
    expect(reader.push(open.subarray(10)).packets).toHaveLength(1);
  });

  it('ignores a wrong checksum', () => {
    const bad = Buffer.from(open);
    bad.writeUInt32LE(12345, 16);
    expect(new PacketReader().push(bad).packets).toHaveLength(1);
  });

  it('rejects a bad magic and stays failed', () => {
    const bad = Buffer.from(open);
    bad.writeUInt32LE(0, 20);
    const reader = new PacketReader();
    expect(reader.push(bad).error).toEqual({ kind: 'bad-magic', command: A_OPEN });
    expect(reader.push(open).packets).toHaveLength(0);
  });

  it('rejects an oversized payload from the header alone', () => {
    const header = Buffer.from(open.subarray(0, HEADER_SIZE));
    header.writeUInt32LE(10_000_000, 12);
    expect(new PacketReader(4096).push(header).error).toEqual({ kind: 'too-large', length: 10_000_000, limit: 4096 });
  });

  it('does not alias the input buffer in returned payloads', () => {
    const input = Buffer.from(open);
    const { packets } = new PacketReader().push(input);
    input.fill(0);
    expect(Buffer.from(packets[0]?.data ?? []).toString()).toBe('shell:echo hi\0');
  });
});

describe('parseBanner / parseService', () => {
  it('parses the host banner features', () => {
    const banner = parseBanner(Buffer.from('host::features=shell_v2,cmd,stat_v2\0'));
    expect(banner.type).toBe('host');
    expect(banner.features).toEqual(['shell_v2', 'cmd', 'stat_v2']);
  });

  it('splits service names, options and the rest', () => {
    expect(parseService('shell,v2,TERM=xterm,raw:echo a:b')).toEqual({
      service: 'shell,v2,TERM=xterm,raw:echo a:b',
      name: 'shell',
      args: ['v2', 'TERM=xterm', 'raw'],
      rest: 'echo a:b',
    });
    expect(parseService('localabstract:scrcpy_0000abcd')).toMatchObject({
      name: 'localabstract',
      args: [],
      rest: 'scrcpy_0000abcd',
    });
    expect(parseService('reboot:')).toMatchObject({ name: 'reboot', rest: '' });
    expect(parseService('track-jdwp')).toMatchObject({ name: 'track-jdwp', rest: '' });
  });
});
