/**
 * Security: OCR has a time limit. Before the fix a noisy 4100×4100 screenshot kept OCR (and the
 * observation or command waiting on it) busy for over 300 s. `moba perceive --png` on that very
 * kind of picture now answers within OCR's deadline: downscaled, it reads the text in well under
 * a second (`npm run perf:ocr` measures it); whatever the picture, past the deadline the worker
 * is stopped and the command says so.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@moba/base';
import { tempDir } from '@moba/testkit/rigs';
import { OCR_DEADLINE_MS } from '../../src/main/perception/ocr.ts';
import { mobaProcess } from '../support/cli-process.ts';

async function noisyScreenshot(size: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#f4f4f4"/><text x="200" y="600" font-family="DejaVu Sans" font-size="180" fill="#202020">Battery saver</text></svg>`;
  const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const random = mulberry32(3);
  for (let i = 0; i < raw.length; i++)
    raw[i] = Math.max(0, Math.min(255, (raw[i] as number) + Math.round((random() - 0.5) * 254)));
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

describe('security: OCR is bounded', () => {
  it('moba perceive on a noisy 4100×4100 screenshot answers within the OCR deadline', {
    timeout: OCR_DEADLINE_MS + 60_000,
  }, async () => {
    const dir = tempDir('moba-sec-ocr-');
    try {
      const png = join(dir.path, 'noisy.png');
      writeFileSync(png, await noisyScreenshot(4100));
      const started = Date.now();
      const cli = mobaProcess(['perceive', '--png', png, '--lang', 'eng', '--json'], { MOBA_HOME: dir.path });
      const exit = await cli.exit;
      const tookMs = Date.now() - started;
      // Either the text (downscaled) or the deadline's TIMEOUT — never an unbounded wait.
      expect(tookMs).toBeLessThan(OCR_DEADLINE_MS + 20_000);
      if (exit.code === 0) expect(cli.stdout).toMatch(/Battery saver/i);
      else expect(cli.stderr).toMatch(/did not finish within \d+ s.*\[TIMEOUT\]/);
    } finally {
      dir.dispose();
    }
  });
});
