// What MobA Studio needs from the machine besides npm packages, how to tell whether it is there,
// and the command that installs it on each platform. `npm run setup` installs from this list,
// `npm test` checks it before anything else, `npm run check:prerequisites` prints it.
// Plain JavaScript that Node 16 parses: the set-up runs it before Node 22 is there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_RELEASE, MIN_NODE, nodeVersionOk } from './node-runtime.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A full Chromium or Chrome where Debian, Ubuntu and Google install it (the phone and the e2e
 * tests look there too). The headless shell alone is not enough: the e2e tests need a browser.
 */
const BROWSER_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
/** Where pocketsphinx packages put the US English model. */
const POCKETSPHINX_MODELS = [
  '/usr/share/pocketsphinx/model/en-us',
  '/usr/local/share/pocketsphinx/model/en-us',
  '/opt/homebrew/share/pocketsphinx/model/en-us',
  '/opt/local/share/pocketsphinx/model/en-us',
];

/**
 * What a check may ask of the machine; tests pass their own.
 * @typedef {object} Probe
 * @property {string} platform process.platform
 * @property {NodeJS.ProcessEnv} env
 * @property {string} nodeVersion
 * @property {(name: string) => string | undefined} which an executable on PATH
 * @property {(path: string) => boolean} exists
 * @property {(command: string, args: string[]) => string | undefined} output a command's stdout, undefined when it fails
 * @property {() => string | undefined} playwrightChromium Playwright's own Chromium, when downloaded
 */

/**
 * @typedef {object} Prerequisite
 * @property {string} id
 * @property {string} what shown to a person
 * @property {string} why
 * @property {boolean} forTests whether `npm test` needs it (the rest is installed by the set-up only)
 * @property {(p: Probe) => boolean} found
 * @property {string[][]} apt Debian/Ubuntu packages; each inner list holds alternatives, first available wins
 * @property {{ formula?: string[], cask?: string[] } | undefined} brew Homebrew, where it has it
 * @property {string} elsewhere exactly what to install where neither apt nor Homebrew does it
 */

/** @type {Prerequisite[]} */
export const PREREQUISITES = [
  {
    id: 'node',
    what: `Node.js ≥ ${MIN_NODE.join('.')}`,
    why: 'runs the TypeScript sources directly',
    forTests: true,
    found: (p) => nodeVersionOk(p.nodeVersion),
    apt: [],
    brew: undefined,
    elsewhere: `npm run setup (fetches Node ${NODE_RELEASE} from the npm registry), or Node 22 from https://nodejs.org`,
  },
  {
    id: 'adb',
    what: 'adb (Android platform tools)',
    why: 'the adb server every phone, real or simulated, is reached through',
    forTests: true,
    found: (p) => Boolean(p.which('adb')),
    apt: [['adb']],
    brew: { cask: ['android-platform-tools'] },
    elsewhere:
      'Android SDK Platform-Tools from https://developer.android.com/tools/releases/platform-tools, with adb on PATH',
  },
  {
    id: 'chromium',
    what: 'Chromium (or Chrome)',
    why: "renders the simulated phone's apps; the e2e tests' browser",
    forTests: true,
    found: (p) =>
      p.env.MOBA_CHROMIUM
        ? p.exists(p.env.MOBA_CHROMIUM)
        : BROWSER_PATHS.some((b) => p.exists(b)) ||
          BROWSER_NAMES.some((n) => Boolean(p.which(n))) ||
          Boolean(p.playwrightChromium()),
    apt: [['chromium', 'chromium-browser'], ['chromium-headless-shell']],
    brew: undefined,
    elsewhere:
      'npx playwright install chromium (Playwright’s own Chromium), or set MOBA_CHROMIUM to a Chromium or Chrome executable',
  },
  {
    id: 'ffmpeg',
    what: 'ffmpeg with libx264',
    why: "encodes the simulated phone's screen as scrcpy does",
    forTests: true,
    found: (p) => Boolean(p.which('ffmpeg')) && /libx264/.test(p.output('ffmpeg', ['-hide_banner', '-encoders']) ?? ''),
    apt: [['ffmpeg']],
    brew: { formula: ['ffmpeg'] },
    elsewhere: 'ffmpeg built with libx264 from https://ffmpeg.org/download.html, on PATH',
  },
  {
    id: 'redis-server',
    what: 'redis-server',
    why: 'job queues',
    forTests: true,
    found: (p) => Boolean(p.which('redis-server')),
    apt: [['redis-server']],
    brew: { formula: ['redis'] },
    elsewhere: 'Redis from https://redis.io/downloads, with redis-server on PATH',
  },
  {
    id: 'espeak-ng',
    what: 'espeak-ng',
    why: 'speech synthesis for voice',
    forTests: true,
    found: (p) => Boolean(p.which('espeak-ng')),
    apt: [['espeak-ng']],
    brew: { formula: ['espeak-ng'] },
    elsewhere: 'eSpeak NG from https://github.com/espeak-ng/espeak-ng/releases, on PATH',
  },
  {
    id: 'sox',
    what: 'sox',
    why: 'audio padding and resampling for the voice tests, microphone recording for moba run --voice-in -',
    forTests: true,
    found: (p) => Boolean(p.which('sox')),
    apt: [['sox']],
    brew: { formula: ['sox'] },
    elsewhere: 'SoX from https://sourceforge.net/projects/sox/, on PATH',
  },
  {
    id: 'pocketsphinx',
    what: 'pocketsphinx with its US English model',
    why: 'offline speech recognition for voice',
    forTests: true,
    found: (p) =>
      Boolean(p.which('pocketsphinx') || p.which('pocketsphinx_continuous')) &&
      POCKETSPHINX_MODELS.some((m) => p.exists(m)),
    apt: [['pocketsphinx'], ['pocketsphinx-en-us']],
    brew: undefined,
    elsewhere:
      'pocketsphinx 5 built from https://github.com/cmusphinx/pocketsphinx (cmake; it installs the en-us model), or MacPorts: sudo port install pocketsphinx',
  },
  {
    id: 'fonts',
    what: 'CJK and emoji fonts',
    why: "draw the simulated phone's Chinese text and emoji",
    forTests: false,
    found: (p) => p.platform !== 'linux' || Boolean(p.output('fc-list', [':lang=zh', 'family'])?.trim()),
    apt: [['fonts-noto-cjk'], ['fonts-noto-color-emoji']],
    brew: undefined,
    elsewhere: 'Noto Sans CJK and Noto Color Emoji (https://fonts.google.com/noto)',
  },
  {
    id: 'xvfb',
    what: 'Xvfb',
    why: 'a virtual display for browsers on machines without one',
    forTests: false,
    found: (p) => p.platform !== 'linux' || Boolean(p.which('Xvfb')),
    apt: [['xvfb']],
    brew: undefined,
    elsewhere: 'Xvfb from your distribution (e.g. xorg-x11-server-Xvfb)',
  },
];

