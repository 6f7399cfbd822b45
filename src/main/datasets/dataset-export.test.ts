import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { writeSyntheticRun } from '../../../test/support/synthetic-run.ts';
import type { SyntheticDecision } from '../../../test/support/synthetic-run.ts';
import type { DpoRecord, PreferencePair, SftRecord, StepRecord } from '../../shared/datasets/dataset-schema.ts';
import { dataPaths } from '../paths.ts';
import { ArtifactStore } from '../store/artifacts.ts';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { exportDataset } from './dataset-export.ts';
import type { DatasetProgress } from './dataset-export.ts';
import { selectRuns } from './run-selection.ts';
import { splitOf, taskKeyOf } from './splits.ts';
import { validateDataset } from './validate-dataset.ts';

const lines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
const app = { name: 'MobA Studio', version: 'test' };

describe('dataset export', () => {
  const dir = tempDir('moba-dataset-');
  let db: Db;
  let artifacts: ArtifactStore;

  beforeAll(async () => {
    // Three runs of two tasks; run b has every kind of correction.
    await writeSyntheticRun({
      dataDir: dir.path,
      steps: 12,
      screens: 3,
      runId: 'a',
      task: 'Set an alarm',
      now: 1_000_000,
    });
    await writeSyntheticRun({
      dataDir: dir.path,
      steps: 6,
      screens: 3,
      runId: 'b',
      task: 'Set an alarm.',
      now: 2_000_000,
      decide: (i): SyntheticDecision =>
        i === 1
          ? { decision: 'edit', action: { name: 'Click', params: { index: 9 } } }
          : i === 2
            ? { decision: 'override', action: { name: 'Back', params: {} } }
            : i === 4
              ? {
                  decision: 'reject',
                  feedback: 'Not that one, the Save button',
                  retry: { name: 'Click', params: { index: 14 } },
                }
              : { decision: 'approve' },
    });
    await writeSyntheticRun({
      dataDir: dir.path,
      steps: 4,
      screens: 2,
      runId: 'c',
      task: 'Read the weather',
      now: 3_000_000,
      strategy: 'other',
    });
    const paths = dataPaths(dir.path);
    db = openDatabase({ path: paths.databasePath });
    artifacts = new ArtifactStore(db, paths.artifactsDir);
  }, 60_000);
  afterAll(() => {
    db?.close();
    dir.dispose();
  });

  it('selects runs by text, strategy and date, oldest first', () => {
    expect(selectRuns(db, {}).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(selectRuns(db, { search: 'alarm' }).map((r) => r.id)).toEqual(['a', 'b']);
    expect(selectRuns(db, { strategy: 'other' }).map((r) => r.id)).toEqual(['c']);
    expect(selectRuns(db, { since: 1_500_000, until: 2_500_000 }).map((r) => r.id)).toEqual(['b']);
    expect(() => selectRuns(db, { benchmark: 'b1' })).toThrow(/benchmark store/);
    expect(() => selectRuns(db, { runIds: ['nope'] })).toThrow(/No run nope/);
  });

  it('writes one record per step, in order, split by task, each valid against the JSON Schema', async () => {
    const out = join(dir.path, 'out');
    const progress: DatasetProgress[] = [];
    const r = await exportDataset({
      db,
      artifacts,
      outDir: out,
      selection: {},
      app,
      split: { train: 0.5, validation: 0.25, test: 0.25, seed: 's' },
      onProgress: (p) => progress.push(p),
    });
    // b has one rejected proposal besides its six executed steps.
    expect(r).toMatchObject({ runs: 3, steps: 12 + 7 + 4 });
    expect(progress.at(-1)).toMatchObject({ phase: 'done', runsDone: 3, runsTotal: 3, steps: 23 });
    const all = (['train', 'validation', 'test'] as const).flatMap((s) =>
      lines<StepRecord>(join(out, 'steps', `${s}.jsonl`)),
    );
    expect(all.map((x) => x.id)).toEqual(
      [
        ...Array.from({ length: 12 }, (_, i) => `a/s${i + 1}`),
        ...Array.from({ length: 7 }, (_, i) => `b/s${i + 1}`),
        ...Array.from({ length: 4 }, (_, i) => `c/s${i + 1}`),
      ].sort((x, y) => {
        const rank = (id: string) =>
          ['train', 'validation', 'test'].indexOf(
            splitOf(taskKeyOf({ task: id.startsWith('c') ? 'Read the weather' : 'Set an alarm', benchmark: null }), {
              train: 0.5,
              validation: 0.25,
              test: 0.25,
              seed: 's',
            }),
          );
        return rank(x) - rank(y);
      }),
    );
    // "Set an alarm" and "Set an alarm." are one task: a and b share a split.
    expect(new Set(all.filter((x) => x.run.id !== 'c').map((x) => x.split)).size).toBe(1);
    const b2 = all.find((x) => x.id === 'b/s2')!;
    expect(b2).toMatchObject({
      source: 'edited',
      performedBy: 'agent',
      proposed: { moba: 'Click(3)' },
      action: {
        moba: 'Click(9)',
        androidWorld: { action_type: 'click', x: 290, y: 1100 },
        androidWorldIndexed: { action_type: 'click', index: 8 },
      },
      decision: { kind: 'edit', by: 'person' },
    });
    expect(b2.screen.screenshot).toMatch(/^images\/[0-9a-f]{64}\.png$/);
    expect(b2.after?.screenshot).toMatch(/^images\//);
    expect(b2.modelInputs.act).toEqual(['model-inputs/b/c5.json']);
    expect(all.find((x) => x.id === 'b/s5')).toMatchObject({
      source: 'rejected',
      action: null,
      outcome: { executed: false },
    });
    expect(all.find((x) => x.id === 'a/s4')!.action!.androidWorld).toEqual({ action_type: 'swipe', direction: 'up' });
    const v = await validateDataset(out);
    expect(v.problems).toEqual([]);
    expect(v.records).toEqual({ step: 23, preference: 3, dpo: 3, sft: 12 + 4 + 4 });
    const readme = readFileSync(join(out, 'README.md'), 'utf8');
    expect(readme).toContain('| **total** | 2 | 23 | 3 | 3 | 20 |');
    expect(readme).toContain('`Box_Input` | `input_text`');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      runs: string[];
      tasks: Record<string, string>;
    };
    expect(manifest.runs).toEqual(['a', 'b', 'c']);
    expect(Object.keys(manifest.tasks)).toEqual(['read the weather', 'set an alarm']);
  });

  it('turns the edit, the override and the rejection with feedback into pairs, and approvals into SFT records', async () => {
    const out = join(dir.path, 'out-b');
    await exportDataset({ db, artifacts, outDir: out, selection: { runIds: ['b'] }, app });
    const split = readdirSync(join(out, 'preferences')).find(
      (f) => readFileSync(join(out, 'preferences', f), 'utf8').length,
    )!;
    const pairs = lines<PreferencePair>(join(out, 'preferences', split));
    expect(pairs.map((p) => [p.kind, p.stepId, p.chosenStepId, p.chosen.moba, p.rejected.moba, p.feedback])).toEqual([
      ['edit', 's2', 's2', 'Click(9)', 'Click(3)', null],
      ['override', 's3', 's3', 'Back()', 'Click(4)', null],
      ['reject', 's5', 's6', 'Click(14)', 'Click(6)', 'Not that one, the Save button'],
    ]);
    expect(pairs[0]!.context.elements.length).toBeGreaterThan(0);
    const dpo = lines<DpoRecord>(join(out, 'dpo', split));
    expect(dpo).toHaveLength(3);
    expect(dpo[2]!.prompt.at(-1)!.content).toContainEqual({ type: 'image' });
    expect(dpo[2]!.images).toHaveLength(1);
    expect(JSON.parse((dpo[2]!.chosen[0]!.content[0] as { text: string }).text)).toMatchObject({
      action: 'Click(14)',
      thought: 'Not that one, the Save button',
    });
    expect(JSON.parse((dpo[2]!.rejected[0]!.content[0] as { text: string }).text)).toMatchObject({
      action: 'Click(6)',
    });
    const sft = lines<SftRecord>(join(out, 'sft', split));
    // Approved: steps 1, 4 and 6 of the sub-goals plus the retry after the rejection.
    expect(sft.map((s) => s.id)).toEqual(['b/s1', 'b/s4', 'b/s6', 'b/s7']);
    expect(sft[0]!.messages.at(-1)!.role).toBe('assistant');
  });

  it('refuses a folder that is not empty and reports a broken record file', async () => {
    const out = join(dir.path, 'out-c');
    await exportDataset({ db, artifacts, outDir: out, selection: { runIds: ['c'] }, app });
    await expect(exportDataset({ db, artifacts, outDir: out, selection: {}, app })).rejects.toThrow(/not empty/);
    const split = readdirSync(join(out, 'steps')).find((f) => readFileSync(join(out, 'steps', f), 'utf8').length)!;
    const file = join(out, 'steps', split);
    const [first, ...rest] = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, [JSON.stringify({ ...JSON.parse(first!), position: 0 }), ...rest].join('\n'));
    const v = await validateDataset(out);
    expect(v.problems).toEqual([
      expect.objectContaining({ file: `steps/${split}`, line: 1, message: expect.stringMatching(/position/) }),
    ]);
  });
});
