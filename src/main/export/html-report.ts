/**
 * The HTML report of an exported run: one self-contained file (markup and CSS, no scripts, no
 * network) whose images are relative links into `assets/`, so the report stays small and the
 * folder can be zipped, mailed or served as is.
 */
import { formatAction, targetIndex } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import type { RunState, StepState, TaskNodeState } from '../../shared/run/reducer.ts';
import type { Observation } from '../../shared/schemas/perception.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { assetFile } from './asset-files.ts';
import type { RunExport } from './run-export-format.ts';
import { strategyHtml } from './strategy-report.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const CSS = `
:root{--bg:#f6f7f9;--fg:#1b1f27;--muted:#6b7385;--line:#dde1e8;--card:#fff;--ok:#16844a;--bad:#c7352b;--warn:#b86a00;--acc:#3461e6;--run:#7b4ddb;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--fg:#e6e9ef;--muted:#8a93a3;--line:#2a303b;--card:#171a20;--ok:#4cc282;--bad:#f0776c;--warn:#e3a33c;--acc:#6d8ff5;--run:#a98bf0}}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:1180px;margin:0 auto;padding:24px}h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 10px}
.muted{color:var(--muted)}.facts{display:flex;flex-wrap:wrap;gap:6px 18px;margin:8px 0}.pill{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;background:var(--line)}
.succeeded{color:var(--ok)}.failed{color:var(--bad)}.stopped,.paused{color:var(--muted)}.running,.waiting{color:var(--run)}
ul.tree{list-style:none;padding-left:18px;margin:4px 0}ul.tree li{margin:3px 0}.node-status{font-size:11px;font-weight:700;text-transform:uppercase;margin-left:6px}
.note{font-size:12.5px;color:var(--muted);margin:2px 0 2px 14px}
.step{display:grid;grid-template-columns:240px 1fr;gap:16px;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:14px;margin:12px 0}
.shot{position:relative;width:240px}.shot img{display:block;width:100%;border-radius:10px;border:1px solid var(--line)}.shot svg{position:absolute;inset:0;width:100%;height:100%}
.step h3{margin:0 0 6px;font-size:14px}code{font:12.5px ui-monospace,Menlo,Consolas,monospace;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:0 4px}
dl{display:grid;grid-template-columns:110px 1fr;gap:3px 10px;margin:6px 0}dt{color:var(--muted)}dd{margin:0}
.person{color:var(--acc);font-weight:600}.ok{color:var(--ok)}.bad{color:var(--bad)}
details{margin-top:6px}summary{cursor:pointer;color:var(--muted)}pre{white-space:pre-wrap;word-break:break-word;font-size:11.5px;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:8px;max-height:360px;overflow:auto}
.after{margin-top:6px;font-size:12px}.after img{width:80px;border-radius:6px;border:1px solid var(--line);vertical-align:top}
table{border-collapse:collapse;width:100%;font-size:12.5px}td,th{border-bottom:1px solid var(--line);padding:4px 6px;text-align:left}
`;

function when(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

function treeHtml(state: RunState, node: TaskNodeState): string {
  const notes = [
    ...node.planReflections.map((t) => `<div class="note">plan reflection: ${escapeHtml(t)}</div>`),
    ...node.reflections.map((t) => `<div class="note">reflection: ${escapeHtml(t)}</div>`),
  ].join('');
  const children = node.children.map((c) => state.nodes[c]).filter((c): c is TaskNodeState => !!c);
  return `<li><span>${escapeHtml(node.goal)}</span><span class="node-status ${node.status === 'done' ? 'succeeded' : node.status === 'failed' ? 'failed' : 'muted'}">${node.status}</span>${node.addedBy === 'person' && node.parentId ? ' <span class="person">(added by a person)</span>' : ''}${notes}${children.length ? `<ul class="tree">${children.map((c) => treeHtml(state, c)).join('')}</ul>` : ''}</li>`;
}

/** The action drawn over the screenshot, as inline SVG in device pixels. */
function markerSvg(action: ActionCall, observation: Observation, colour: string): string {
  const { width: w, height: h } = observation.screen;
  const index = targetIndex(action);
  const el = index === undefined ? undefined : observation.elements.find((e) => e.index === index);
  const sw = Math.max(w, h) / 300;
  if (el) {
    const [x1, y1, x2, y2] = el.bounds;
    return `<rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}" fill="${colour}" fill-opacity="0.15" stroke="${colour}" stroke-width="${sw}"/><circle cx="${el.center[0]}" cy="${el.center[1]}" r="${sw * 3}" fill="${colour}"/>`;
  }
  const at = (x: number, y: number, unit: 'grid' | 'px') =>
    unit === 'grid' ? [(x / 1000) * w, (y / 1000) * h] : [x, y];
  if (
    action.name === 'Click_by_Coordinate' ||
    action.name === 'Long_Press_by_Coordinate' ||
    action.name === 'Double_Click_by_Coordinate'
  ) {
    const [px, py] = at(action.params.x, action.params.y, action.params.unit);
    return `<circle cx="${px}" cy="${py}" r="${sw * 5}" fill="${colour}" fill-opacity="0.25" stroke="${colour}" stroke-width="${sw}"/>`;
  }
  if (action.name === 'Swipe_by_Coordinate') {
    const [fx, fy] = at(action.params.x1, action.params.y1, action.params.unit);
    const [tx, ty] = at(action.params.x2, action.params.y2, action.params.unit);
    return `<line x1="${fx}" y1="${fy}" x2="${tx}" y2="${ty}" stroke="${colour}" stroke-width="${sw * 1.5}" stroke-linecap="round"/><circle cx="${tx}" cy="${ty}" r="${sw * 3}" fill="${colour}"/>`;
  }
  if (action.name === 'Swipe') {
    const share = { short: 0.2, medium: 0.32, long: 0.42 }[action.params.distance] / 2;
    const d = ({ up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] } as const)[action.params.direction];
    const ext = d[0] !== 0 ? w : h;
    const [cx, cy] = [w / 2, h / 2];
    return `<line x1="${cx - d[0] * share * ext}" y1="${cy - d[1] * share * ext}" x2="${cx + d[0] * share * ext}" y2="${cy + d[1] * share * ext}" stroke="${colour}" stroke-width="${sw * 1.5}" stroke-linecap="round"/><circle cx="${cx + d[0] * share * ext}" cy="${cy + d[1] * share * ext}" r="${sw * 3}" fill="${colour}"/>`;
  }
  return '';
}