/** The probe of this machine. */
export function machineProbe(env = process.env) {
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') || 'PATH';
  const exts = process.platform === 'win32' ? (env.PATHEXT || '.EXE;.CMD;.BAT').split(';') : [''];
  return {
    platform: process.platform,
    env,
    nodeVersion: process.versions.node,
    which(name) {
      for (const dir of (env[pathKey] || '').split(delimiter)) {
        if (!dir) continue;
        for (const ext of exts) if (existsSync(join(dir, name + ext))) return join(dir, name + ext);
      }
      return undefined;
    },
    exists: (path) => existsSync(path),
    output(command, args) {
      const r = spawnSync(command, args, { encoding: 'utf8', env, timeout: 20_000 });
      return r.status === 0 ? r.stdout : undefined;
    },
    playwrightChromium() {
      try {
        const path = createRequire(join(ROOT, 'package.json'))('playwright-core').chromium.executablePath();
        return path && existsSync(path) ? path : undefined;
      } catch {
        return undefined; // not installed yet (before npm ci), or no browser for this platform
      }
    },
  };
}

/**
 * @param {{ forTests?: boolean, probe?: Probe }} [options]
 * @returns {Prerequisite[]} what is missing
 */
export function missingPrerequisites(options = {}) {
  const probe = options.probe ?? machineProbe();
  return PREREQUISITES.filter((p) => (!options.forTests || p.forTests) && !p.found(probe));
}

/**
 * How this machine installs what the set-up cannot assume: apt on Debian and Ubuntu, Homebrew
 * on macOS, else nothing (a person follows `elsewhere`).
 * @param {Pick<Probe, 'platform' | 'which'>} probe
 * @param {{ root?: boolean }} [options] root: this process runs as root (no sudo needed)
 * @returns {{ kind: 'apt' | 'brew' | 'none', sudo: string }}
 */
export function installer(probe, options = {}) {
  const root = options.root ?? (typeof process.getuid === 'function' && process.getuid() === 0);
  if (probe.platform === 'linux' && probe.which('apt-get')) return { kind: 'apt', sudo: root ? '' : 'sudo ' };
  if (probe.platform === 'darwin' && probe.which('brew')) return { kind: 'brew', sudo: '' };
  return { kind: 'none', sudo: '' };
}

/**
 * The command that installs `p` with `how`, or its `elsewhere` text.
 * @param {Prerequisite} p
 * @param {{ kind: 'apt' | 'brew' | 'none', sudo: string }} how
 */
export function installCommand(p, how) {
  if (p.id === 'node') return p.elsewhere;
  if (how.kind === 'apt' && p.apt.length)
    return `${how.sudo}apt-get install ${p.apt.map((alternatives) => alternatives[0]).join(' ')}`;
  if (how.kind === 'brew' && p.brew) {
    const parts = [];
    if (p.brew.formula) parts.push(`brew install ${p.brew.formula.join(' ')}`);
    if (p.brew.cask) parts.push(`brew install --cask ${p.brew.cask.join(' ')}`);
    return parts.join(' && ');
  }
  return p.elsewhere;
}

/**
 * A report of what is missing, one line each with its install command; '' when nothing is.
 * @param {Prerequisite[]} missing
 * @param {{ kind: 'apt' | 'brew' | 'none', sudo: string }} how
 */
export function formatMissing(missing, how) {
  if (missing.length === 0) return '';
  const lines = missing.map((p) => `  ✗ ${p.what} — ${p.why}\n      install: ${installCommand(p, how)}`);
  return `${lines.join('\n')}\nOr install everything at once: npm run setup\n`;
}
