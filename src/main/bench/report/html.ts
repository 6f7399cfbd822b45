/**
 * The HTML report: one self-contained page (inline CSS and SVG, no script, nothing fetched)
 * with the paper-style table, plots — Milestone Score per category with 95 % intervals, score
 * against steps per task, cost per configuration — and every episode linked to its replay in
 * MobA Studio (`#/history/RUN/STEP`, at the step where a milestone was reached or missed).
 */
import type { BenchReport, ConfigurationReport, Estimate } from '../../../shared/bench/report.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f1 = (x: number | null) => (x === null ? '–' : x.toFixed(1));
const f2 = (x: number | null) => (x === null ? '–' : x.toFixed(2));
const ci = (e: Estimate, fmt = f1) =>
  e.value === null
    ? '–'
    : `${fmt(e.value)}${e.low !== null && e.high !== null ? ` <small>[${fmt(e.low)}, ${fmt(e.high)}]</small>` : ''}`;
const COLORS = ['#4f46e5', '#d97706', '#059669', '#dc2626', '#0891b2', '#7c3aed', '#65a30d', '#db2777'];

function categoryChart(r: BenchReport): string {
  const cats = [...new Set(r.configurations.flatMap((c) => Object.keys(c.byCategory)))].sort();
  if (!cats.length) return '';
  const configs = r.configurations;
  const W = 760;
  const H = 260;
  const left = 40;
  const groupW = (W - left - 10) / cats.length;
  const barW = Math.max(4, (groupW - 16) / configs.length);
  const y = (v: number) => 20 + (H - 60) * (1 - v / 100);
  const parts: string[] = [];
  for (let t = 0; t <= 100; t += 25)
    parts.push(
      `<line x1="${left}" x2="${W - 10}" y1="${y(t)}" y2="${y(t)}" class="grid"/><text x="${left - 6}" y="${y(t) + 4}" class="tick" text-anchor="end">${t}</text>`,
    );
  cats.forEach((cat, gi) => {
    const gx = left + gi * groupW + 8;
    configs.forEach((c, ci2) => {
      const m = c.byCategory[cat]?.msPercent;
      if (!m || m.value === null) return;
      const x = gx + ci2 * barW;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y(m.value).toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${(y(0) - y(m.value)).toFixed(1)}" fill="${COLORS[ci2 % COLORS.length]}"><title>${esc(c.label)} · ${cat}: ${f1(m.value)}%</title></rect>`,
      );
      if (m.low !== null && m.high !== null) {
        const cx = x + (barW - 2) / 2;
        parts.push(
          `<line x1="${cx}" x2="${cx}" y1="${y(m.high)}" y2="${y(m.low)}" class="whisker"/><line x1="${cx - 3}" x2="${cx + 3}" y1="${y(m.high)}" y2="${y(m.high)}" class="whisker"/><line x1="${cx - 3}" x2="${cx + 3}" y1="${y(m.low)}" y2="${y(m.low)}" class="whisker"/>`,
        );
      }
    });
    parts.push(
      `<text x="${gx + (configs.length * barW) / 2}" y="${H - 22}" text-anchor="middle" class="tick">${esc(cat)}</text>`,
    );
  });
  return `<figure><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Milestone Score per category">${parts.join('')}</svg><figcaption>Milestone Score (%) per category, with 95% intervals.</figcaption></figure>`;
}

function scatter(r: BenchReport): string {
  const points = r.configurations.flatMap((c, i) =>
    c.perTask.map((t) => ({ c, i, x: t.meanSteps, y: t.total ? (t.reached / t.total) * 100 : 0, task: t.taskId })),
  );
  if (!points.length) return '';
  const W = 760;
  const H = 280;
  const maxX = Math.max(5, ...points.map((p) => p.x)) * 1.05;
  const sx = (v: number) => 40 + (W - 60) * (v / maxX);
  const sy = (v: number) => 20 + (H - 60) * (1 - v / 100);
  const parts: string[] = [];
  for (let t = 0; t <= 100; t += 25)
    parts.push(
      `<line x1="40" x2="${W - 20}" y1="${sy(t)}" y2="${sy(t)}" class="grid"/><text x="34" y="${sy(t) + 4}" class="tick" text-anchor="end">${t}</text>`,
    );
  const step = Math.max(1, Math.ceil(maxX / 10));
  for (let s = 0; s <= maxX; s += step)
    parts.push(`<text x="${sx(s)}" y="${H - 24}" class="tick" text-anchor="middle">${s}</text>`);
  for (const p of points)
    parts.push(
      `<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.y).toFixed(1)}" r="4" fill="${COLORS[p.i % COLORS.length]}" fill-opacity="0.7"><title>${esc(p.c.label)} · ${esc(p.task)}: ${f1(p.y)}% in ${f1(p.x)} steps</title></circle>`,
    );
  parts.push(`<text x="${W / 2}" y="${H - 6}" class="tick" text-anchor="middle">mean steps per episode</text>`);
  return `<figure><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Score against steps">${parts.join('')}</svg><figcaption>Share of milestones reached (%) against steps, one point per task and configuration.</figcaption></figure>`;
}

