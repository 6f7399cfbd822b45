/**
 * The simulated user of a benchmark episode: answers the agent's questions (`Ask_User`, or an
 * escalation that asks the person) from the task's `user` facts, deterministically, and counts
 * the questions and the unnecessary ones (docs/benchmark.md § Asking the user).
 */
import type { UserSpec } from '../../shared/bench/task-schema.ts';
import type { Locale } from '../../shared/bench/task-values.ts';
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

  private candidates() {
    return [
      ...(this.user?.facts ?? []).map((f) => ({ id: f.id, about: f.about, answer: f.answer, known: false })),
      ...(this.user?.known ?? []).map((k, i) => ({ id: `known:${i}`, about: k.about, answer: k.answer, known: true })),
    ];
  }

  /** The fact the question's words match best (the first written on a tie), or null. */
  private bestMatch(question: string) {
    let best: ReturnType<SimulatedUser['candidates']>[number] | null = null;
    let bestScore = 0;
    for (const c of this.candidates()) {
      const score = c.about.filter((w) => mentions(question, w)).length;
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
    return best;
  }

  /** Whether the keywords of some fact (or of what the goal says) match the question. */
  matches(question: string): boolean {
    return this.bestMatch(question) !== null;
  }

  /** Answers from the keywords of the task's facts, and counts the question. */
  answer(question: string): UserAnswer {
    const best = this.bestMatch(question);
    return this.count(best?.id ?? null, best ? text(best.answer, this.locale) : null);
  }

  /**
   * Counts a question the model answered (`model` mode) from the fact `fact` (null: it did not
   * know, answered as NO_ANSWER), with its own words.
   */
  answerFrom(fact: string | null, words: string): UserAnswer {
    const known = this.candidates().find((c) => c.id === fact);
    return this.count(known?.id ?? null, known ? words : null);
  }

  private count(fact: string | null, words: string | null): UserAnswer {
    const known = fact?.startsWith('known:') ?? false;
    const unnecessary = fact === null || known || this.asked.has(fact);
    if (fact) this.asked.add(fact);
    this.counts = {
      questions: this.counts.questions + 1,
      unnecessaryQuestions: this.counts.unnecessaryQuestions + (unnecessary ? 1 : 0),
    };
    return { text: words ?? NO_ANSWER[this.locale], fact, unnecessary };
  }

  get questionCounts(): QuestionCounts {
    return this.counts;
  }
}

/**
 * A run's listener that lets the simulated user answer: a question is an executed `Ask_User`
 * (the question it carries), or an escalation that asks the person without one (its prompt);
 * the answer is given as the person's `answer` decision once the run waits for it.
 * @param respond the answer's words (the keywords' answer, or the model's)
 * @param decide gives the run a decision (RunService.decide for this run)
 */
export function answeringListener(
  respond: (question: string) => string | Promise<string>,
  decide: (input: { decision: 'answer'; feedback: string }) => void,
): (e: RunEvent) => void {
  let asked: string | null = null;
  return (e) => {
    if (e.type === 'step_executed' && e.ok && e.action.name === 'Ask_User') asked = String(e.action.params.question);
    if (e.type !== 'human_wait' || e.kind !== 'escalation') return;
    const question = asked ?? e.prompt;
    asked = null;
    const reply = Promise.resolve(respond(question));
    // The run starts waiting right after it records the wait: decide once it does.
    void reply.then((feedback) =>
      setImmediate(() => {
        try {
          decide({ decision: 'answer', feedback });
        } catch {
          // The run ended or stopped waiting meanwhile: nothing to answer.
        }
      }),
    );
  };
}
