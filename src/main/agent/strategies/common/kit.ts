/**
 * What strategy loops need beyond the run's `LoopContext`: the artifact store (to read
 * screenshots and dumps and to store the images a strategy draws), an OCR engine (the
 * vision-only strategies), and the long-term memory strategies keep apart from MobA's: the
 * demonstrations AppAgent learns element docs from, Mobile-Agent-E's Tips and Shortcuts.
 */
import type { Shortcut } from '../../../../shared/schemas/strategy.ts';
import type { RouteStep } from '../../../../shared/schemas/memory.ts';
import type { ArtifactRef } from '../../../../shared/schemas/common.ts';
import type { OcrEngine } from '../../../perception/ocr.ts';
import type { AppChooser } from './step-kernel.ts';

/** Where strategies read and write images and dumps (`ArtifactStore` satisfies it). */
export interface StrategyArtifacts {
  read(sha256: string): Uint8Array;
  put(data: Uint8Array, options: { mime: string }): ArtifactRef;
}

/** A recorded demonstration (an expert route), as AppAgent learns from it. */
export interface Demonstration {
  id: string;
  goal: string;
  app: string | null;
  steps: RouteStep[];
  /** Where it came from (`provenanceOf`), shown beside what the prompt learned from it. */
  from?: string;
}

/** Long-term memory of the strategies. `NO_STRATEGY_MEMORY` is what `--no-memory` gets. */
export interface StrategyMemory {
  /** Demonstrations (expert routes), newest first. */
  demonstrations(): Promise<Demonstration[]>;
  /** Mobile-Agent-E's long-term Tips (one list), or null when none were written yet; `from` is their provenance. */
  tips(): Promise<{ id: string; tips: string[]; from?: string } | null>;
  /** Replaces the long-term Tips. @returns the memory id */
  saveTips(tips: string[], runId: string): Promise<string>;
  /** Learned Shortcuts; `from` (`provenanceOf` of the memory) is printed beside each in the prompts. */
  shortcuts(): Promise<Array<{ id: string; shortcut: Shortcut; from?: string }>>;
  /** Stores a new shortcut. @returns the memory id */
  addShortcut(shortcut: Shortcut, runId: string): Promise<string>;
}

export const NO_STRATEGY_MEMORY: StrategyMemory = {
  demonstrations: async () => [],
  tips: async () => null,
  saveTips: async () => '',
  shortcuts: async () => [],
  addShortcut: async () => '',
};

export interface StrategyKit {
  artifacts: StrategyArtifacts;
  /** The shared OCR engine (created on first use, disposed by whoever made the kit). */
  ocr(): OcrEngine;
  memory: StrategyMemory;
  /**
   * Chooses the app an Open_App description means when no app is named exactly by it (the
   * registry gives every strategy MobA's app-selection call); without one such actions fail.
   */
  chooseApp?: AppChooser;
}
