/**
 * Human corrections as training data. Per run, in step order:
 * - an **edit** or **override** is a pair at the step's state: chosen = the person's action,
 *   rejected = the model's proposal;
 * - a **rejection with feedback** waits for the next executed step; when that step is for the
 *   same sub-goal (nothing else ran in between, so the state is the same), its executed action
 *   is chosen and the rejected proposal is rejected. A rejection followed by another sub-goal's
 *   step, by nothing, or without feedback makes no pair (counted as unpaired);
 * - an **approved** proposal that ran is a positive-only (SFT) record.
 * Pairs whose chosen and rejected actions are the same call are dropped (counted).
 *
 * The TRL files use the act call's messages as the prompt (images in order as paths) and the
 * model's reply format as completions: `{"observation", "thought", "can_complete", "action",
 * "message"}` with the model's observation and thought; a chosen completion carries the
 * person's feedback as its thought when there is feedback, and the chosen action.
 */
import { formatAction } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import type { DpoRecord, PreferencePair, SftRecord, TrlMessage } from '../../shared/datasets/dataset-schema.ts';
import type { RecordedMessage } from '../../shared/schemas/llm.ts';
import type { AssembledStep, CallInfo } from './step-assembler.ts';
import { actionForms, screenOf } from './step-records.ts';
import type { AssetSink, StepContext } from './step-records.ts';

export interface CorrectionStats {
  pairs: { edit: number; override: number; reject: number };
  sft: number;
  /** Rejections without feedback, or with no executed step for the same sub-goal after them. */
  unpairedRejections: number;
  /** Edits or overrides to the very action proposed. */
  unchanged: number;
}

export function emptyCorrectionStats(): CorrectionStats {
  return { pairs: { edit: 0, override: 0, reject: 0 }, sft: 0, unpairedRejections: 0, unchanged: 0 };
}

export interface CorrectionRecords {
  pairs: PreferencePair[];
  dpo: DpoRecord[];
  sft: SftRecord[];
}

/** TRL conversational messages and their images (paths, in placeholder order); null when an image's file is gone. */
export function trlMessages(
  messages: readonly RecordedMessage[],
  sink: AssetSink,
): { messages: TrlMessage[]; images: string[] } | null {
  const images: string[] = [];
  let missing = false;
  const out = messages.map((m): TrlMessage => {
    const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    return {
      role: m.role,
      content: parts.map((p) => {
        if (p.type === 'text') return { type: 'text' as const, text: p.text };
        const file = sink.file(p.image);
        if (file === null) missing = true;
        else images.push(file);
        return { type: 'image' as const };
      }),
    };
  });
  return missing ? null : { messages: out, images };
}

/** The act reply as the model writes it, with fixed key order. */
export function replyText(act: NonNullable<AssembledStep['act']>, action: ActionCall | null, thought?: string): string {
  return JSON.stringify({
    observation: act.observation,
    thought: thought ?? act.thought,
    can_complete: action ? 'true' : act.canComplete,
    action: action ? formatAction(action) : null,
    message: act.message,
  });
}

function assistant(text: string): TrlMessage[] {
  return [{ role: 'assistant', content: [{ type: 'text', text }] }];
}

function promptOf(calls: readonly CallInfo[], sink: AssetSink): { messages: TrlMessage[]; images: string[] } | null {
  const first = calls.find((c) => c.record.kind === 'chat');
  return first ? trlMessages(first.record.request.messages, sink) : null;
}

/** Builds the pairs and SFT records of one run from its steps, fed in order. */
export class CorrectionBuilder {
  private readonly ctx: StepContext;
  private readonly sink: AssetSink;
  private readonly stats: CorrectionStats;
  private waiting: AssembledStep[] = [];

  constructor(ctx: StepContext, sink: AssetSink, stats: CorrectionStats) {
    this.ctx = ctx;
    this.sink = sink;
    this.stats = stats;
  }

  push(s: AssembledStep): CorrectionRecords {
    const out: CorrectionRecords = { pairs: [], dpo: [], sft: [] };
    const d = s.decision;
    if (d && (d.kind === 'edit' || d.kind === 'override') && d.action) {
      if (formatAction(d.action) === formatAction(s.proposed)) this.stats.unchanged++;
      else this.pair(out, d.kind, s, s, d.action);
    }
    if (s.executed) {
      // The rejected proposals waiting for what ran next from the same state.
      for (const r of this.waiting) {
        if (r.nodeId === s.nodeId && formatAction(r.proposed) !== formatAction(s.executed.action))
          this.pair(out, 'reject', r, s, s.executed.action);
        else this.stats.unpairedRejections++;
      }
      this.waiting = [];
    }
    if (d?.kind === 'reject') {
      if (d.feedback) this.waiting.push(s);
      else this.stats.unpairedRejections++;
    }
    if (d?.kind === 'approve' && d.by === 'person' && s.executed && s.executed.by !== 'person' && s.act) {
      const prompt = promptOf(s.act.calls, this.sink);
      if (prompt) {
        out.sft.push({
          id: `${this.ctx.run.id}/${s.stepId}`,
          images: prompt.images,
          messages: [...prompt.messages, ...assistant(replyText(s.act, s.executed.action))],
        });
        this.stats.sft++;
      }
    }
    return out;
  }

  /** Rejections nothing answered before the run's end. */
  end(): void {
    this.stats.unpairedRejections += this.waiting.length;
    this.waiting = [];
  }

  private pair(
    out: CorrectionRecords,
    kind: 'edit' | 'override' | 'reject',
    proposal: AssembledStep,
    chosenStep: AssembledStep,
    chosen: ActionCall,
  ): void {
    const d = proposal.decision!;
    const elements = proposal.before?.elements ?? [];
    const screen = proposal.before?.screen ?? { width: 1080, height: 2400 };
    const id = `${this.ctx.run.id}/${proposal.stepId}`;
    const chosenBy = kind !== 'reject' || chosenStep.executed?.by === 'person' ? 'person' : 'model';
    const context = {
      task: this.ctx.task,
      subgoal: proposal.subgoal,
      screen: proposal.before
        ? screenOf(proposal.before, this.sink)
        : { ...screen, screenshot: null, marked: null, uiDump: null, app: null, keyboardShown: false },
      elements,
      modelInputs: (proposal.act?.calls ?? []).map((c) => this.sink.modelInput(this.ctx.run.id, c)),
    };
    out.pairs.push({
      id,
      split: this.ctx.split,
      kind,
      run: this.ctx.run,
      stepId: proposal.stepId,
      chosenStepId: chosenStep.stepId,
      context,
      chosen: actionForms(chosen, elements, screen),
      rejected: {
        ...actionForms(proposal.proposed, elements, screen),
        element: proposal.element ?? actionForms(proposal.proposed, elements, screen).element,
      },
      chosenBy,
      feedback: d.feedback,
      by: d.by,
      at: d.at,
    });
    this.stats.pairs[kind]++;
    if (!proposal.act) return;
    const prompt = promptOf(proposal.act.calls, this.sink);
    if (!prompt) return;
    out.dpo.push({
      id,
      images: prompt.images,
      prompt: prompt.messages,
      chosen: assistant(replyText(proposal.act, chosen, d.feedback ?? undefined)),
      rejected: assistant(replyText(proposal.act, proposal.proposed)),
      chosenBy,
    });
  }
}
