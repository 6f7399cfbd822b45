import { describe, expect, it } from 'vitest';
import { FlvDemuxer, FlvFormatError, avcConfigToAnnexB, lengthPrefixedToAnnexB } from './flv-demuxer.ts';

const SPS = Uint8Array.of(0x67, 0x42, 0xc0, 0x1f, 0xda, 0x01);
const PPS = Uint8Array.of(0x68, 0xce, 0x0f, 0xc8);
const IDR = Uint8Array.of(0x65, 0x88, 0x84, 0x00, 0x33);
const SLICE = Uint8Array.of(0x41, 0x9a, 0x02);

function u24(n: number): number[] {
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function configRecord(): Uint8Array {
  return Uint8Array.from([1, 0x42, 0xc0, 0x1f, 0xff, 0xe1, ...[0, SPS.length], ...SPS, 1, ...[0, PPS.length], ...PPS]);
}

function nalus(...units: Uint8Array[]): number[] {
  return units.flatMap((u) => [...u32(u.length), ...u]);
}

/** One FLV tag: header, data, PreviousTagSize. */
function tag(type: number, timestampMs: number, data: number[]): number[] {
  return [
    type,
    ...u24(data.length),
    ...u24(timestampMs & 0xffffff),
    (timestampMs >>> 24) & 0xff,
    0,
    0,
    0,
    ...data,
    ...u32(11 + data.length),
  ];
}

function videoTag(frameType: number, packetType: number, timestampMs: number, payload: number[], cts = 0): number[] {
  return tag(9, timestampMs, [(frameType << 4) | 7, packetType, ...u24(cts), ...payload]);
}

function flvFile(): Uint8Array {
  const header = [0x46, 0x4c, 0x56, 1, 1, 0, 0, 0, 9, 0, 0, 0, 0];
  const script = tag(18, 0, [2, 0, 10, ...Buffer.from('onMetaData')]);
  return Uint8Array.from([
    ...header,
    ...script,
    ...videoTag(1, 0, 0, [...configRecord()]),
    ...videoTag(1, 1, 0, nalus(IDR)),
    ...videoTag(2, 1, 33, nalus(SLICE, SLICE)),
    ...videoTag(2, 1, 0x1000000 + 5, nalus(SLICE), 2),
  ]);
}

const annexB = (...units: Uint8Array[]) => Uint8Array.from(units.flatMap((u) => [0, 0, 0, 1, ...u]));

describe('FlvDemuxer', () => {
  it('turns the configuration record into Annex-B SPS+PPS and NAL units into one access unit each', () => {
    const packets = new FlvDemuxer().push(flvFile());
    expect(packets).toHaveLength(4);
    expect(packets[0]).toEqual({ type: 'config', data: Buffer.from(annexB(SPS, PPS)) });
    expect(packets[1]).toEqual({ type: 'frame', keyframe: true, timestampMs: 0, data: Buffer.from(annexB(IDR)) });
    // Two slices of one frame stay one packet.
    expect(packets[2]).toEqual({
      type: 'frame',
      keyframe: false,
      timestampMs: 33,
      data: Buffer.from(annexB(SLICE, SLICE)),
    });
    // Extended timestamp byte and composition offset.
    expect(packets[3]).toMatchObject({ type: 'frame', timestampMs: 0x1000000 + 5 + 2 });
  });

  it('gives the same packets however the bytes are split', () => {
    const file = flvFile();
    const whole = new FlvDemuxer().push(file);
    for (const step of [1, 2, 7, 13, 64]) {
      const demuxer = new FlvDemuxer();
      const got = [];
      for (let at = 0; at < file.length; at += step) got.push(...demuxer.push(file.subarray(at, at + step)));
      expect(got).toEqual(whole);
    }
  });

  it('rejects streams that are not FLV/AVC', () => {
    expect(() => new FlvDemuxer().push(Buffer.from('RIFF0000WAVEfmt '))).toThrow(FlvFormatError);
    const vp6 = Uint8Array.from([
      0x46,
      0x4c,
      0x56,
      1,
      1,
      0,
      0,
      0,
      9,
      0,
      0,
      0,
      0,
      ...tag(9, 0, [(1 << 4) | 4, 0, 0, 0, 0, 1]),
    ]);
    expect(() => new FlvDemuxer().push(vp6)).toThrow(/codec 4/);
    const dataFirst = Uint8Array.from([
      0x46,
      0x4c,
      0x56,
      1,
      1,
      0,
      0,
      0,
      9,
      0,
      0,
      0,
      0,
      ...videoTag(1, 1, 0, nalus(IDR)),
    ]);
    expect(() => new FlvDemuxer().push(dataFirst)).toThrow(/before the AVC configuration/);
  });
});

describe('AVC helpers', () => {
  it('reads the NAL length size from the record', () => {
    const record = configRecord();
    record[4] = 0xfd; // lengthSizeMinusOne = 1
    expect(avcConfigToAnnexB(record).nalLengthSize).toBe(2);
    expect(lengthPrefixedToAnnexB(Uint8Array.from([0, 3, 0x41, 1, 2]), 2)).toEqual(
      Buffer.from([0, 0, 0, 1, 0x41, 1, 2]),
    );
  });

  it('refuses truncated records and NAL units', () => {
    expect(() => avcConfigToAnnexB(configRecord().subarray(0, 9))).toThrow(FlvFormatError);
    expect(() => lengthPrefixedToAnnexB(Uint8Array.from([0, 0, 0, 9, 1, 2]), 4)).toThrow(/Truncated/);
  });
});
