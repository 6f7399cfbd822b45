import { ScrcpyInstanceId, ScrcpyOptions3_3_3 } from '@yume-chan/scrcpy';
import { describe, expect, it } from 'vitest';
import { ScrcpyOptionsError, parseScrcpyServerArgs, scaledVideoSize, scrcpySocketName } from './server-options.ts';
import { encodeCodecMeta, encodeDeviceMeta, encodeVideoPacket } from './video-stream.ts';

describe('parseScrcpyServerArgs', () => {
  it('reads what @yume-chan/scrcpy sends for a forward-tunnel session', () => {
    const client = new ScrcpyOptions3_3_3({
      scid: new ScrcpyInstanceId(0xabc),
      tunnelForward: true,
      audio: false,
      maxSize: 800,
      maxFps: 24,
      videoBitRate: 2_000_000,
      logLevel: 'info',
    });
    const o = parseScrcpyServerArgs(['3.3.3', ...client.serialize()]);
    expect(o).toMatchObject({
      scid: 0xabc,
      tunnelForward: true,
      audio: false,
      video: true,
      control: true,
      maxSize: 800,
      maxFps: 24,
      videoBitRate: 2_000_000,
      logLevel: 'info',
    });
    expect(o.unknown).toEqual([]);
    expect(scrcpySocketName(o.scid)).toBe('scrcpy_00000abc');
  });

  it('has the real defaults, keeps max_size a multiple of 8, and raw_stream turns off every header', () => {
    const o = parseScrcpyServerArgs(['3.3.3', 'max_size=1001', 'raw_stream=true', 'crop=100:100:0:0', 'bogus_key=1']);
    expect(o).toMatchObject({ scid: -1, audio: true, tunnelForward: false, videoBitRate: 8_000_000, maxSize: 1000 });
    expect(o).toMatchObject({
      sendDeviceMeta: false,
      sendFrameMeta: false,
      sendDummyByte: false,
      sendCodecMeta: false,
    });
    expect(o.ignored).toEqual({ crop: '100:100:0:0' });
    expect(o.unknown).toEqual(['bogus_key']);
    expect(scrcpySocketName(-1)).toBe('scrcpy');
  });

  it('refuses another client version and malformed pairs with the server’s wording', () => {
    expect(() => parseScrcpyServerArgs(['2.7', 'audio=false'])).toThrow(
      new ScrcpyOptionsError('The server version (3.3.3) does not match the client (2.7)'),
    );
    expect(() => parseScrcpyServerArgs(['3.3.3', 'audio'])).toThrow(/Invalid key=value pair/);
    expect(() => parseScrcpyServerArgs(['3.3.3', 'log_level=loud'])).toThrow(/Invalid log level/);
    expect(() => parseScrcpyServerArgs(['3.3.3', 'max_size=big'])).toThrow(/Invalid value for max_size/);
    expect(() => parseScrcpyServerArgs([])).toThrow(/Missing client version/);
  });
});

describe('scaledVideoSize', () => {
  it('fits the longer side into max_size and rounds both down to multiples of 8', () => {
    expect(scaledVideoSize(1080, 2400, 1280)).toEqual({ width: 576, height: 1280 });
    expect(scaledVideoSize(720, 1600, 0)).toEqual({ width: 720, height: 1600 });
    expect(scaledVideoSize(720, 1600, 2000)).toEqual({ width: 720, height: 1600 });
    expect(scaledVideoSize(2400, 1080, 800)).toEqual({ width: 800, height: 360 });
    expect(scaledVideoSize(1081, 2401, 0)).toEqual({ width: 1080, height: 2400 });
  });
});

describe('video socket encoding', () => {
  it('writes a 64-byte device name cut at a character boundary', () => {
    const meta = encodeDeviceMeta('电'.repeat(30));
    expect(meta).toHaveLength(64);
    // 21 three-byte characters fit in 63 bytes; the 64th byte stays NUL.
    expect(Buffer.from(meta).toString('utf8').replace(/\0+$/, '')).toBe('电'.repeat(21));
  });

  it('writes codec meta and packet headers big-endian with the config and keyframe flags', () => {
    expect(Buffer.from(encodeCodecMeta(0x68323634, 720, 1600)).toString('hex')).toBe('68323634000002d000000640');
    const config = Buffer.from(encodeVideoPacket({ type: 'config', data: Uint8Array.of(1, 2) }));
    expect(config.subarray(0, 12).toString('hex')).toBe('8000000000000000' + '00000002');
    const key = Buffer.from(
      encodeVideoPacket({ type: 'frame', keyframe: true, ptsUs: 33_000n, data: Uint8Array.of(9) }),
    );
    expect(key.readBigUInt64BE(0)).toBe((1n << 62n) | 33_000n);
    expect(key.readUInt32BE(8)).toBe(1);
    const delta = Buffer.from(
      encodeVideoPacket({ type: 'frame', keyframe: false, ptsUs: 66_000n, data: Uint8Array.of(9) }),
    );
    expect(delta.readBigUInt64BE(0)).toBe(66_000n);
  });
});
