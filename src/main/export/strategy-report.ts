/**
 * The report's section on what the run's strategy kept beyond the task tree: Mobile-Agent-v2's
 * progress and memory unit, Mobile-Agent-E's plan, notes, Tips and Shortcuts (and what the
 * task taught it), the A/B/C outcomes, AppAgent's last summary. Empty for MobA.
 */
import { formatAction } from '../../shared/actions.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import { STRATEGIES } from '../../shared/strategies.ts';

export function strategyHtml(state: RunState, esc: (s: string) => string): string {
  const name = state.options?.strategy ?? 'moba';
  if (name === 'moba') return '';
  const s = state.strategy;
  const parts: string[] = [];
  const block = (title: string, body: string | null | undefined) =>
    body ? parts.push(`<h3>${esc(title)}</h3><p style="white-space:pre-wrap">${esc(body)}</p>`) : 0;
  const list = (title: string, items: readonly string[]) =>
    items.length ? parts.push(`<h3>${esc(title)}</h3><ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`) : 0;
  block('Plan', s.plan);
  block('Current sub-goal', s.subgoal);
  block('Progress', s.progress);
  list('Memory unit', s.memoryUnit);
  block('Notes', s.notes);
  list('Tips', s.tips);
  list(
    'Shortcuts',
    s.shortcuts.map((x) => `${x.name}(${x.arguments.join(', ')}): ${x.description} — only when: ${x.precondition}`),
  );
  list(
    'Shortcuts used',
    s.shortcutsUsed.map((u) =>
      u.refused ? `${u.name}: refused — ${u.reason ?? ''}` : `${u.name}: ${u.actions.map(formatAction).join(' → ')}`,
    ),
  );
  list(
    'Outcomes (A as expected, B wrong page, C no change)',
    s.outcomes.map((o) => `${o.stepId} ${o.outcome}: ${o.operation}${o.outcome === 'A' ? '' : ` — ${o.text}`}`),
  );
  if (s.evolved)
    list('Learned from this task', [
      ...s.evolved.tips.map((t) => `Tip: ${t}`),
      s.evolved.shortcut
        ? `Shortcut: ${s.evolved.shortcut.name} — ${s.evolved.shortcut.description}`
        : `No new shortcut (${s.evolved.note ?? ''})`,
    ]);
  if (name === 'appagent' || name === 'mobile-agent-v1')
    block(
      'Last decision',
      s.lastDecision
        ? `${s.lastDecision.written}${s.lastDecision.summary ? ` — ${s.lastDecision.summary}` : ''}`
        : null,
    );
  return `<h2>${esc(STRATEGIES[name].label)}</h2>${parts.join('') || '<p class="muted">Nothing recorded.</p>'}`;
}
