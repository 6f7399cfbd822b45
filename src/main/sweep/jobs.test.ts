import { describe, expect, it } from 'vitest';
import type { SweepJob } from './jobs.ts';
import { assertNoSecrets, jobId, queueName } from './jobs.ts';

const job = (config: Record<string, unknown>): SweepJob => ({
  format: 1,
  benchmarkId: 'b1',
  episodeId: 'c1/t/s0/r0',
  profile: 'sim',
  task: {} as SweepJob['task'],
  seed: 1,
  config: { id: 'c1', agent: 'moba', ...config } as unknown as SweepJob['config'],
});

describe('sweep jobs', () => {
  it('have ids without ":" that are the same for the same episode and differ otherwise', () => {
    expect(jobId('b20260101-000000-ab12', 'c1/clock-alarm/s0/r0')).toBe('b20260101-000000-ab12/c1/clock-alarm/s0/r0');
    const odd = jobId('b1', 'cfg:a/t%x/s0/r0');
    expect(odd).not.toContain(':');
    expect(odd).toBe(jobId('b1', 'cfg:a/t%x/s0/r0'));
    expect(jobId('b1', 'a:b')).not.toBe(jobId('b1', 'a%3Ab'));
  });

  it('go to one queue per device profile', () => {
    expect(queueName('sim')).toBe('moba-sweep-sim');
    expect(() => queueName('Pixel:8')).toThrow(/Invalid device profile/);
  });

  it('refuse to carry secrets: key-like fields and URLs with passwords', () => {
    expect(() =>
      assertNoSecrets(job({ models: { default: { baseUrl: 'http://10.0.0.2:8000/v1', model: 'qwen' } } })),
    ).not.toThrow();
    expect(() => assertNoSecrets(job({ models: { default: { baseUrl: 'http://me:sk-123@10.0.0.2/v1' } } }))).toThrow(
      /job\.config\.models\.default\.baseUrl is a URL with a password/,
    );
    expect(() => assertNoSecrets(job({ models: { default: { apiKey: 'sk-123' } } }))).toThrow(
      /job\.config\.models\.default\.apiKey/,
    );
  });
});
