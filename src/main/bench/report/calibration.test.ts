import { describe, expect, it } from 'vitest';
import { BenchConfiguration } from '../../../shared/bench/config.ts';
import type { EpisodeResult } from '../../../shared/bench/results.ts';
import type { BenchmarkRecord, StoredEpisode } from '../bench-repo.ts';
import { calibrationFailures, formatCalibration } from './calibration.ts';

const benchmark = {
  id: 'b1',
  configurations: [
    { ...BenchConfiguration.parse({ agent: 'reference' }), id: 'ref' },
    { ...BenchConfiguration.parse({ agent: 'moba' }), id: 'moba' },
  ],
} as unknown as BenchmarkRecord;

function ep(configId: string, taskId: string, over: Partial<StoredEpisode>, result?: Partial<EpisodeResult>) {
  return {
    id: `${configId}/${taskId}`,
    configId,
    taskId,
    status: 'done',
    error: null,
    result: result
      ? { milestones: [], invariants: [], complete: false, reason: '', ...result }
      : { milestones: [], invariants: [], complete: true, reason: '' },
    ...over,
  } as unknown as StoredEpisode;
}

describe('calibration failures of a benchmark', () => {
  it('names a reference that misses a milestone (with its reason) and every errored episode, not an agent that fails', () => {
    const episodes = [
      ep('ref', 'ok', {}),
      ep(
        'ref',
        'alarm',
        {},
        {
          milestones: [
            { id: 'made', when: 'final', reached: true, step: 2, lastHeld: 3 },
            { id: 'labelled', when: 'final', reached: false, step: null, lastHeld: null },
          ],
          reason: 'Reference step 3 (Click text="Save"): no element matches — on Button "Cancel"',
        },
      ),
      ep(
        'moba',
        'alarm',
        {},
        { milestones: [{ id: 'made', when: 'final', reached: false, step: null, lastHeld: null }] },
      ),
      ep('moba', 'wifi', { status: 'error', result: null, error: 'set-up failed: the phone did not answer' }),
      ep('moba', 'later', { status: 'pending', result: null }),
    ];
    const f = calibrationFailures(benchmark, episodes);
    expect(f.map((x) => [x.kind, x.configId, x.taskId])).toEqual([
      ['reference-missed', 'ref', 'alarm'],
      ['errored', 'moba', 'wifi'],
    ]);
    expect(f[0]!.detail).toBe(
      'missed labelled — Reference step 3 (Click text="Save"): no element matches — on Button "Cancel"',
    );
    const text = formatCalibration(f);
    expect(text).toContain('2 episodes make these figures untrustworthy');
    expect(text).toContain('ERROR     wifi (moba, episode moba/wifi): set-up failed: the phone did not answer');
    expect(formatCalibration([])).toBe('');
  });
});
