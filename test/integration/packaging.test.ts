/**
 * The desktop app's package as `npm run dist` lays it out (electron-builder with
 * electron-builder.ts), built here for this machine with a stand-in for Electron's binary, which
 * cannot be downloaded where these tests run. Checked: every file the app opens at run time is
 * in the package where the code looks for it, the ones that must be real files are unpacked from
 * app.asar, no development tool rides along, and the bundled main process — run by plain Node 22
 * from the package, outside this repository, loading the same Node-API binaries Electron loads —
 * opens SQLite, processes images with sharp, reads the OCR data and starts a simulated phone.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join, relative, sep } from 'node:path';
import { extractAll } from '@electron/asar';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdbServer, tempDir, waitUntil } from '@moba/testkit/rigs';
import { OCR_LANGUAGES } from '../../src/main/perception/ocr.ts';
import { buildIfStale } from '../../scripts/lib/build.js';

const ROOT = join(import.meta.dirname, '..', '..');
const work = tempDir('moba-packaging-');
let resources: string;
let unpacked: string;
/** app.asar extracted (with its unpacked files): the app's files as Electron's fs sees them. */
let app: string;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** An "Electron" that is only a file of the right name: electron-builder copies and renames it. */
function standInElectron(dir: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  writeFileSync(
    join(dir, 'electron'),
    '#!/bin/sh\necho "stand-in for Electron 45: the packaging test cannot download it"\n',
  );
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), '45.4.1');
  writeFileSync(join(dir, 'LICENSE'), '');
  writeFileSync(join(dir, 'LICENSES.chromium.html'), '');
  return dir;
}

beforeAll(() => {
  buildIfStale(ROOT, { log: () => undefined });
  const output = join(work.path, 'dist');
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'electron-builder', 'cli.js'),
      '--linux',
      'dir',
      `--${arch()}`,
      '--publish',
      'never',
      `-c.electronDist=${standInElectron(join(work.path, 'electron'))}`,
      `-c.directories.output=${output}`,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 240_000 },
  );
  expect(result.status, `electron-builder failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
  const appOut = readdirSync(output).find((d) => /^linux.*-unpacked$/.test(d));
  expect(appOut, readdirSync(output).join(', ')).toBeDefined();
  resources = join(output, appOut as string, 'resources');
  unpacked = join(resources, 'app.asar.unpacked');
  app = join(work.path, 'app');
  extractAll(join(resources, 'app.asar'), app);
}, 300_000);

afterAll(() => work.dispose());

/** Runs the packaged CLI bundle (out/main/cli.js) with plain Node, from the package. */
const RUNNER = `
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [root, ...args] = process.argv.slice(2);
const { main } = await import(pathToFileURL(root + '/out/main/cli.js').href);
process.exitCode = await main(args);
// The native libraries this process mapped, for the test to see where they came from.
if (process.env.MOBA_MAPS_OUT) writeFileSync(process.env.MOBA_MAPS_OUT, readFileSync('/proc/self/maps', 'utf8'));
`;

function runnerPath(): string {
  const path = join(work.path, 'run-packaged.mjs');
  if (!existsSync(path)) writeFileSync(path, RUNNER);
  return path;
}

function runPackaged(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [runnerPath(), app, ...args], {
    cwd: work.path,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Mapped files ending in .node or a shared library, from a /proc/PID/maps text. */
function nativeLibraries(maps: string): string[] {
  return [
    ...new Set(
      maps
        .split('\n')
        .map((l) => l.split(/\s+/).slice(5).join(' '))
        .filter((p) => /\.node$|libvips/.test(p)),
    ),
  ];
}

/** Bare package names the bundle imports or requires at run time. */
function bundleImports(): string[] {
  const names = new Set<string>();
  for (const file of filesUnder(join(app, 'out', 'main')).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(app, 'out', 'main', file), 'utf8');
    // A module name has no spaces or parentheses: text such as `… starts every episode from").option(` is not an import.
    for (const m of code.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\)?\(\s*|\bimport\s+)["']([^"'./\s()][^"'\s()]*)["']/g,
    )) {
      const spec = m[1] as string;
      if (spec.startsWith('node:') || spec === 'electron') continue;
      names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
    }
  }
  return [...names].sort();
}

