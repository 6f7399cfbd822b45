/** How `moba run` and `moba runs show` print a run: one line per event, then the tree and counts. */
import { formatAction } from '../../shared/actions.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import type { RunState, TaskNodeState } from '../../shared/run/reducer.ts';
import { oneLine } from './terminal-text.ts';
import { describeStrategyEvent } from './strategy-printer.ts';

const STATUS_MARK: Record<string, string> = { pending: '·', running: '▸', done: '✔', failed: '✘', skipped: '–' };

/** Outside text on one line (it must not fake a line of ours), at most `max` characters. */
function clip(text: string, max = 100): string {
  const one = oneLine(text);
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** A readable line for an event, or null for events that only matter to the UI. */
export function describeEvent(e: RunEvent, state: RunState): string | null {
  const goal = (id: string | null) => (id ? `"${clip(state.nodes[id]?.goal ?? id, 60)}"` : '');
  switch (e.type) {
    case 'run_started':
      return `run on ${e.serial}${e.device ? ` (${clip(e.device.model, 60)}, Android ${clip(e.device.androidVersion, 20)})` : ''}: "${clip(e.task)}" — ${e.options.mode} mode${e.options.strategy !== 'moba' ? `, strategy ${e.options.strategy}` : ''}${e.options.usePlan ? '' : ', no plan'}${e.options.useMemory ? (e.options.approvedMemoriesOnly ? ', approved memories only' : '') : ', no memory'}${e.options.replayOf ? `, replaying ${e.options.replayOf}` : ''}`;
    case 'act_decided':
      return `act   ${goal(e.nodeId)}: can complete ${e.canComplete}${e.action ? ` → ${formatAction(e.action)}` : ''}${e.thought ? ` — ${clip(e.thought, 80)}` : ''}`;
    case 'plan_made':
      return `plan  ${goal(e.nodeId)} → ${e.subgoals.map((s, i) => `${i + 1}. ${clip(s, 50)}`).join('  ')}`;
    case 'app_selected':
      return `app   "${clip(e.description)}" → ${clip(e.packageName)} (${e.method})`;
    case 'step_proposed':
      return e.gate?.startsWith('performed by the person')
        ? null
        : `step  ${e.stepId}: ${formatAction(e.action)}${e.element ? ` on [${e.element.index}] "${clip(e.element.text || e.element.contentDesc, 40)}"` : ''}`;
    case 'human_wait':
      return `wait  ${oneLine(e.prompt)}`;
    case 'human_decision':
      return `you   ${e.decision}${e.action ? ` ${formatAction(e.action)}` : ''}${e.feedback ? `: ${clip(e.feedback, 80)}` : ''}`;
    case 'step_executed':
      return `exec  ${formatAction(e.action)}${e.by === 'person' ? ' (by you)' : ''} ${e.ok ? 'ok' : `FAILED: ${clip(e.error?.message ?? '', 200)}`} (${Math.round(e.durationMs)} ms)`;
    case 'step_abandoned':
      return `drop  ${e.stepId}: ${clip(e.reason, 200)}`;
    case 'reflected':
      return `refl  ${goal(e.nodeId)}: ${e.subgoalStatus}${e.goalDone ? ', task done' : ''}${e.reflection ? ` — ${clip(e.reflection, 80)}` : ''}`;
    case 'message':
      return `${e.from === 'agent' ? 'says' : 'you  '}  ${oneLine(e.text)}`;
    case 'escalated':
      return `stuck ${goal(e.nodeId)}: ${clip(e.detail, 200)} → ${e.response.replace('_', ' ')}`;
    case 'run_paused':
      return `pause ${oneLine(e.reason)}`;
    case 'run_resumed':
      return 'resume';
    case 'model_waiting':
      return `retry model ${e.purpose} (${e.role}): ${e.status === 429 ? 'rate limited' : e.status === null ? 'unreachable' : `HTTP ${e.status}`} — attempt ${e.attempt + 1} of ${e.maxAttempts} in ${Math.ceil(e.waitMs / 1000)} s${e.serverAsked ? ' (as the server asked)' : ''}`;
    case 'run_error':
      return `error ${clip(e.error.message, 300)}${e.fatal ? '' : ' (recovered)'}`;
    case 'voice_input':
      return `voice you said “${clip(e.transcript, 80)}”${e.edited ? `, sent as “${clip(e.text, 80)}”` : ''} (${e.audio.durationMs !== null ? `${(e.audio.durationMs / 1000).toFixed(1)} s, ` : ''}${oneLine(e.model)} at ${oneLine(e.baseUrl)})`;
    case 'run_finished':
      return `${e.outcome === 'succeeded' ? '✔' : '✘'} ${e.outcome} (${e.cause}): ${oneLine(e.reason)}${e.answer ? `\n  answer: ${oneLine(e.answer)}` : ''}`;
    case 'step_annotated':
      return `tag ${e.stepId} ${e.category}${e.note ? `: ${oneLine(e.note)}` : ''}${e.author ? ` (${oneLine(e.author)})` : ''}`;
    case 'annotation_removed':
      return `untag ${e.annotationId}`;
    default:
      return describeStrategyEvent(e);
  }
}

export function formatTree(state: RunState): string {
  const lines: string[] = [];
  const walk = (node: TaskNodeState, depth: number) => {
    const cursor =
      state.cursor === node.id && !['succeeded', 'failed', 'stopped'].includes(state.status) ? '  ◀ cursor' : '';
    lines.push(`${'  '.repeat(depth)}${STATUS_MARK[node.status] ?? '?'} ${oneLine(node.goal)}${cursor}`);
    for (const r of node.planReflections) lines.push(`${'  '.repeat(depth + 1)}  (plan reflection) ${clip(r, 90)}`);
    for (const r of node.reflections) lines.push(`${'  '.repeat(depth + 1)}  (reflection) ${clip(r, 90)}`);
    for (const c of node.children) {
      const child = state.nodes[c];
      if (child) walk(child, depth + 1);
    }
  };
  const root = state.rootId ? state.nodes[state.rootId] : undefined;
  if (root) walk(root, 0);
  return lines.join('\n');
}

export function formatCounts(state: RunState): string {
  const c = state.counters;
  const tokens = c.promptTokens + c.completionTokens;
  return [
    `model calls ${c.modelCalls}`,
    `tokens ${tokens.toLocaleString('en-US')} (prompt ${c.promptTokens.toLocaleString('en-US')}, completion ${c.completionTokens.toLocaleString('en-US')})`,
    `executed actions ${c.executedActions}${c.humanActions ? ` (${c.humanActions} by you)` : ''}`,
    `plans ${c.plans}`,
    ...(c.costUsd > 0 ? [`cost $${c.costUsd.toFixed(4)}`] : []),
  ].join(' · ');
}