function costChart(r: BenchReport): string {
  const rows = r.configurations;
  const max = Math.max(...rows.map((c) => c.cost.costPerEpisodeUsd ?? 0));
  const W = 760;
  const rowH = 26;
  const H = rows.length * rowH + 20;
  const parts = rows.map((c, i) => {
    const v = c.cost.costPerEpisodeUsd ?? 0;
    const w = max > 0 ? (v / max) * (W - 320) : 0;
    return `<text x="210" y="${i * rowH + 22}" text-anchor="end" class="tick">${esc(c.label)}</text><rect x="220" y="${i * rowH + 8}" width="${w.toFixed(1)}" height="18" fill="${COLORS[i % COLORS.length]}"/><text x="${226 + w}" y="${i * rowH + 22}" class="tick">$${v.toFixed(4)} · ${f2(c.cost.callsPerAction)} calls/action</text>`;
  });
  return `<figure><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Cost per episode">${parts.join('')}</svg><figcaption>Model cost per episode (and model calls per executed action).</figcaption></figure>`;
}

function row(c: ConfigurationReport, i: number): string {
  const m = c.overall;
  return `<tr><td><span class="dot" style="background:${COLORS[i % COLORS.length]}"></span>${esc(c.label)}${c.errored.episodes ? `<br><small>+ ${c.errored.episodes} errored, in no figure (${esc(c.errored.tasks.join(', '))})</small>` : ''}</td><td>${m.firstAttempt.completed}/${m.firstAttempt.of}</td><td>${m.completed}/${m.episodes}</td><td>${ci(m.completeRate)}</td><td>${f1(m.msPoints)} / ${f1(m.msTotal)}</td><td>${ci(m.msPercent)}</td><td>${ci(m.ee, f2)}</td><td>${m.eePercentOfHuman === null ? '–' : `${f1(m.eePercentOfHuman)}%`}</td><td>${ci(m.satisfaction)}</td><td>${m.terminationError === null ? '–' : `${f1(m.terminationError)}%`}</td></tr>`;
}

/** @param replayBase where MobA Studio is served (e.g. `http://127.0.0.1:8740/`); '' links relative to the page */
export function reportHtml(r: BenchReport, options: { replayBase?: string } = {}): string {
  const base = options.replayBase ?? '';
  const name = (k: string) => r.configurations.find((c) => c.key === k)?.label ?? k;
  const episodes = r.episodes
    .map((e) => {
      const link = e.runId
        ? `<a href="${esc(`${base}#/history/${e.runId}${e.focusStep !== null ? `/${e.focusStep}` : ''}`)}">replay</a>`
        : '';
      return `<tr class="${e.complete ? 'pass' : e.reached ? 'partial' : e.status === 'error' ? 'error' : 'fail'}"><td>${esc(name(e.key))}</td><td>${esc(e.taskId)}</td><td>${esc(e.category)}</td><td>${esc(e.episodeId.split('/').slice(2).join('/'))}</td><td>${e.reached ?? '–'}/${e.total ?? '–'}</td><td>${e.steps ?? '–'}</td><td>${esc(e.termination ?? e.status)}</td><td>${link}</td></tr>`;
    })
    .join('');
  const paired = r.paired.length
    ? `<h2>Paired differences</h2><table><thead><tr><th>A</th><th>B</th><th>Tasks</th><th>Δ MS %</th><th>Δ CR %</th></tr></thead><tbody>${r.paired.map((p) => `<tr><td>${esc(name(p.a))}</td><td>${esc(name(p.b))}</td><td>${p.tasks}</td><td>${ci(p.msPercent)}</td><td>${ci(p.completeRate)}</td></tr>`).join('')}</tbody></table>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MobA Studio benchmark report</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1040px;color:#1f2937;padding:0 16px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border-bottom:1px solid #e5e7eb;padding:5px 8px;text-align:left;vertical-align:top}
th{background:#f9fafb;font-weight:600}small{color:#6b7280}
.dot{display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:6px}
tr.pass td:first-child{border-left:3px solid #059669}tr.partial td:first-child{border-left:3px solid #d97706}tr.fail td:first-child{border-left:3px solid #9ca3af}tr.error td:first-child{border-left:3px solid #dc2626}
svg{width:100%;height:auto;background:#fff}.grid{stroke:#e5e7eb}.tick{font-size:11px;fill:#4b5563}.whisker{stroke:#111827;stroke-width:1.2}
figure{margin:12px 0}figcaption{color:#6b7280;font-size:12px}
</style></head><body>
<h1>Benchmark report</h1>
<p>${r.benchmarks.map((b) => `<b>${esc(b.name)}</b> <small>${esc(b.id)} · ${esc(b.status)}</small>`).join('<br>')}</p>
<table><thead><tr><th>Configuration</th><th>CR first try</th><th>Complete</th><th>CR %</th><th>MS points</th><th>MS %</th><th>EE</th><th>EE % of human</th><th>SS %</th><th>TE %</th></tr></thead><tbody>${r.configurations.map(row).join('')}</tbody></table>
<p><small>Human EE ${f2(r.humanEe)} (from ${r.humanEeFrom}). Brackets: 95% intervals from a cluster bootstrap over tasks and runs (${r.bootstrap.iterations} draws, seed ${r.bootstrap.seed}). CR first try: the first repetition of each instance, complete (MobA's primary metric). MS: milestones reached; CR: episodes with every milestone and invariant; EE: steps to the last milestone reached ÷ milestones reached (lower is better); SS: mean share of milestones reached; TE: episodes ending in a loop, the step budget, the time limit or an error.</small></p>
${categoryChart(r)}${scatter(r)}${costChart(r)}${paired}
<h2>Episodes</h2><table><thead><tr><th>Configuration</th><th>Task</th><th>Category</th><th>Instance</th><th>Milestones</th><th>Steps</th><th>End</th><th></th></tr></thead><tbody>${episodes}</tbody></table>
</body></html>
`;
}