describe('the desktop package (npm run dist)', () => {
  it('has the app executable and the app archive', () => {
    expect(existsSync(join(resources, '..', 'moba-studio'))).toBe(true);
    expect(existsSync(join(resources, 'app.asar'))).toBe(true);
    expect(JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'))).toMatchObject({
      name: 'moba-studio',
      main: './out/main/index.js',
    });
  });

  it('holds every file the app opens at run time, and unpacks those that must be real files', () => {
    const missing: string[] = [];
    const packed: string[] = [];
    const expectIn = (rel: string, mustBeUnpacked: boolean) => {
      if (!existsSync(join(app, rel))) missing.push(rel);
      else if (mustBeUnpacked && !existsSync(join(unpacked, rel))) packed.push(rel);
    };
    // The built app (main, preload, renderer).
    const built = filesUnder(join(ROOT, 'out')).filter((f) => !f.endsWith('.map'));
    expect(built).toContain('main/index.js');
    for (const f of built) expectIn(`out/${f}`, false);
    // The simulated phone's page and apps, served into its Chromium from node_modules/@moba/sim.
    const sim = join(ROOT, 'packages', 'sim');
    const served = filesUnder(join(sim, 'src')).filter(
      (f) => /^(phone\/page|apps)\//.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.md'),
    );
    expect(served).toContain('phone/page/main.ts');
    for (const f of served) expectIn(`node_modules/@moba/sim/src/${f}`, true);
    // @moba/base's random generator, which the phone's page imports.
    expectIn('node_modules/@moba/base/src/random.ts', true);
    // The simulator's resources: the scrcpy stand-in pushed to simulated phones.
    const simResources = filesUnder(join(sim, 'resources'));
    expect(simResources).toContain('scrcpy-server-stand-in');
    for (const f of simResources) expectIn(`node_modules/@moba/sim/resources/${f}`, true);
    // Native code: better-sqlite3's prebuild for this platform, sharp's binary and libvips.
    expectIn(`node_modules/better-sqlite3/prebuilds/${platform()}-${arch()}.node`, true);
    const sharpNative = readdirSync(join(ROOT, 'node_modules', '@img')).filter((d) => d.startsWith('sharp-'));
    expect(sharpNative.length).toBeGreaterThan(0);
    for (const d of sharpNative)
      for (const f of filesUnder(join(ROOT, 'node_modules', '@img', d)).filter((f) => !f.endsWith('.md')))
        expectIn(`node_modules/@img/${d}/${f}`, true);
    // The OCR language data, linked into a folder for tesseract's worker.
    for (const lang of OCR_LANGUAGES)
      expectIn(`node_modules/@tesseract.js-data/${lang}/4.0.0_best_int/${lang}.traineddata.gz`, true);
    // tesseract's worker and its engine, loaded by path at run time.
    expectIn('node_modules/tesseract.js/src/worker-script/node/index.js', false);
    expectIn('node_modules/tesseract.js-core/tesseract-core-simd-lstm.wasm', false);
    // The examples a person opens (memory seed, model scripts).
    for (const f of filesUnder(join(ROOT, 'resources', 'memory'))) expectIn(`resources/memory/${f}`, true);
    for (const f of filesUnder(join(ROOT, 'resources', 'scripts'))) expectIn(`resources/scripts/${f}`, true);
    expect({ missing, packedButMustBeUnpacked: packed }).toEqual({ missing: [], packedButMustBeUnpacked: [] });
  });

  it('has every package the bundled main process imports, and no development tools', () => {
    const imports = bundleImports();
    expect(imports).toEqual(expect.arrayContaining(['better-sqlite3', 'sharp', 'commander']));
    // Loaded by name at run time (createRequire), so not visible as an import of the bundle.
    for (const name of [...imports, '@devicefarmer/adbkit', 'playwright-core', 'tesseract.js-core'])
      expect(existsSync(join(app, 'node_modules', name, 'package.json')), name).toBe(true);
    // The adb client loads adbkit from the package: a request reaches it and fails as adb requests do.
    const devices = runPackaged(['devices', '--adb', '127.0.0.1:9']);
    expect(devices.status).toBe(1);
    expect(devices.stderr).toContain('ADB_UNAVAILABLE');
    expect(devices.stderr).not.toMatch(/Cannot find (module|package)/);
    for (const dev of [
      'electron',
      'electron-vite',
      'electron-builder',
      'vite',
      'vitest',
      'typescript',
      'eslint',
      '@playwright/test',
    ]) {
      expect(existsSync(join(app, 'node_modules', dev)), `${dev} must not be packaged`).toBe(false);
    }
    const all = filesUnder(app);
    expect(all.filter((f) => f.endsWith('.test.ts') || f.startsWith('node_modules/@moba/sim/test/'))).toEqual([]);
    expect(all.filter((f) => f.startsWith('src/') || f === 'resources/scrcpy-server')).toEqual([]);
  });

  it('runs its bundle under plain Node: SQLite through better-sqlite3, sharp, and OCR with the packaged data', async () => {
    const data = join(work.path, 'data');
    const imported = runPackaged([
      '--data-dir',
      data,
      'memory',
      'import',
      join(app, 'resources', 'memory', 'example-seed.json'),
    ]);
    expect(imported.status, imported.stderr).toBe(0);
    const maps = join(work.path, 'maps.txt');
    const stats = runPackaged(['--data-dir', data, 'memory', 'stats'], { MOBA_MAPS_OUT: maps });
    expect(stats.status, stats.stderr).toBe(0);
    expect(stats.stdout).toMatch(/^[1-9]\d* memories\n/);
    expect(stats.stdout).toMatch(/expert [1-9]/);
    const sqlite = nativeLibraries(readFileSync(maps, 'utf8')).filter((p) => p.includes('better-sqlite3'));
    expect(sqlite).toEqual([join(app, 'node_modules', 'better-sqlite3', 'prebuilds', `${platform()}-${arch()}.node`)]);

    const shot = join(work.path, 'screen.png');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="400"><rect width="100%" height="100%" fill="#fff"/><text x="40" y="120" font-size="56" font-family="sans-serif">Battery saver</text><text x="40" y="260" font-size="56" font-family="sans-serif">Wireless debugging</text></svg>`;
    await sharp(Buffer.from(svg)).png().toFile(shot);
    const out = join(work.path, 'perceived');
    const perceived = runPackaged(['perceive', '--png', shot, '--out', out, '--lang', 'eng'], { MOBA_MAPS_OUT: maps });
    expect(perceived.status, perceived.stderr).toBe(0);
    expect(perceived.stdout).toContain('TextLine "Battery saver"');
    expect(perceived.stdout).toContain('TextLine "Wireless debugging"');
    expect(await sharp(join(out, 'marked.png')).metadata()).toMatchObject({ format: 'png', width: 720, height: 400 });
    const libs = nativeLibraries(readFileSync(maps, 'utf8'));
    const fromSharp = libs.filter((p) => p.includes('sharp') || p.includes('libvips'));
    expect(fromSharp.length).toBeGreaterThan(0);
    for (const lib of fromSharp) expect(lib.startsWith(join(app, 'node_modules', '@img'))).toBe(true);
  }, 120_000);

  it('starts a simulated phone from the package: page and app sources are found in node_modules/@moba/sim', async () => {
    const adb = await startAdbServer();
    let child: ChildProcess | undefined;
    try {
      child = spawn(
        process.execPath,
        [runnerPath(), app, 'sim', 'start', '--port', '0', '--width', '720', '--height', '1600', '--density', '320'],
        { cwd: work.path, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout?.on('data', (d: Buffer) => void (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => void (output += d.toString()));
      await waitUntil(
        () => /Press Ctrl-C to stop/.test(output) || child?.exitCode !== null,
        'the packaged simulator to start',
        90_000,
      );
      const address = /listening on (127\.0\.0\.1:\d+)/.exec(output)?.[1];
      expect(address, output).toBeDefined();
      await adb.connectDevice(address as string);
      const dump = await adb.adb(['-s', address as string, 'exec-out', 'uiautomator dump /dev/tty']);
      expect(dump.stdout.toString()).toMatch(/text="Clock"/);
      const png = (await adb.adb(['-s', address as string, 'exec-out', 'screencap', '-p'])).stdout;
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([720, 1600]);
      // Drawn by the page: not one flat colour.
      const { channels } = await sharp(png).stats();
      expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(10);
      child.kill('SIGINT');
      const code = await new Promise<number | null>((resolve) => child?.once('exit', (c) => resolve(c)));
      expect(code, output).toBe(0);
      await adb.adb(['disconnect', address as string]);
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      await adb.dispose();
    }
  }, 150_000);
});
