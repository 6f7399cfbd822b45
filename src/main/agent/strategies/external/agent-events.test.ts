import type * as Client from '@moba/agent-client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  ActReply,
  AgentEvent,
  AttachReply,
  EventsReply,
  FinishReply,
  ObserveReply,
} from '../../../../shared/schemas/agent-protocol.ts';
import { foldRun } from '../../../../shared/run/reducer.ts';
import type { RunEvent, RunEventBody } from '../../../../shared/schemas/run.ts';
import { AgentEventLog, agentEventOf } from './agent-events.ts';

/** Each assignable to the other (the type checker runs this file: a drift fails `npm run typecheck`). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('the TypeScript client', () => {
  it('has the types of the protocol schemas', () => {
    expectTypeOf<Client.AgentEvent>().toEqualTypeOf<AgentEvent>();
    expectTypeOf<Same<Client.AttachReply, AttachReply>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Client.ObserveReply, ObserveReply>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Client.ActReply, ActReply>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Client.FinishReply, FinishReply>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Client.EventsReply, EventsReply>>().toEqualTypeOf<true>();
    expectTypeOf<Same<Client.ActReply, Omit<ActReply, 'ok'>>>().toEqualTypeOf<false>();
  });
});

describe('agentEventOf', () => {
  const bodies: RunEventBody[] = [
    { type: 'run_started', serial: 's', task: 'Set an alarm', options: {} as never, appVersion: '0', device: null },
  ];
  const log = (extra: RunEventBody[]): RunEvent[] =>
    [...bodies, ...extra].map((b, i) => ({ ...b, seq: i, at: i }) as RunEvent);

  it('tells the person’s decisions, take-over, hand-back and plan edits; not the agent’s own steps', () => {
    const events = log([
      { type: 'node_added', nodeId: 'n1', parentId: null, goal: 'Set an alarm', by: 'system' },
      {
        type: 'human_wait',
        waitId: 'w1',
        kind: 'approve',
        stepId: 's1',
        prompt: 'Approve Click(3)?',
      },
      {
        type: 'human_decision',
        waitId: 'w1',
        stepId: 's1',
        decision: 'edit',
        action: { name: 'Click', params: { index: 4 } },
        feedback: null,
        by: 'person',
      },
      {
        type: 'human_decision',
        waitId: 'w1',
        stepId: 's1',
        decision: 'take_over',
        action: null,
        feedback: null,
        by: 'person',
      },
      {
        type: 'human_decision',
        waitId: 'w2',
        stepId: null,
        decision: 'hand_back',
        action: null,
        feedback: null,
        by: 'person',
      },
      { type: 'node_added', nodeId: 'n2', parentId: 'n1', goal: 'Open Clock', by: 'person' },
    ]);
    const told = events.slice(1).map((e, i) => agentEventOf(e, foldRun('r', events.slice(0, i + 2))));
    expect(told).toEqual([
      null,
      { type: 'waiting', stepId: 's1', kind: 'approve', prompt: 'Approve Click(3)?' },
      { type: 'decided', stepId: 's1', decision: 'edit', action: 'Click(4)', feedback: null },
      { type: 'taken_over', stepId: 's1' },
      { type: 'handed_back' },
      expect.objectContaining({ type: 'plan_edited', edit: 'add', nodeId: 'n2', goal: 'Open Clock' }),
    ]);
    expect((told[5] as { plan: string }).plan).toMatch(/^\[\w+\] Set an alarm\n {2}\[pending\] Open Clock/);
  });
});

describe('AgentEventLog', () => {
  it('numbers events; replies carry each once; a reader may read from any point or wait for the next', async () => {
    const log = new AgentEventLog();
    log.push({ type: 'handed_back' });
    expect(log.take()).toEqual([{ type: 'handed_back', seq: 1 }]);
    expect(log.take()).toEqual([]);
    const next = log.read(undefined, 10_000);
    log.push({ type: 'paused', by: 'person', reason: 'Paused by the person' });
    expect(await next).toEqual([{ type: 'paused', by: 'person', reason: 'Paused by the person', seq: 2 }]);
    expect((await log.read(0, 0)).map((e) => e.seq)).toEqual([1, 2]);
    const waiting = log.read(undefined, 10_000);
    log.close();
    expect(await waiting).toEqual([]);
    expect(log.ended).toBe(true);
  });
});
