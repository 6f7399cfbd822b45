/**
 * Where a scripted server is in its script: the uses left of every step (chat, transcription,
 * speech), and what happens when it runs out. A script whose every counted step is used up
 * starts over at the next request that a step answers from the top — one UI run after another,
 * or `moba run` after a run in the UI, each gets the whole script. A script stuck half-way (a
 * run stopped early) does not start over by itself: the request fails saying how far the script
 * got and how to reset it.
 */
import type { ChatView } from './answer.ts';
import { initialUses, selectAnswer } from './answer.ts';
import type { Selected } from './answer.ts';
import type { Script } from './script.ts';

const usesOf = (steps: ReadonlyArray<{ times: number | 'always' }>) =>
  steps.map((s) => (s.times === 'always' ? Infinity : s.times));

export class ScriptState {
  script: Script;
  private uses: number[];
  private transcriptions: number[];
  private speech: number[];
  /** How often the script started over because it had run out. */
  restarts = 0;

  constructor(script: Script) {
    this.script = script;
    this.uses = initialUses(script);
    this.transcriptions = usesOf(script.transcriptions);
    this.speech = usesOf(script.speech);
  }

  /** A new script, from the top. */
  load(script: Script): void {
    this.script = script;
    this.restart();
  }

  /** Every step's uses back to the start. */
  restart(): void {
    this.uses = initialUses(this.script);
    this.transcriptions = usesOf(this.script.transcriptions);
    this.speech = usesOf(this.script.speech);
  }

  /** Counted steps (not `always`) and how many are used up. */
  progress(): { used: number; counted: number } {
    const counted = this.uses.filter((u, i) => this.script.steps[i]!.times !== 'always');
    return { used: counted.filter((u) => u <= 0).length, counted: counted.length };
  }

  /** Whether every counted step is used up (a whole run went through the script). */
  exhausted(): boolean {
    const p = this.progress();
    return p.counted > 0 && p.used === p.counted;
  }

  /** The answer for a chat request (consumed), starting the script over first when it has run out. */
  selectChat(view: ChatView, allowRestart: boolean): (Selected & { restarted: boolean }) | undefined {
    const direct = selectAnswer({ ...this.script, fallback: undefined }, this.uses, view);
    if (direct) return { ...direct, restarted: false };
    if (allowRestart && this.exhausted()) {
      const fresh = initialUses(this.script);
      const again = selectAnswer({ ...this.script, fallback: undefined }, fresh, view);
      if (again) {
        this.restart();
        this.uses = fresh;
        this.restarts++;
        return { ...again, restarted: true };
      }
    }
    const fallback = this.script.fallback;
    return fallback ? { answer: fallback, source: 'fallback', label: 'fallback', restarted: false } : undefined;
  }

  /** The next transcription step with uses left (consumed). */
  nextTranscription() {
    return take(this.script.transcriptions, this.transcriptions);
  }

  /** The next speech step with uses left (consumed). */
  nextSpeech() {
    return take(this.script.speech, this.speech);
  }
}

function take<T extends { times: number | 'always'; name?: string | undefined }>(
  steps: T[],
  left: number[],
): { step: T; label: string } | undefined {
  for (let i = 0; i < steps.length; i++) {
    if ((left[i] ?? 0) <= 0) continue;
    left[i] = (left[i] ?? 0) - 1;
    const step = steps[i]!;
    return { step, label: step.name ? `#${i + 1} ${step.name}` : `#${i + 1}` };
  }
  return undefined;
}
