import { describe, expect, it } from 'vitest';
import { initialRunState } from '../../shared/run/reducer.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import { strategyHtml } from './strategy-report.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const options = {
  mode: 'auto' as const,
  usePlan: true,
  useMemory: true,
  maxSteps: 10,
  planBudget: 5,
  settleTimeoutMs: 0,
  approvalRules: [],
  models: {},
};

describe("the report's strategy section", () => {
  it('is empty for MobA and shows what Mobile-Agent-E kept', () => {
    const moba: RunState = { ...initialRunState('r'), options: { ...options, strategy: 'moba' } };
    expect(strategyHtml(moba, esc)).toBe('');
    const base = initialRunState('r');
    const e: RunState = {
      ...base,
      options: { ...options, strategy: 'mobile-agent-e' },
      strategy: {
        ...base.strategy,
        plan: '1. Open <Clock>',
        notes: 'Alarms at 7:00 AM',
        tips: ['Close pop-ups first.'],
        shortcutsUsed: [{ name: 'Tap_Type_and_Enter', actions: [], refused: true, reason: 'no input box' }],
        outcomes: [{ stepId: 's1', outcome: 'B', operation: 'open Clock', text: 'Settings opened' }],
        evolved: { tips: ['Close pop-ups first.'], shortcut: null, note: 'no new shortcut was proposed' },
      },
    };
    const html = strategyHtml(e, esc);
    expect(html).toContain('<h2>Mobile-Agent-E</h2>');
    expect(html).toContain('1. Open &lt;Clock>');
    expect(html).toContain('<li>Tap_Type_and_Enter: refused — no input box</li>');
    expect(html).toContain('<li>s1 B: open Clock — Settings opened</li>');
    expect(html).toContain('No new shortcut (no new shortcut was proposed)');
  });
});
