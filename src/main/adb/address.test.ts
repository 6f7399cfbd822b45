import { describe, expect, it } from 'vitest';
import { adbAddressFromEnv, formatAddress, isLoopbackHost, parseAdbAddress } from './address.ts';

describe('adb addresses', () => {
  it('parses host:port, tcp:host:port, [v6]:port and bare ports', () => {
    expect(parseAdbAddress('192.168.1.20:5555')).toEqual({ host: '192.168.1.20', port: 5555 });
    expect(parseAdbAddress('tcp:farm.lab:5037')).toEqual({ host: 'farm.lab', port: 5037 });
    expect(parseAdbAddress('[::1]:5038')).toEqual({ host: '::1', port: 5038 });
    expect(parseAdbAddress('5039')).toEqual({ host: '127.0.0.1', port: 5039 });
    expect(parseAdbAddress('phone.local', 5555)).toEqual({ host: 'phone.local', port: 5555 });
    expect(formatAddress({ host: '::1', port: 5038 })).toBe('[::1]:5038');
  });
  it('rejects junk with a message naming the form', () => {
    expect(() => parseAdbAddress('a b:1')).toThrow(/HOST:PORT/);
    expect(() => parseAdbAddress('host:99999')).toThrow(/1–65535/);
    expect(() => parseAdbAddress('host:0')).toThrow(/port/);
  });
  it('reads the environment like adb', () => {
    expect(adbAddressFromEnv({ ADB_SERVER_SOCKET: 'tcp:10.0.0.5:5037' })).toEqual({ host: '10.0.0.5', port: 5037 });
    expect(adbAddressFromEnv({ ANDROID_ADB_SERVER_PORT: '5099' })).toEqual({ host: '127.0.0.1', port: 5099 });
    expect(adbAddressFromEnv({ ADB_SERVER_SOCKET: 'tcp:h:1', ANDROID_ADB_SERVER_PORT: '5099' })).toEqual({
      host: 'h',
      port: 1,
    });
    expect(adbAddressFromEnv({})).toBeUndefined();
    expect(() => adbAddressFromEnv({ ADB_SERVER_SOCKET: 'localfilesystem:/tmp/adb' })).toThrow(/tcp:HOST:PORT/);
  });
  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('127.1.2.3')).toBe(true);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('192.168.1.2')).toBe(false);
    expect(isLoopbackHost('farm.example.com')).toBe(false);
  });
});
