import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { videoScale } from './device-mirror.ts';
import { findScrcpyServer, installedScrcpyCandidates } from './scrcpy-server-file.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'moba-scrcpy-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(...parts: string[]): string {
  const path = join(dir, ...parts);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, 'x');
  return path;
}

describe('findScrcpyServer', () => {
  it('looks in order: setting, resources/, $SCRCPY_SERVER_PATH, an installed scrcpy', () => {
    const resources = join(dir, 'resources');
    const installed = file('usr', 'share', 'scrcpy', 'scrcpy-server');
    const fromEnv = file('env', 'scrcpy-server');
    const lookup = {
      settingsPath: '',
      resourcesDir: resources,
      env: { SCRCPY_SERVER_PATH: fromEnv },
      installedCandidates: [join(dir, 'nope'), installed],
    };
    expect(findScrcpyServer(lookup)).toEqual({ found: true, path: fromEnv, source: 'env' });
    expect(findScrcpyServer({ ...lookup, env: {} })).toEqual({ found: true, path: installed, source: 'installed' });
    const bundled = file('resources', 'scrcpy-server');
    expect(findScrcpyServer(lookup)).toEqual({ found: true, path: bundled, source: 'resources' });
    const configured = file('mine.jar');
    expect(findScrcpyServer({ ...lookup, settingsPath: configured })).toEqual({
      found: true,
      path: configured,
      source: 'settings',
    });
  });

  it('says where it looked and how to fix it when nothing is there', () => {
    const r = findScrcpyServer({
      settingsPath: '',
      resourcesDir: join(dir, 'resources'),
      env: {},
      installedCandidates: [join(dir, 'a')],
    });
    expect(r.found).toBe(false);
    if (r.found) return;
    expect(r.searched).toEqual([join(dir, 'resources', 'scrcpy-server'), join(dir, 'a')]);
    expect(r.reason).toMatch(/^scrcpy server not found: put scrcpy-server v3\.3\.3 at .*SCRCPY_SERVER_PATH/);
  });

  it('reports a configured file that is missing instead of searching elsewhere', () => {
    file('resources', 'scrcpy-server');
    const r = findScrcpyServer({
      settingsPath: join(dir, 'gone.jar'),
      resourcesDir: join(dir, 'resources'),
      env: {},
      installedCandidates: [],
    });
    expect(r).toMatchObject({
      found: false,
      reason: expect.stringMatching(/configured scrcpy server file .*gone\.jar does not exist/),
    });
  });

  it('knows the usual install locations', () => {
    expect(installedScrcpyCandidates({ HOME: '/home/u' })).toEqual(
      expect.arrayContaining([
        '/usr/share/scrcpy/scrcpy-server',
        '/usr/local/share/scrcpy/scrcpy-server',
        '/opt/homebrew/share/scrcpy/scrcpy-server',
      ]),
    );
  });
});

describe('videoScale', () => {
  it('maps device pixels to the video, also when the video is the phone rotated', () => {
    expect(videoScale({ width: 576, height: 1280, deviceWidth: 1080, deviceHeight: 2400 })).toEqual({
      sx: 576 / 1080,
      sy: 1280 / 2400,
    });
    expect(videoScale({ width: 1280, height: 576, deviceWidth: 1080, deviceHeight: 2400 })).toEqual({
      sx: 1280 / 2400,
      sy: 576 / 1080,
    });
  });
});
