/**
 * `moba bench list` and `moba bench report`: read from the store alone — no phones, Chromium,
 * model SDK or strategies are loaded, so they answer about as fast as `moba --help`. The report's
 * statistics and formats are loaded by `report` alone, the HTML page only for `--format html`.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { MobaError } from '../../../shared/errors.ts';
import { BenchRepo } from '../../bench/bench-repo.ts';
import type { BenchReport } from '../../../shared/bench/report.ts';
import { PRIVATE_FILE_MODE } from '../../private-files.ts';
import type { CliIo } from '../io.ts';
import { withStore } from '../read-store.ts';

export interface ReportOpts {
  format: string;
  out?: string;
  episodes: boolean;
}

export async function benchList(io: CliIo, command: Command, opts: { json: boolean }): Promise<void> {
  await withStore(command, (db) => {
    const repo = new BenchRepo(db);
    const all = repo.ids().flatMap((id) => repo.summary(id) ?? []);
    if (opts.json) return void io.out(`${JSON.stringify(all)}\n`);
    if (!all.length)
      return void io.out('No benchmarks yet. Start one: moba bench run --agent reference --tasks builtin\n');
    for (const b of all)
      io.out(
        `${b.id}  ${b.status.padEnd(11)} ${String(b.counts.done).padStart(4)}/${String(b.counts.total).padEnd(4)} ${b.configurations.map((c) => c.label).join(', ')}  — ${b.name}\n`,
      );
  });
}

async function reportText(report: BenchReport, opts: ReportOpts): Promise<string> {
  if (opts.format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  const { episodesCsv, reportCsv, reportTable } = await import('../../bench/report/formats.ts');
  if (opts.format === 'csv') return opts.episodes ? episodesCsv(report) : reportCsv(report);
  return reportTable(report);
}

export async function benchReport(io: CliIo, command: Command, ids: string[], opts: ReportOpts): Promise<void> {
  await withStore(command, async (db) => {
    const repo = new BenchRepo(db);
    const report = await readReport(repo, ids, opts);
    // HTML embeds the episodes' runs and screenshots and the report viewer: loaded only for it.
    const text =
      opts.format === 'html'
        ? await (await import('./bench-report-html.ts')).benchReportHtml(command, db, repo, ids, report)
        : await reportText(report, opts);
    if (opts.out) {
      // A report names the tasks, answers and costs of the runs: private, as other exports are.
      writeFileSync(opts.out, text, { mode: PRIVATE_FILE_MODE });
      io.out(`wrote ${opts.out}\n`);
    } else io.out(text);
  });
}

/**
 * A finished benchmark's report as the runner kept it (no statistics loaded); otherwise — a
 * benchmark still running or resumed, a comparison of several, a store from before reports were
 * kept — computed here and not kept: this command writes nothing. The table has no by-app rows,
 * so their bootstraps are not worked out for it.
 */
async function readReport(repo: BenchRepo, ids: readonly string[], opts: ReportOpts): Promise<BenchReport> {
  const heads = ids.map((id) => {
    const head = repo.head(id);
    if (!head) throw new MobaError('NOT_FOUND', `No benchmark ${id} (see moba bench list)`);
    return head;
  });
  const { storedReport } = await import('../../bench/report/stored-report.ts');
  const stored = heads.length === 1 ? storedReport(repo, heads[0]!) : null;
  if (stored) return stored;
  const { computedReport } = await import('../../bench/report/benchmark-report.ts');
  return computedReport(repo, ids, { keep: false, byApp: opts.format !== 'table' });
}
