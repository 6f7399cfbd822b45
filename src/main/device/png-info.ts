/** Cheap facts about a screenshot without decoding it, and the secure-screen (all black) check. */
import sharp from 'sharp';

/** Width and height from the PNG header (IHDR), or null when the bytes are not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  if (png.length < 24) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (view.getUint32(0) !== 0x89504e47 || view.getUint32(12) !== 0x49484452) return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * Only a nearly uniform image compresses this well; real screens are far larger. Checking the
 * pixels of small PNGs only keeps the check off the common path.
 */
const SMALL_PNG_BYTES_PER_PIXEL = 0.02;

/**
 * Whether the screenshot is (almost) entirely black — what `screencap` returns for windows
 * with FLAG_SECURE (banking apps, password screens) and for a screen that is off.
 */
export async function isBlackScreenshot(png: Uint8Array): Promise<boolean> {
  const size = pngSize(png);
  if (!size || png.length > Math.max(4_096, size.width * size.height * SMALL_PNG_BYTES_PER_PIXEL)) return false;
  const stats = await sharp(png).stats();
  return stats.channels.slice(0, 3).every((c) => c.max <= 8);
}
