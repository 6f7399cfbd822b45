/**
 * `moba perceive` as a user runs it: the real bin script in a child process, the real dumps,
 * a real PNG, the real OCR engine.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { fixturesDir } from '../support/fixtures.ts';
import { tempDir } from '@moba/testkit/rigs';

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'moba.js');

async function moba(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      timeout: 90_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const dump = (n: string) => join(fixturesDir(), n);
const temps: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const t of temps.splice(0)) t.dispose();
});

describe('moba perceive', () => {
  it('--json prints exactly one JSON array of the elements', async () => {
    const r = await moba(['perceive', '--xml', dump('03-whatsapp-chat-list-emoji.xml'), '--json']);
    expect(r.code).toBe(0);
    const parsed = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(Array.isArray(parsed)).toBe(true);
    expect(parsed.length).toBeGreaterThan(20);
    for (const e of parsed)
      expect(Object.keys(e).sort()).toEqual([
        'bounds',
        'className',
        'contentDesc',
        'index',
        'resourceId',
        'text',
        'trueAttributes',
      ]);
    const interactive = parsed.filter((e) => (e.index as number) > 0).map((e) => e.index);
    expect(interactive).toEqual(interactive.map((_, i) => i + 1));
    expect(r.stdout).toContain('\u{1F389}');
  });

  it('prints the prompt text and a summary, and writes elements.json, elements.txt and marked.png with --out', async () => {
    const dir = tempDir('moba-perceive-');
    temps.push(dir);
    const png = join(dir.path, 'screen.png');
    writeFileSync(
      png,
      await sharp({ create: { width: 1080, height: 2400, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
    const out = join(dir.path, 'out');
    const r = await moba(['perceive', '--xml', dump('01-pixel-launcher-home.xml'), '--png', png, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\[1\] /m);
    expect(r.stdout).toMatch(/33 raw nodes → \d+ elements/);
    for (const f of ['elements.json', 'elements.txt', 'marked.png']) expect(existsSync(join(out, f))).toBe(true);
    expect((JSON.parse(readFileSync(join(out, 'elements.json'), 'utf8')) as unknown[]).length).toBeGreaterThan(10);
    expect(readFileSync(join(out, 'elements.txt'), 'utf8')).toMatch(/^\[1\] /);
    expect(await sharp(readFileSync(join(out, 'marked.png'))).metadata()).toMatchObject({
      width: 1080,
      height: 2400,
      format: 'png',
    });
  });

  it('falls back to OCR when the dump is unusable and a screenshot is given', async () => {
    const dir = tempDir('moba-perceive-');
    temps.push(dir);
    const bad = join(dir.path, 'bad.xml');
    writeFileSync(bad, readFileSync(dump('07-gmail-alert-dialog-window.xml'), 'utf8').slice(0, 500));
    const png = join(dir.path, 'screen.png');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="400"><rect width="100%" height="100%" fill="#fff"/><text x="40" y="120" font-family="DejaVu Sans" font-size="44">Add account</text></svg>`;
    writeFileSync(png, await sharp(Buffer.from(svg)).png().toBuffer());
    const r = await moba(['perceive', '--xml', bad, '--png', png, '--json', '--lang', 'eng']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/unusable.*OCR/);
    const parsed = JSON.parse(r.stdout) as Array<{ index: number; text: string; className: string }>;
    expect(parsed[0]).toMatchObject({ index: 1, className: 'ocr.TextLine' });
    expect(parsed.map((e) => e.text).join(' ')).toMatch(/Add account/i);
  });

  it('fails with a clear message and exit code 1', async () => {
    const dir = tempDir('moba-perceive-');
    temps.push(dir);
    const bad = join(dir.path, 'bad.xml');
    writeFileSync(bad, 'not xml at all');
    const broken = await moba(['perceive', '--xml', bad]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/not well-formed XML.*\[DUMP_INVALID\]/);
    const missing = await moba(['perceive', '--xml', join(dir.path, 'nope.xml')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read the dump .*nope\.xml/);
    const nothing = await moba(['perceive']);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/--xml FILE/);
  });
});
