import { describe, expect, it } from 'vitest';
import { PREREQUISITES, formatMissing, installCommand, installer, missingPrerequisites } from './prerequisites.js';
import type { Probe } from './prerequisites.js';

/** A machine with exactly `have` on PATH (and nothing else at fixed paths). */
function machine(have: string[], overrides: Partial<Probe> = {}): Probe {
  const onPath = new Set(have);
  return {
    platform: 'linux',
    env: {},
    nodeVersion: '22.23.3',
    which: (name) => (onPath.has(name) ? `/usr/bin/${name}` : undefined),
    exists: (path) => path === '/usr/share/pocketsphinx/model/en-us' && onPath.has('pocketsphinx-en-us'),
    output: (command) =>
      command === 'ffmpeg' && onPath.has('ffmpeg')
        ? ' V....D libx264   libx264 H.264\n'
        : command === 'fc-list'
          ? 'Noto Sans CJK SC\n'
          : undefined,
    playwrightChromium: () => undefined,
    ...overrides,
  };
}
const EVERYTHING = [
  'adb',
  'chromium',
  'ffmpeg',
  'redis-server',
  'espeak-ng',
  'sox',
  'pocketsphinx_continuous',
  'pocketsphinx-en-us',
  'Xvfb',
];
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('prerequisites', () => {
  it('finds nothing missing on a machine that has it all', () => {
    expect(missingPrerequisites({ probe: machine(EVERYTHING) })).toEqual([]);
  });

  it('names what the tests need, in a stable order', () => {
    const missing = missingPrerequisites({ forTests: true, probe: machine([], { nodeVersion: '20.20.2' }) });
    expect(ids(missing)).toEqual([
      'node',
      'adb',
      'chromium',
      'ffmpeg',
      'redis-server',
      'espeak-ng',
      'sox',
      'pocketsphinx',
    ]);
    expect(
      ids(missingPrerequisites({ forTests: true, probe: machine(EVERYTHING.filter((x) => x !== 'redis-server')) })),
    ).toEqual(['redis-server']);
  });

  it('needs libx264 in ffmpeg, the en-us model beside pocketsphinx, and a full browser (not only the headless shell)', () => {
    const noX264 = machine(EVERYTHING, {
      output: (c) => (c === 'ffmpeg' ? ' V..... h264_v4l2m2m\n' : 'Noto Sans CJK SC\n'),
    });
    expect(ids(missingPrerequisites({ forTests: true, probe: noX264 }))).toEqual(['ffmpeg']);
    expect(
      ids(
        missingPrerequisites({ forTests: true, probe: machine(EVERYTHING.filter((x) => x !== 'pocketsphinx-en-us')) }),
      ),
    ).toEqual(['pocketsphinx']);
    const shellOnly = machine([...EVERYTHING.filter((x) => x !== 'chromium'), 'chromium-headless-shell']);
    expect(ids(missingPrerequisites({ forTests: true, probe: shellOnly }))).toEqual(['chromium']);
    expect(
      ids(
        missingPrerequisites({
          forTests: true,
          probe: { ...shellOnly, env: { MOBA_CHROMIUM: '/usr/bin/chromium-headless-shell' } },
        }),
      ),
    ).toEqual(['chromium']);
    expect(
      missingPrerequisites({
        forTests: true,
        probe: { ...shellOnly, playwrightChromium: () => '/root/.cache/ms-playwright/chromium/chrome' },
      }),
    ).toEqual([]);
    expect(
      missingPrerequisites({
        forTests: true,
        probe: machine([...EVERYTHING.filter((x) => x !== 'pocketsphinx_continuous'), 'pocketsphinx']),
      }),
    ).toEqual([]);
  });

  it('gives the apt command on Debian and Ubuntu (sudo unless root), Homebrew on macOS, and exact instructions elsewhere', () => {
    const redis = PREREQUISITES.find((p) => p.id === 'redis-server')!;
    const adb = PREREQUISITES.find((p) => p.id === 'adb')!;
    const sphinx = PREREQUISITES.find((p) => p.id === 'pocketsphinx')!;
    const debian = installer(machine(['apt-get']), { root: false });
    expect(debian).toEqual({ kind: 'apt', sudo: 'sudo ' });
    expect(installCommand(redis, debian)).toBe('sudo apt-get install redis-server');
    expect(installCommand(sphinx, installer(machine(['apt-get']), { root: true }))).toBe(
      'apt-get install pocketsphinx pocketsphinx-en-us',
    );
    const mac = installer(machine(['brew'], { platform: 'darwin' }));
    expect(installCommand(redis, mac)).toBe('brew install redis');
    expect(installCommand(adb, mac)).toBe('brew install --cask android-platform-tools');
    expect(installCommand(sphinx, mac)).toMatch(/github\.com\/cmusphinx\/pocketsphinx/);
    const other = installer(machine([], { platform: 'win32' }));
    expect(other.kind).toBe('none');
    expect(installCommand(adb, other)).toMatch(/^Android SDK Platform-Tools from https:\/\//);
    expect(installCommand(PREREQUISITES[0]!, debian)).toMatch(/^npm run setup/);
  });

  it('reports one line per missing prerequisite with its install command, and nothing when none is missing', () => {
    const missing = missingPrerequisites({
      forTests: true,
      probe: machine(EVERYTHING.filter((x) => x !== 'adb' && x !== 'espeak-ng')),
    });
    const text = formatMissing(missing, { kind: 'apt', sudo: '' });
    expect(text).toBe(
      '  ✗ adb (Android platform tools) — the adb server every phone, real or simulated, is reached through\n' +
        '      install: apt-get install adb\n' +
        '  ✗ espeak-ng — speech synthesis for voice\n' +
        '      install: apt-get install espeak-ng\n' +
        'Or install everything at once: npm run setup\n',
    );
    expect(formatMissing([], { kind: 'apt', sudo: '' })).toBe('');
  });

  it('installs through apt exactly the packages the set-up promises', () => {
    expect(PREREQUISITES.flatMap((p) => p.apt.map((alternatives) => alternatives[0])).sort()).toEqual(
      [
        'adb',
        'chromium',
        'chromium-headless-shell',
        'espeak-ng',
        'ffmpeg',
        'fonts-noto-cjk',
        'fonts-noto-color-emoji',
        'pocketsphinx',
        'pocketsphinx-en-us',
        'redis-server',
        'sox',
        'xvfb',
      ].sort(),
    );
  });
});