function callsFor(events: readonly RunEvent[], ids: ReadonlySet<string>): Array<RunEvent & { type: 'model_call' }> {
  return events.filter((e): e is RunEvent & { type: 'model_call' } => e.type === 'model_call' && ids.has(e.callId));
}

function callHtml(call: RunEvent & { type: 'model_call' }): string {
  const r = call.record;
  const msgs = r.request.messages
    .map((m) => {
      const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
      return `<p><strong>${m.role}</strong></p>${parts.map((p) => (p.type === 'text' ? `<pre>${escapeHtml(p.text)}</pre>` : `<p><img src="${assetFile(p.image)}" alt="image sent to the model" style="max-width:160px;border-radius:6px"></p>`)).join('')}`;
    })
    .join('');
  const mem = call.memories.length
    ? ` · memories: ${call.memories.map((m) => `${escapeHtml(m.kind)} ${escapeHtml(m.id)} (${m.score.toFixed(2)})`).join(', ')}`
    : '';
  return `<details><summary>${escapeHtml(r.purpose)} call ${escapeHtml(call.callId)} — ${escapeHtml(r.model)}, ${r.usage ? `${r.usage.promptTokens}+${r.usage.completionTokens} tokens` : 'tokens not reported'}, ${Math.round(r.latencyMs)} ms${mem}</summary>${msgs}<p><strong>reply</strong></p><pre>${escapeHtml(r.reply?.text ?? r.error?.message ?? '')}</pre></details>`;
}

