/**
 * What a GUI-native model family is to its strategy: end-to-end models that look at a screenshot
 * and answer one action in their own grammar, with coordinates in their own space. Each family
 * (`ui-tars/`, `qwen-vl/`, `autoglm/`, `gui-owl/`) gives its prompt layout, its parser into the shared
 * actions, its coordinate space and how its history reads; `loop.ts` runs them all on the same
 * gates, event log and replay as the other strategies.
 */
import type { ActionCall } from '../../../../shared/actions.ts';
import type { Observation } from '../../../../shared/schemas/perception.ts';
import type { ToolCall } from '../../../../shared/schemas/llm.ts';
import type { ParsedReply } from '../../../llm/structured.ts';
import type { ChatMessage, ImageMime } from '../../../llm/types.ts';
import type { CoordinateSpace, Size } from './coordinates.ts';

/** An image as the model is shown it. */
export interface GuiImage {
  data: Uint8Array;
  mime: ImageMime;
  width: number;
  height: number;
  /** Sized by the strategy (its coordinates refer to this size): the endpoint must not scale it. */
  fixedSize: boolean;
}

/** One earlier decision, as the model's history shows it. */
export interface GuiTurn {
  /** What the model was told about that screen (AutoGLM's screen info), as recorded. */
  observation: string;
  thought: string;
  /** The model's answer as it wrote it. */
  written: string;
  /** That screen's screenshot, for the families that show recent ones; null beyond them. */
  image: GuiImage | null;
}

export interface GuiPromptInput {
  task: string;
  /** The device's screen, in pixels. */
  screen: Size;
  image: GuiImage;
  space: CoordinateSpace;
  /** Earlier decisions, oldest first. */
  history: GuiTurn[];
  /** The foreground app's package, when known. */
  currentApp: string | null;
  /** What the person said that no prompt has shown yet (rejections, answers to Ask_User). */
  feedback: string[];
  /** Why the last action failed on the device, if it did. */
  lastError: string | null;
  /** The device's date and time (e.g. `2025-06-02 (Monday) 09:00, UTC+08:00`), when it could be read. */
  deviceTime: string | null;
}

/** A reply read into the shared action space. */
export interface GuiDecision {
  /** The model's own reasoning when its grammar has it in the answer (UI-TARS' `Thought:`). */
  thought: string;
  /** The answer as the model wrote it (kept for its history). */
  written: string;
  /** Its action; Finish and Failed end the run, Ask_User asks the person. */
  action: ActionCall;
  /** Done right after `action` (UI-TARS' `type(content='…\n')` types, then presses Enter). */
  then?: ActionCall;
}

export interface GuiNativeFamily {
  /** The strategy's name for its acting role (`strategy_decided.role`). */
  role: string;
  /** The purpose its model calls are recorded with. */
  purpose: string;
  /** How many of the latest screenshots the history shows (the current one included); 1: only the current. */
  screenshots: number;
  /** Its coordinate space for a model name (a family may differ between versions). */
  space(model: string | null): CoordinateSpace;
  /** What it is told about a screen besides the image, as the history records it. */
  observed(o: Observation): string;
  messages(input: GuiPromptInput): ChatMessage[];
  /** Reads its answer (never its reasoning). */
  parse(reply: { text: string; toolCalls: ToolCall[] }, screen: Size, space: CoordinateSpace): ParsedReply<GuiDecision>;
  /** How to answer instead, in the repair round. */
  repairHint: string;
}
