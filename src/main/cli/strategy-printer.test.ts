import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { initialRunState } from '../../shared/run/reducer.ts';
import { describeEvent } from './run-printer.ts';

const at = { seq: 1, at: 0 };
describe('moba run prints strategy events', () => {
  const st = initialRunState('r');
  it('decisions, outcomes, refused shortcuts, plans and learning', () => {
    expect(
      describeEvent(
        {
          ...at,
          type: 'strategy_decided',
          nodeId: 'n1',
          role: 'decision',
          callIds: [],
          observation: '',
          thought: '',
          written: 'Tap(540, 1875)',
          action: { name: 'Click_by_Coordinate', params: { x: 540, y: 1875, unit: 'px' } },
          summary: 'add an alarm',
        } as RunEvent,
        st,
      ),
    ).toBe('decis Tap(540, 1875) → Click_by_Coordinate(540, 1875, px) — add an alarm');
    expect(
      describeEvent(
        {
          ...at,
          type: 'outcome_judged',
          stepId: 's1',
          nodeId: 'n1',
          callIds: [],
          outcome: 'B',
          operation: 'x',
          text: 'Settings opened',
          progress: null,
        } as RunEvent,
        st,
      ),
    ).toBe('refl  s1: B — Settings opened');
    expect(
      describeEvent(
        {
          ...at,
          type: 'shortcut_invoked',
          nodeId: 'n1',
          name: 'Tap_Type_and_Enter',
          arguments: {},
          actions: [],
          refused: true,
          reason: 'no input box',
          callIds: [],
        } as RunEvent,
        st,
      ),
    ).toBe('short Tap_Type_and_Enter refused: no input box');
    expect(
      describeEvent(
        {
          ...at,
          type: 'plan_updated',
          callIds: [],
          thought: '',
          plan: '1. a',
          subgoal: 'Open Clock',
          finished: false,
          escalated: true,
        } as RunEvent,
        st,
      ),
    ).toBe('plan  sub-goal "Open Clock" (after failures)');
    expect(
      describeEvent(
        {
          ...at,
          type: 'experience_evolved',
          callIds: [],
          tips: ['a', 'b'],
          shortcut: null,
          shortcutNote: 'no new shortcut was proposed',
          memoryIds: [],
        } as RunEvent,
        st,
      ),
    ).toBe('learn 2 tips; no new shortcut was proposed');
  });
});
