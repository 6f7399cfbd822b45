import { createHash } from 'node:crypto';
import type { Observation } from '../../shared/schemas/perception.ts';
import { encodeForModel, formatElementsForPrompt, MODEL_IMAGE } from '../perception/index.ts';
import type { ModelImage, ModelImageOptions } from '../perception/index.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { ScreenForPrompt } from './strategies/moba/prompts/common.ts';

/** A hash of what is on screen (app + elements), for "the same action on the same screen" detection. */
export function screenKeyOf(o: Observation): string {
  const h = createHash('sha256');
  h.update(`${o.currentApp?.packageName ?? ''}/${o.currentApp?.activity ?? ''}|${o.keyboardShown}`);
  for (const e of o.elements)
    h.update(
      `|${e.className}:${e.text}:${e.contentDesc}:${e.resourceId}:${e.bounds.join(',')}:${e.trueAttributes.includes('checked')}`,
    );
  return h.digest('hex').slice(0, 16);
}

export interface ScreenEncoding {
  /** Longest side of images sent to the model; small keeps the context small. */
  maxSide: number;
  quality: number;
  images: boolean;
}

/** An image artifact already decoded or encoded for a model, if still at hand (see Observer.modelImage). */
export type RecentModelImages = (sha256: string, options: ModelImageOptions) => Promise<ModelImage> | undefined;

export const DEFAULT_SCREEN_ENCODING: ScreenEncoding = {
  maxSide: MODEL_IMAGE.maxSide,
  quality: MODEL_IMAGE.quality,
  images: true,
};

/**
 * Turns observations into what prompts show, reading the screenshots from the artifact
 * store and encoding them compactly once per observation.
 */
export class ScreenPreparer {
  private readonly cache = new Map<string, Promise<ScreenForPrompt>>();
  private readonly artifacts: ArtifactStore;
  private readonly encoding: ScreenEncoding;
  private readonly recent: RecentModelImages | undefined;

  /** @param recent encoded images of recent screens, when the observer still has them */
  constructor(
    artifacts: ArtifactStore,
    encoding: ScreenEncoding = DEFAULT_SCREEN_ENCODING,
    recent?: RecentModelImages,
  ) {
    this.artifacts = artifacts;
    this.encoding = encoding;
    this.recent = recent;
  }

  prepare(observationId: string, o: Observation): Promise<ScreenForPrompt> {
    let p = this.cache.get(observationId);
    if (!p) {
      p = this.build(o);
      this.cache.set(observationId, p);
      // Only the last few screens are ever prompted again (before/after); keep the cache small.
      if (this.cache.size > 8) this.cache.delete(this.cache.keys().next().value!);
    }
    return p;
  }

  private async build(o: Observation): Promise<ScreenForPrompt> {
    const image = async (sha: string | undefined) => {
      if (!sha || !this.encoding.images) return null;
      const options = { maxSide: this.encoding.maxSide, format: 'jpeg', quality: this.encoding.quality } as const;
      const encoded = await (this.recent?.(sha, options) ?? encodeForModel(this.artifacts.read(sha), options));
      return { data: encoded.data, mime: encoded.mime as 'image/jpeg' | 'image/png' };
    };
    const [screenshot, marked] = await Promise.all([image(o.screenshot?.sha256), image(o.marked?.sha256)]);
    const note =
      o.elementsFrom === 'ocr'
        ? 'The UI dump failed; the elements below were read from the screenshot by OCR (their indices work for actions).'
        : o.elementsFrom === 'none'
          ? `The UI dump failed (${o.problems.map((p) => p.message).join('; ') || 'no elements'}); use Click_by_Coordinate on the screenshot.`
          : null;
    return {
      elementsText: formatElementsForPrompt(o.elements),
      currentApp: o.currentApp ? `${o.currentApp.packageName}/${o.currentApp.activity}` : null,
      keyboardShown: o.keyboardShown,
      width: o.screen.width,
      height: o.screen.height,
      screenshot,
      marked,
      note,
    };
  }
}
