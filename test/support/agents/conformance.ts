/**
 * The agent protocol's conformance cases (conformance-cases.json) through the TypeScript client.
 * Started by the studio as an external agent (`node conformance.ts`); runs each case of MOBA_CASES
 * (a file beside this one; default conformance-cases.json) in order and
 * writes what came back to MOBA_CASES_OUT as JSON, as conformance.py does through the Python client.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AgentError, AgentSession } from '@moba/agent-client';
import type { Action, AgentEvent, ObservationPart, StepReport } from '@moba/agent-client';

interface Case {
  name: string;
  op: string;
  client?: string;
  include?: ObservationPart[];
  request?: string;
  text?: string;
  body?: unknown;
  action?: Action;
  observeFirst?: boolean;
  report?: StepReport;
  after?: number;
  answer?: string;
  thought?: string;
}

const s = AgentSession.fromEnv();

/** Proposes the action and reads events alongside until it waits for the person. */
async function actWatching(c: Case): Promise<{ reply: unknown; watched: AgentEvent[] }> {
  await s.observe(['elements']);
  let settled = false;
  const acting = s.act(c.action!).finally(() => (settled = true));
  const watched: AgentEvent[] = [];
  let after = Math.max(0, ...s.received.map((e) => e.seq));
  while (!settled && !watched.some((e) => e.type === 'waiting')) {
    const { events } = await s.events({ after, waitMs: 2_000 });
    watched.push(...events);
    after = Math.max(after, ...events.map((e) => e.seq));
  }
  return { reply: await acting, watched };
}

async function run(c: Case): Promise<unknown> {
  switch (c.op) {
    case 'attach_wrong_token':
      return new AgentSession(s.url, 'not-the-token').attach('intruder');
    case 'attach':
      return s.attach(c.client);
    case 'attach_again':
      return new AgentSession(s.url, s.token).attach(c.client);
    case 'observe':
      return s.observe(c.include);
    case 'raw':
      return s.request(c.request!, c.text!);
    case 'request':
      return s.request(c.request!, c.body);
    case 'act':
      if (c.observeFirst ?? true) await s.observe(['elements']);
      return s.act(c.action!, c.report);
    case 'events':
      return s.events(c.after === undefined ? {} : { after: c.after });
    case 'finish':
      return s.finish({ ...(c.answer ? { answer: c.answer } : {}), ...(c.thought ? { thought: c.thought } : {}) });
    case 'received':
      return s.received;
    default:
      throw new Error(`unknown op ${c.op}`);
  }
}

const table = process.env.MOBA_CASES ?? 'conformance-cases.json';
const cases = JSON.parse(readFileSync(join(import.meta.dirname, table), 'utf8')) as Case[];
const results: Record<string, unknown> = {};
for (const c of cases) {
  try {
    results[c.name] =
      c.op === 'act_watching' ? { code: 'ok', ...(await actWatching(c)) } : { code: 'ok', reply: await run(c) };
  } catch (error) {
    if (!(error instanceof AgentError)) throw error;
    results[c.name] = {
      code: error.code,
      status: error.status,
      message: error.message.replace(/^\w+: /, ''),
      events: error.events,
    };
  }
}
writeFileSync(process.env.MOBA_CASES_OUT!, JSON.stringify(results));
