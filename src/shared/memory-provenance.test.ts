import { describe, expect, it } from 'vitest';
import { isApproved, provenanceOf } from './memory-provenance.ts';

describe('memory provenance', () => {
  it('names the run, the model and the review state of what a run wrote; a person or a seed plainly', () => {
    expect(provenanceOf({ source: 'run', runId: 'r1', model: 'gpt-4o' })).toBe('run r1, gpt-4o, unreviewed');
    expect(provenanceOf({ source: 'run', runId: 'r1', model: 'gpt-4o', approvedAt: 5 })).toBe(
      'run r1, gpt-4o, approved by a person',
    );
    expect(provenanceOf({ source: 'run' })).toBe('a run, unreviewed');
    expect(provenanceOf({ source: 'manual', runId: 'r1' })).toBe('a person');
    expect(provenanceOf({ source: 'expert' })).toBe('an expert seed');
    expect(provenanceOf({ source: 'benchmark' })).toBe('benchmark task user facts');
  });

  it('counts a person’s and a seed’s memories as approved, a run’s only once a person approved it', () => {
    expect(isApproved({ source: 'manual' })).toBe(true);
    expect(isApproved({ source: 'expert' })).toBe(true);
    expect(isApproved({ source: 'benchmark' })).toBe(true);
    expect(isApproved({ source: 'run' })).toBe(false);
    expect(isApproved({ source: 'run', approvedAt: 0 })).toBe(true);
  });
});
