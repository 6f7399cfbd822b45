/**
 * The simulated user's model mode (docs/benchmark.md § Asking the user): a question the
 * keywords of the task's facts do not match goes to the `simulatedUser` model role, which may
 * answer only from those facts (and what the goal already says), at temperature 0, naming the
 * fact it used; a reply that names no fact of the task is "I don't know".
 */
import type { Disposable } from '@moba/base';
import type { UserSpec } from '../../shared/bench/task-schema.ts';
import type { Locale } from '../../shared/bench/task-values.ts';
import type { RunEventBody } from '../../shared/schemas/run.ts';
import type { ChatMessage, LlmGateway } from '../llm/types.ts';
import type { SimulatedUser } from './simulated-user.ts';

const text = (t: string | { en: string; zh: string }, locale: Locale) => (typeof t === 'string' ? t : t[locale]);

/** The model's reply: the fact it answered from (its id), or null for "I don't know". */
export interface ModelUserReply {
  fact: string | null;
  answer: string;
}

const REPLY_SCHEMA = {
  name: 'user_answer',
  schema: {
    type: 'object',
    properties: {
      fact: { type: ['string', 'null'], description: 'the id of the fact the answer comes from, or null' },
      answer: { type: 'string', description: 'one short answer, or "I don\'t know"' },
    },
    required: ['fact', 'answer'],
    additionalProperties: false,
  },
};

/** The prompt: the rules, the facts with their ids, the goal, the question. */
export function userModelMessages(user: UserSpec, locale: Locale, goal: string, question: string): ChatMessage[] {
  const facts = [
    ...user.facts.map((f) => `- ${f.id}: ${text(f.answer, locale)} (about: ${f.about.join(', ')})`),
    ...(user.known ?? []).map((k, i) => `- known:${i}: ${text(k.answer, locale)} (about: ${k.about.join(', ')})`),
  ];
  const system = [
    'You are the user of a phone assistant. The assistant is doing a task for you and asks you a question.',
    'Rules:',
    '- Answer ONLY from the facts listed below. Never guess, never add anything they do not say.',
    '- Reply with one short answer, in the language of the facts, and the id of the fact it comes from.',
    `- If no fact answers the question, reply with the answer "I don't know" and the fact null.`,
    'Reply as JSON: {"fact": "<id or null>", "answer": "<your answer>"}.',
  ].join('\n');
  const prompt = [`## Your request\n${goal}`, `## Facts you know\n${facts.join('\n')}`, `## The question\n${question}`];
  return [
    { role: 'system', content: system },
    { role: 'user', content: prompt.join('\n\n') },
  ];
}

/**
 * Asks the model. @returns its reply, with `fact` null unless it names a fact of the task
 * @throws what the gateway throws (unreachable, not configured, timeout)
 */
export async function askUserModel(
  gateway: Pick<LlmGateway, 'chat'>,
  user: UserSpec,
  locale: Locale,
  goal: string,
  question: string,
  signal?: AbortSignal,
): Promise<ModelUserReply> {
  const result = await gateway.chat({
    role: 'simulatedUser',
    purpose: 'simulated-user',
    messages: userModelMessages(user, locale, goal, question),
    temperature: 0,
    maxTokens: 200,
    responseFormat: 'json',
    jsonSchema: REPLY_SCHEMA,
    ...(signal ? { signal } : {}),
  });
  let parsed: { fact?: unknown; answer?: unknown } = {};
  try {
    parsed = JSON.parse(result.text) as typeof parsed;
  } catch {
    // Not JSON: treated as no fact named.
  }
  const ids = new Set([...user.facts.map((f) => f.id), ...(user.known ?? []).map((_, i) => `known:${i}`)]);
  const fact = typeof parsed.fact === 'string' && ids.has(parsed.fact) ? parsed.fact : null;
  const answer = typeof parsed.answer === 'string' ? parsed.answer.trim().split('\n')[0]!.slice(0, 300) : '';
  return fact && answer ? { fact, answer } : { fact: null, answer: '' };
}

/** Where the model mode's calls and warnings go: the episode's run (`RunService.appendIfHeld`). */
export interface UserModelSink {
  append(body: RunEventBody): void;
}

/** Answers the agent's questions; disposing it stops recording the gateway's calls in the run. */
export interface UserResponder extends Disposable {
  answer(question: string): Promise<string>;
}

/**
 * The answer's words in `model` mode: the keywords answer when they match; otherwise the model,
 * its call recorded in the run as a `model_call`; when the model cannot be reached, the
 * keywords' answer ("I don't know") and a warning in the run. The gateway's calls reach the
 * run until the responder is disposed (at the episode's end).
 */
export function modelResponder(
  simulated: SimulatedUser,
  options: {
    gateway: Pick<LlmGateway, 'chat' | 'onDidRecord'>;
    user: UserSpec;
    locale: Locale;
    goal: string;
    sink: UserModelSink;
    signal?: AbortSignal;
  },
): UserResponder {
  const { gateway, user, locale, goal, sink } = options;
  const recording = gateway.onDidRecord((record) =>
    sink.append({ type: 'model_call', callId: record.id, nodeId: null, record, memories: [] }),
  );
  const answer = async (question: string) => {
    if (simulated.matches(question)) return simulated.answer(question).text;
    try {
      const reply = await askUserModel(gateway, user, locale, goal, question, options.signal);
      return simulated.answerFrom(reply.fact, reply.answer).text;
    } catch (error) {
      sink.append({
        type: 'message',
        from: 'system',
        nodeId: null,
        text: `Warning: the simulated user's model could not answer (${error instanceof Error ? error.message : String(error)}); it answered from the task's facts' keywords instead.`,
      });
      return simulated.answer(question).text;
    }
  };
  return { answer, dispose: () => recording.dispose() };
}