function stepHtml(data: RunExport, step: StepState, n: number): string {
  const { state, events } = data;
  const t = data.trajectory[n]!;
  const obs = state.observations[step.observationId];
  const executed = step.executed?.action ?? step.proposed;
  const changed = step.executed && formatAction(step.executed.action) !== formatAction(step.proposed);
  const shot = obs?.screenshot
    ? `<div class="shot"><img src="${assetFile(obs.screenshot)}" alt="screen before step ${escapeHtml(step.stepId)}" loading="lazy"><svg viewBox="0 0 ${obs.screen.width} ${obs.screen.height}" preserveAspectRatio="none">${changed ? markerSvg(step.proposed, obs, '#7b4ddb') : ''}${markerSvg(executed, obs, changed ? '#e8920c' : '#7b4ddb')}</svg></div>`
    : '<div class="shot muted">no screenshot</div>';
  const ids = new Set<string>();
  for (const e of events) {
    if (e.type === 'reflected' && e.stepId === step.stepId) e.callIds.forEach((c) => ids.add(c));
  }
  const act = events.filter((e) => e.type === 'act_decided' && e.seq < step.seq && e.nodeId === step.nodeId).at(-1);
  if (act && act.type === 'act_decided') act.callIds.forEach((c) => ids.add(c));
  const after = t.after
    ? `<div class="after">after: <img src="${t.after}" alt="screen after" loading="lazy"></div>`
    : '';
  return `<section class="step" id="${escapeHtml(step.stepId)}">${shot}<div><h3>${n + 1}. ${escapeHtml(t.subgoal ?? '(removed sub-goal)')}</h3><dl>
<dt>Proposed</dt><dd><code>${escapeHtml(t.proposed)}</code>${step.element ? ` on [${step.element.index}] ${escapeHtml(step.element.text || step.element.contentDesc || step.element.className.split('.').pop() || '')}` : ''}</dd>
${t.observation ? `<dt>Observation</dt><dd>${escapeHtml(t.observation)}</dd>` : ''}${t.thought ? `<dt>Thought</dt><dd>${escapeHtml(t.thought)}</dd>` : ''}
${t.decision ? `<dt>Decision</dt><dd class="${t.decision.by === 'person' ? 'person' : ''}">${escapeHtml(t.decision.kind.replace('_', ' '))}${t.decision.action ? ` → <code>${escapeHtml(t.decision.action)}</code>` : ''}${t.decision.feedback ? ` — “${escapeHtml(t.decision.feedback)}”` : ''}</dd>` : ''}
${t.executed ? `<dt>Executed</dt><dd><code>${escapeHtml(t.executed.action)}</code> by ${escapeHtml(t.executed.by)} — <span class="${t.executed.ok ? 'ok' : 'bad'}">${t.executed.ok ? 'ok' : escapeHtml(t.executed.error ?? 'failed')}</span></dd>` : step.abandoned ? `<dt>Abandoned</dt><dd>${escapeHtml(step.abandoned)}</dd>` : ''}
${t.reflection ? `<dt>Reflection</dt><dd class="${t.reflection.status === 'success' ? 'ok' : 'bad'}">${t.reflection.status}${t.reflection.goalDone ? ' (task done)' : ''}: ${escapeHtml(t.reflection.text)}</dd>` : ''}
</dl>${after}${callsFor(events, ids).map(callHtml).join('')}</div></section>`;
}

/** The report's full HTML text. */
export function renderRunReport(data: RunExport): string {
  const { state, summary } = data;
  const c = state.counters;
  const root = state.rootId ? state.nodes[state.rootId] : undefined;
  const escalations = data.events.filter((e) => e.type === 'escalated' || e.type === 'run_error');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'">
<title>${escapeHtml(`MobA run ${summary.id}: ${summary.task}`)}</title><style>${CSS}</style></head>
<body><main>
<h1>${escapeHtml(summary.task)}</h1>
<div class="facts"><span class="pill ${summary.status}">${summary.status}</span><span>${escapeHtml(summary.outcomeReason ?? '')}</span></div>
<div class="facts muted"><span>run ${escapeHtml(summary.id)}</span><span>device ${escapeHtml(summary.serial)}</span><span>${escapeHtml(summary.mode)} mode</span><span>started ${when(summary.createdAt)}</span><span>${c.executedActions} actions</span><span>${c.modelCalls} model calls</span><span>${(c.promptTokens + c.completionTokens).toLocaleString('en')} tokens</span>${c.humanActions ? `<span>${c.humanActions} by a person</span>` : ''}${c.rejections ? `<span>${c.rejections} rejected</span>` : ''}</div>
${state.answer ? `<p><strong>Answer:</strong> ${escapeHtml(state.answer)}</p>` : ''}
<h2>Task tree</h2>${root ? `<ul class="tree" style="padding-left:0">${treeHtml(state, root)}</ul>` : '<p class="muted">No task tree.</p>'}
${strategyHtml(state, escapeHtml)}
${escalations.length ? `<h2>Escalations and problems</h2><table>${escalations.map((e) => `<tr><td>${e.type === 'escalated' ? escapeHtml(`${e.reason}: ${e.detail} → ${e.response}`) : e.type === 'run_error' ? escapeHtml(`${e.error.code}: ${e.error.message}`) : ''}</td></tr>`).join('')}</table>` : ''}
<h2>Steps</h2>${state.steps.map((s, i) => stepHtml(data, s, i)).join('\n') || '<p class="muted">No steps.</p>'}
<p class="muted">Exported ${when(data.exportedAt)} by ${escapeHtml(data.app.name)} ${escapeHtml(data.app.version)}. Images are in assets/ beside this file.</p>
</main></body></html>
`;
}
