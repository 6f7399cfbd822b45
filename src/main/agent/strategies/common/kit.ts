/**
 * What strategy loops need beyond the run's `LoopContext`: the artifact store (to read
 * screenshots and dumps and to store the images a strategy draws), an OCR engine (the
 * vision-only strategies), and the long-term memory strategies keep apart from MobA's: the
 * demonstrations AppAgent learns element docs from, Mobile-Agent-E's Tips and Shortcuts.
 */
import type { ArtifactRef } from '../../../../shared/schemas/common.ts';
import type { ChatRole } from '../../../../shared/schemas/settings.ts';
import type { OcrEngine } from '../../../perception/ocr.ts';
import type { AppChooser } from './step-kernel.ts';
import type { StrategyMemory } from '../../ports.ts';

/** Where strategies read and write images and dumps (`ArtifactStore` satisfies it). */
export interface StrategyArtifacts {
  read(sha256: string): Uint8Array;
  put(data: Uint8Array, options: { mime: string }): ArtifactRef;
}

export interface StrategyKit {
  artifacts: StrategyArtifacts;
  /**
   * The model a role's calls go to (the run's overrides applied; a replay's recorded one), when
   * known: a GUI-native family's coordinates can differ between its versions.
   */
  modelName?(role: ChatRole): string | null;
  /** The shared OCR engine (created on first use, disposed by whoever made the kit). */
  ocr(): OcrEngine;
  memory: StrategyMemory;
  /**
   * Chooses the app an Open_App description means when no app is named exactly by it (the
   * registry gives every strategy MobA's app-selection call); without one such actions fail.
   */
  chooseApp?: AppChooser;
}
