/** Perception: uiautomator XML → indexed elements, prompt text, set-of-marks image, OCR fallback. */
export { processViewHierarchy, VH_RULES, MAX_SCREEN_SIDE, MERGE_SEPARATOR } from './view-hierarchy.ts';
export type { HierarchyStats, ProcessOptions, ProcessedHierarchy } from './view-hierarchy.ts';
export { largestUncovered, stackWindows } from './window-stack.ts';
export type { DumpWindow } from './window-stack.ts';
export { decodeDumpBytes, checkDumpText } from './dump-decode.ts';
export { formatElementsForPrompt } from './prompt-format.ts';
export type { PromptFormatOptions } from './prompt-format.ts';
export {
  decodeImage,
  drawSetOfMarks,
  encodeForModel,
  MODEL_IMAGE,
  markColor,
  MARK_COLORS,
  MARKED_PNG,
} from './set-of-marks.ts';
export type { MarkedImage, ModelImage, ModelImageOptions, RawImage, SetOfMarksOptions } from './set-of-marks.ts';
export { candidateActions } from './candidate-actions.ts';
export { OcrEngine, OCR_LANGUAGES, OCR_CLASS_NAME } from './ocr.ts';
export type { OcrLanguage, OcrRecognizeOptions } from './ocr.ts';
export { elementLabel, isEditable, scrollAxis, shortClassName, shortResourceId } from './element-info.ts';
