import { describe, expect, it } from 'vitest';
import { parseDecisionLine } from './follow-run.ts';

describe('decisions typed in the terminal', () => {
  it('maps short and long forms to decisions', () => {
    expect(parseDecisionLine('')).toEqual({ decision: { decision: 'approve' } });
    expect(parseDecisionLine('a')).toEqual({ decision: { decision: 'approve' } });
    expect(parseDecisionLine('e Click(4)')).toEqual({ decision: { decision: 'edit', action: 'Click(4)' } });
    expect(parseDecisionLine('override Box_Input(3, "hello world")')).toEqual({
      decision: { decision: 'override', action: 'Box_Input(3, "hello world")' },
    });
    expect(parseDecisionLine('r use the launcher icon')).toEqual({
      decision: { decision: 'reject', feedback: 'use the launcher icon' },
    });
    expect(parseDecisionLine('reject')).toEqual({ decision: { decision: 'reject' } });
    expect(parseDecisionLine('t')).toEqual({ decision: { decision: 'take_over' } });
    expect(parseDecisionLine('done')).toEqual({ decision: { decision: 'hand_back' } });
    expect(parseDecisionLine('g open the alarm tab first')).toEqual({
      decision: { decision: 'answer', feedback: 'open the alarm tab first' },
    });
    expect(parseDecisionLine('s')).toEqual({ control: 'stop' });
    expect(parseDecisionLine('p')).toEqual({ control: 'pause' });
  });

  it('says what it expects when a line is incomplete or unknown', () => {
    expect(parseDecisionLine('e')).toMatchObject({ error: expect.stringMatching(/edit needs an action/) });
    expect(parseDecisionLine('g')).toMatchObject({ error: expect.stringMatching(/guidance needs text/) });
    expect(parseDecisionLine('launch rockets')).toMatchObject({ error: expect.stringMatching(/not understood/) });
  });
});
