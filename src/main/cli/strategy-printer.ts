/** How `moba run` prints the events strategies add (decisions, A/B/C outcomes, plans, notes, shortcuts, experience). */
import { formatAction } from '../../shared/actions.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { oneLine } from './terminal-text.ts';

/** Outside text on one line (it must not fake a line of ours), at most `max` characters. */
function clip(text: string, max = 100): string {
  const one = oneLine(text);
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** A readable line for a strategy event, or null for any other event. */
export function describeStrategyEvent(e: RunEvent): string | null {
  switch (e.type) {
    case 'strategy_decided':
      return `${e.role.slice(0, 5).padEnd(5)} ${e.written}${e.action && formatAction(e.action) !== e.written ? ` → ${formatAction(e.action)}` : ''}${e.summary ? ` — ${clip(e.summary, 80)}` : ''}`;
    case 'outcome_judged':
      return `refl  ${e.stepId}: ${e.outcome}${e.outcome === 'A' ? '' : ` — ${clip(e.text, 80)}`}`;
    case 'progress_updated':
      return `prog  ${clip(e.progress)}`;
    case 'memory_unit_added':
      return `keep  ${clip(e.content)}`;
    case 'plan_updated':
      return `plan  ${e.finished ? 'Finished' : `sub-goal "${clip(e.subgoal, 60)}"`}${e.escalated ? ' (after failures)' : ''}`;
    case 'notes_updated':
      return `notes ${clip(e.notes)}`;
    case 'experience_loaded':
      return `exp   ${e.tips.length} tips, shortcuts ${e.shortcuts.map((s) => s.name).join(', ') || 'none'}${e.retrieved ? ' (retrieved)' : ''}`;
    case 'experience_evolved':
      return `learn ${e.tips.length} tips${e.shortcut ? `, new shortcut ${e.shortcut.name}` : `; ${e.shortcutNote ?? 'no new shortcut'}`}`;
    case 'shortcut_invoked':
      return e.refused
        ? `short ${e.name} refused: ${clip(e.reason ?? '', 80)}`
        : `short ${e.name}: ${e.actions.map(formatAction).join(' → ')}`;
    default:
      return null;
  }
}
