/**
 * `moba bench report --format html`: the benchmark as one self-contained report file — the app's
 * own results view with every episode's replay inside, as the Benchmarks page's "Download
 * report" saves it. Loaded only for this format, so the other formats start as fast as before.
 */
import type { Command } from 'commander';
import type { BenchReport } from '../../../shared/bench/report.ts';
import { MobaError } from '../../../shared/errors.ts';
import type { BenchRepo } from '../../bench/bench-repo.ts';
import type { RunSource } from '../../export/run-export-format.ts';
import { benchmarkReportFile } from '../../handlers/report-files.ts';
import { dataPaths, resolveDataDir } from '../../paths.ts';
import { ArtifactStore } from '../../store/artifacts.ts';
import type { Db } from '../../store/database.ts';
import { RunsRepo } from '../../store/runs-repo.ts';
import { APP_NAME, APP_VERSION } from '../../version.ts';
import { dataDirOf } from '../options.ts';

export async function benchReportHtml(
  command: Command,
  db: Db,
  repo: BenchRepo,
  ids: string[],
  report: BenchReport,
): Promise<string> {
  const paths = dataPaths(dataDirOf(command) ?? resolveDataDir());
  const summaries = ids.map((id) => {
    const s = repo.summary(id);
    if (!s) throw new MobaError('NOT_FOUND', `No benchmark ${id} (see moba bench list)`);
    return s;
  });
  const repoRuns = new RunsRepo(db);
  const runs: RunSource = {
    get(runId) {
      const s = repoRuns.get(runId);
      if (!s) throw new MobaError('RUN_NOT_FOUND', `No run ${runId}: an episode's run is missing from the data folder`);
      return s;
    },
    events: (runId, from = 0) => repoRuns.events(runId, { from }),
  };
  const src = {
    runs,
    artifacts: new ArtifactStore(db, paths.artifactsDir),
    app: { name: APP_NAME, version: APP_VERSION },
  };
  return (await benchmarkReportFile(src, { ids, report, summaries }, 'html')).text;
}
