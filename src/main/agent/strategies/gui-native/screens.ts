/**
 * Screenshots as a GUI-native model is shown them: resized by its coordinate space's rule (the
 * exact size its coordinates refer to), or, for relative coordinates, scaled to fit the usual
 * prompt size. Encoded once per screenshot.
 */
import sharp from 'sharp';
import { MobaError } from '../../../../shared/errors.ts';
import type { Observation } from '../../../../shared/schemas/perception.ts';
import { MODEL_IMAGE } from '../../../perception/index.ts';
import type { StrategyArtifacts } from '../common/kit.ts';
import { imageSizeFor } from './coordinates.ts';
import type { CoordinateSpace, Size } from './coordinates.ts';
import type { GuiImage } from './family.ts';

/** The size a screen of `screen` is shown at. */
export function shownSize(space: CoordinateSpace, screen: Size): Size {
  if (space.kind === 'resized') return imageSizeFor(space, screen);
  const scale = Math.min(1, MODEL_IMAGE.maxSide / Math.max(screen.width, screen.height));
  return { width: Math.round(screen.width * scale), height: Math.round(screen.height * scale) };
}

export class GuiScreens {
  private readonly cache = new Map<string, Promise<GuiImage>>();
  private readonly artifacts: StrategyArtifacts;
  private readonly space: CoordinateSpace;

  constructor(artifacts: StrategyArtifacts, space: CoordinateSpace) {
    this.artifacts = artifacts;
    this.space = space;
  }

  /** The observation's screenshot as shown; null when it has none. @throws MobaError SCREENSHOT_FAILED */
  image(o: Observation): Promise<GuiImage> | null {
    const sha = o.screenshot?.sha256;
    if (!sha) return null;
    let p = this.cache.get(sha);
    if (!p) {
      p = this.encode(sha, shownSize(this.space, o.screen));
      this.cache.set(sha, p);
      // Only the last few screens are shown again.
      if (this.cache.size > 12) this.cache.delete(this.cache.keys().next().value!);
    }
    return p;
  }

  private async encode(sha: string, size: Size): Promise<GuiImage> {
    try {
      const data = await sharp(this.artifacts.read(sha))
        .resize({ width: size.width, height: size.height, fit: 'fill' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: MODEL_IMAGE.quality })
        .toBuffer();
      return {
        data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        mime: 'image/jpeg',
        ...size,
        fixedSize: this.space.kind === 'resized',
      };
    } catch (error) {
      throw new MobaError(
        'SCREENSHOT_FAILED',
        `Cannot resize the screenshot for the model: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }
}
