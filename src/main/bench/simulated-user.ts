/**
 * The simulated user of a benchmark episode: answers the agent's questions (`Ask_User`, or an
 * escalation that asks the person) from the task's `user` facts, deterministically, and counts
 * the questions and the unnecessary ones (docs/benchmark.md § Asking the user).
 */
import type { Locale, UserSpec } from '../../shared/bench/task-schema.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { foldText } from './predicates/text-match.ts';

export const NO_ANSWER: Record<Locale, string> = {
  en: "I don't know — please do what I asked.",
  zh: '我不知道，请按我说的做。',
};

export interface UserAnswer {
  text: string;
  /** The fact that answered (`known:N` for what the goal already said), or null. */
  fact: string | null;
  /** Already in the goal, matching no fact, or asked before. */
  unnecessary: boolean;
}

export interface QuestionCounts {
  questions: number;
  unnecessaryQuestions: number;
}

const text = (t: string | { en: string; zh: string }, locale: Locale) => (typeof t === 'string' ? t : t[locale]);

/** Whether the question mentions `word`: a whole word for Latin text, a substring for other scripts. */
export function mentions(question: string, word: string): boolean {
  const q = foldText(question);
  const w = foldText(word);
  if (!w) return false;
  if (!/^[\p{Script=Latin}\d\s'-]+$/u.test(w)) return q.includes(w);
  const escaped = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\d])${escaped}($|[^\\p{L}\\d])`, 'u').test(q);
}

export class SimulatedUser {
  private readonly asked = new Set<string>();
  private counts: QuestionCounts = { questions: 0, unnecessaryQuestions: 0 };

  private readonly user: UserSpec | null;
  private readonly locale: Locale;

  /** @param user the task's `user`, placeholders filled (null: a task without one — every question is unnecessary) */
  constructor(user: UserSpec | null, locale: Locale) {
    this.user = user;
    this.locale = locale;
  }

  answer(question: string): UserAnswer {
    const candidates = [
      ...(this.user?.facts ?? []).map((f) => ({ id: f.id, about: f.about, answer: f.answer, known: false })),
      ...(this.user?.known ?? []).map((k, i) => ({ id: `known:${i}`, about: k.about, answer: k.answer, known: true })),
    ];
    let best: (typeof candidates)[number] | null = null;
    let bestScore = 0;
    for (const c of candidates) {
      const score = c.about.filter((w) => mentions(question, w)).length;
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
    const unnecessary = !best || best.known || this.asked.has(best.id);
    if (best) this.asked.add(best.id);
    this.counts = {
      questions: this.counts.questions + 1,
      unnecessaryQuestions: this.counts.unnecessaryQuestions + (unnecessary ? 1 : 0),
    };
    return {
      text: best ? text(best.answer, this.locale) : NO_ANSWER[this.locale],
      fact: best?.id ?? null,
      unnecessary,
    };
  }

  get questionCounts(): QuestionCounts {
    return this.counts;
  }
}

/**
 * A run's listener that lets the simulated user answer: a question is an executed `Ask_User`
 * (the question it carries), or an escalation that asks the person without one (its prompt);
 * the answer is given as the person's `answer` decision once the run waits for it.
 * @param decide gives the run a decision (RunService.decide for this run)
 */
export function answeringListener(
  user: SimulatedUser,
  decide: (input: { decision: 'answer'; feedback: string }) => void,
): (e: RunEvent) => void {
  let asked: string | null = null;
  return (e) => {
    if (e.type === 'step_executed' && e.ok && e.action.name === 'Ask_User') asked = String(e.action.params.question);
    if (e.type !== 'human_wait' || e.kind !== 'escalation') return;
    const question = asked ?? e.prompt;
    asked = null;
    const reply = user.answer(question);
    // The run starts waiting right after it records the wait: decide once it does.
    setImmediate(() => {
      try {
        decide({ decision: 'answer', feedback: reply.text });
      } catch {
        // The run ended or stopped waiting meanwhile: nothing to answer.
      }
    });
  };
}
