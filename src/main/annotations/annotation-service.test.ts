import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { writeSyntheticRun } from '../../../test/support/synthetic-run.ts';
import { foldRun } from '../../shared/run/reducer.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { dataPaths } from '../paths.ts';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { RunsRepo } from '../store/runs-repo.ts';
import { AnnotationService } from './annotation-service.ts';

describe('failure annotations', () => {
  const dir = tempDir('moba-annotations-');
  let db: Db;
  let repo: RunsRepo;
  let service: AnnotationService;
  const appended: RunEvent[] = [];

  beforeAll(async () => {
    await writeSyntheticRun({ dataDir: dir.path, steps: 5, screens: 2, runId: 'done-run', now: 1_000 });
    await writeSyntheticRun({ dataDir: dir.path, steps: 3, screens: 2, runId: 'other', now: 2_000 });
    db = openDatabase({ path: dataPaths(dir.path).databasePath });
    repo = new RunsRepo(db);
    service = new AnnotationService({ db, repo, appendIfHeld: () => null, now: () => 9_999_999, defaultAuthor: 'ada' });
    service.onDidAppend((n) => appended.push(n.event));
  }, 60_000);
  afterAll(() => {
    service?.dispose();
    db?.close();
    dir.dispose();
  });

  it('records a tag on an ended run as an event with provenance, leaving its status and end time alone', () => {
    const before = repo.get('done-run')!;
    const a = service.annotate({
      runId: 'done-run',
      stepId: 's2',
      category: 'grounding',
      note: ' tapped beside Save ',
    });
    expect(a).toMatchObject({
      runId: 'done-run',
      stepId: 's2',
      category: 'grounding',
      note: 'tapped beside Save',
      author: 'ada',
      at: 9_999_999,
    });
    const after = repo.get('done-run')!;
    expect(after).toMatchObject({ status: 'succeeded', updatedAt: before.updatedAt, events: before.events + 1 });
    const { events } = repo.events('done-run');
    expect(events.at(-1)).toMatchObject({
      type: 'step_annotated',
      annotationId: a.annotationId,
      by: 'person',
      author: 'ada',
      seq: before.events,
    });
    expect(appended.at(-1)).toEqual(events.at(-1));
    const state = foldRun('done-run', events);
    expect(state.annotations).toEqual([expect.objectContaining({ stepId: 's2', category: 'grounding' })]);
    expect(state.updatedAt).toBe(foldRun('done-run', events.slice(0, -1)).updatedAt);
  });

  it('refuses unknown steps and runs, withdraws a tag, and sums over a set of runs', () => {
    expect(() => service.annotate({ runId: 'done-run', stepId: 's99', category: 'memory' })).toThrow(/no step s99/);
    expect(() => service.annotate({ runId: 'nope', stepId: 's1', category: 'memory' })).toThrow(/No run nope/);
    const p = service.annotate({ runId: 'other', stepId: 's1', category: 'planning', author: 'bob' });
    service.annotate({ runId: 'other', stepId: 's1', category: 'perception' });
    const gone = service.annotate({ runId: 'other', stepId: 's3', category: 'memory' });
    expect(service.remove({ runId: 'other', annotationId: gone.annotationId })).toBe(true);
    expect(service.remove({ runId: 'other', annotationId: gone.annotationId })).toBe(false);
    const s = service.summary({});
    expect(s).toMatchObject({
      runs: 2,
      steps: 8,
      annotatedSteps: 2,
      byCategory: { grounding: 1, planning: 1, perception: 1, memory: 0 },
    });
    expect(s.perRun.map((r) => [r.runId, r.annotatedSteps])).toEqual([
      ['done-run', 1],
      ['other', 1],
    ]);
    expect(s.annotations.find((a) => a.annotationId === p.annotationId)?.author).toBe('bob');
    expect(service.summary({ tag: 'memory' }).runs).toBe(0);
    expect(foldRun('other', repo.events('other').events).annotations.map((a) => a.category)).toEqual([
      'planning',
      'perception',
    ]);
  });
});
