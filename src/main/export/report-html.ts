/**
 * A report file: one HTML page that carries its data (`report-data.ts`) and the report viewer
 * (the app's own views, built into out/report/), both inline — opened in any browser, offline,
 * it loads nothing: its Content-Security-Policy allows only its own script (by hash), its own
 * styles and images from inside the file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MobaError } from '../../shared/errors.ts';
import { REPORT_DATA_ID } from '../../shared/report/report-data.ts';
import type { ReportData } from '../../shared/report/report-data.ts';
import { packageRoot } from '../package-root.ts';

export interface ReportBundle {
  js: string;
  css: string;
}

/** The built viewer. @throws MobaError NOT_FOUND when it was not built (`npm run build`). */
export function loadReportBundle(dir = join(packageRoot(), 'out', 'report')): ReportBundle {
  const js = join(dir, 'report.js');
  const css = join(dir, 'report.css');
  if (!existsSync(js) || !existsSync(css))
    throw new MobaError(
      'NOT_FOUND',
      `The report viewer is not built (${js} is missing): run \`npm run build\` in the MobA Studio folder, then try again.`,
    );
  return { js: readFileSync(js, 'utf8'), css: readFileSync(css, 'utf8') };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON safe inside a <script> element: nothing in it can end the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A script's text safe inside a <script> element. */
function scriptText(js: string): string {
  return js.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
}

export function renderReportHtml(data: ReportData, bundle: ReportBundle = loadReportBundle()): string {
  const js = scriptText(bundle.js);
  const hash = createHash('sha256').update(js).digest('base64');
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${hash}'`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="${escapeHtml(`${data.app.name} ${data.app.version}`)}">
<title>${escapeHtml(`MobA Studio report: ${data.title}`)}</title>
<style>${bundle.css.replace(/<\/style/gi, '<\\/style')}</style>
</head>
<body>
<div id="root"></div>
<script type="application/json" id="${REPORT_DATA_ID}">${scriptJson(data)}</script>
<script>${js}</script>
</body>
</html>
`;
}
