/**
 * Crops of a screenshot around candidate elements, each with its element in a red box — what
 * Mobile-Agent v1 shows the model to choose among several matches of a text or an icon.
 */
import sharp from 'sharp';
import type { UiElement } from '../../../../shared/schemas/perception.ts';

export async function candidateCrops(
  png: Uint8Array,
  candidates: readonly UiElement[],
  screen: { width: number; height: number },
): Promise<Array<{ data: Uint8Array; mime: 'image/jpeg' }>> {
  const meta = await sharp(png).metadata();
  const iw = meta.width ?? screen.width;
  const ih = meta.height ?? screen.height;
  const fx = iw / screen.width;
  const fy = ih / screen.height;
  return Promise.all(
    candidates.map(async (e) => {
      const [x1, y1, x2, y2] = [e.bounds[0] * fx, e.bounds[1] * fy, e.bounds[2] * fx, e.bounds[3] * fy];
      const side = Math.min(Math.max(iw, ih), Math.max(240, 3 * Math.max(x2 - x1, y2 - y1)));
      const left = Math.round(Math.max(0, Math.min(iw - Math.min(side, iw), (x1 + x2) / 2 - side / 2)));
      const top = Math.round(Math.max(0, Math.min(ih - Math.min(side, ih), (y1 + y2) / 2 - side / 2)));
      const width = Math.round(Math.min(side, iw - left));
      const height = Math.round(Math.min(side, ih - top));
      const box = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${Math.max(2, x1 - left - 4)}" y="${Math.max(2, y1 - top - 4)}" width="${x2 - x1 + 8}" height="${y2 - y1 + 8}" fill="none" stroke="#ff1f1f" stroke-width="5"/></svg>`;
      const data = await sharp(png)
        .extract({ left, top, width, height })
        .composite([{ input: Buffer.from(box) }])
        .resize({ width: Math.min(320, width) })
        .jpeg({ quality: 80 })
        .toBuffer();
      return { data: new Uint8Array(data), mime: 'image/jpeg' as const };
    }),
  );
}
