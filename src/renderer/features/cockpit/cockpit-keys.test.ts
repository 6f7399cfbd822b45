import { describe, expect, it } from 'vitest';
import { cockpitCommand, SHORTCUTS } from './cockpit-keys.ts';
import type { Interaction, KeyContext, KeyPress } from './cockpit-keys.ts';

const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  typing: false,
  inEditor: false,
  onButton: false,
  modifiers: false,
  ...over,
});
const at = (over: Partial<KeyContext> = {}): KeyContext => ({
  waiting: 'approve',
  interaction: 'idle',
  status: 'waiting',
  hasProposal: true,
  ...over,
});

const INTERACTIONS: Interaction[] = ['idle', 'edit', 'override', 'reject'];
const WAITS: KeyContext['waiting'][] = [null, 'approve', 'copilot', 'take_over', 'escalation'];

describe('the cockpit keyboard map', () => {
  it('never lets Esc, in any state, decide anything', () => {
    for (const waiting of WAITS)
      for (const interaction of INTERACTIONS)
        for (const typing of [false, true])
          expect(cockpitCommand(press('Escape', { typing }), at({ waiting, interaction }))).toBeNull();
  });

  it('gives Reject its own key, which only opens the reason form', () => {
    expect(cockpitCommand(press('r'), at())).toBe('reject');
    expect(cockpitCommand(press('R'), at({ waiting: 'copilot' }))).toBe('reject');
    expect(cockpitCommand(press('r'), at({ interaction: 'edit' }))).toBeNull();
    expect(cockpitCommand(press('r'), at({ waiting: 'take_over' }))).toBeNull();
    expect(cockpitCommand(press('r', { typing: true }), at())).toBeNull();
  });

  it('approves with Enter only when nothing else is open, and runs the edit from the editor', () => {
    expect(cockpitCommand(press('Enter'), at())).toBe('approve');
    expect(cockpitCommand(press('Enter'), at({ interaction: 'override' }))).toBeNull();
    expect(cockpitCommand(press('Enter'), at({ interaction: 'reject' }))).toBeNull();
    expect(cockpitCommand(press('Enter', { typing: true, inEditor: true }), at({ interaction: 'edit' }))).toBe(
      'submit-edit',
    );
    expect(cockpitCommand(press('Enter', { typing: true }), at())).toBeNull();
    expect(cockpitCommand(press('Enter', { onButton: true }), at())).toBeNull();
    expect(cockpitCommand(press('Enter'), at({ waiting: 'take_over' }))).toBeNull();
    expect(cockpitCommand(press('Enter'), at({ waiting: null }))).toBeNull();
  });

  it('maps the other letters to what the sheet says, and leaves modified keys to the browser', () => {
    expect(cockpitCommand(press('e'), at())).toBe('edit');
    expect(cockpitCommand(press('e'), at({ hasProposal: false }))).toBeNull();
    expect(cockpitCommand(press('o'), at())).toBe('override');
    expect(cockpitCommand(press('t'), at())).toBe('take-over');
    expect(cockpitCommand(press('t'), at({ status: 'succeeded', waiting: null }))).toBeNull();
    expect(cockpitCommand(press('h'), at({ waiting: 'take_over' }))).toBe('hand-back');
    expect(cockpitCommand(press('h'), at())).toBeNull();
    expect(cockpitCommand(press(' '), at({ status: 'running', waiting: null }))).toBe('pause-resume');
    expect(cockpitCommand(press(' ', { onButton: true }), at())).toBeNull();
    expect(cockpitCommand(press('?'), at({ waiting: null, status: 'succeeded' }))).toBe('shortcuts');
    expect(cockpitCommand(press('e', { modifiers: true }), at())).toBeNull();
  });

  it('lists every key it maps in the shortcut sheet', () => {
    const listed = SHORTCUTS.map((s) => s.keys);
    for (const k of ['Enter', 'E', 'O', 'R', 'T', 'H', 'Space', 'Esc', '?']) expect(listed).toContain(k);
    expect(SHORTCUTS.find((s) => s.keys === 'Esc')?.what).toMatch(/never decides/);
  });
});
