import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinSuiteDir } from '../bench/task-files.ts';
import type { SweepJob } from './jobs.ts';
import { assertNoSecrets, jobId, parseSweepJob, parseSweepResult, queueName } from './jobs.ts';

const job = (config: Record<string, unknown>): SweepJob => ({
  format: 2,
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

  it('read job data strictly: safe ids, no host paths, a valid task', () => {
    const task = JSON.parse(readFileSync(join(builtinSuiteDir(), 'easy', 'settings.wifi-off.json'), 'utf8')) as unknown;
    const good = { ...job({}), task };
    expect(parseSweepJob(good).episodeId).toBe('c1/t/s0/r0');
    const refused = (over: Record<string, unknown>) => () => parseSweepJob({ ...good, ...over });
    expect(refused({ benchmarkId: '../../memory' })).toThrow(/benchmarkId: an id of 1–128 letters/);
    expect(refused({ benchmarkId: '..' })).toThrow(/benchmarkId/);
    expect(refused({ episodeId: 'c1/../../x/r0' })).toThrow(/episodeId: four ids/);
    expect(refused({ config: { id: 'c1', agent: 'moba', memory: 'seeded', memorySeed: '/etc/passwd' } })).toThrow(
      /config\.memorySeed: a job names no file/,
    );
    expect(refused({ extra: 1 })).toThrow(/Unrecognized key/);
    const ahead = structuredClone(task) as { milestones: Array<{ check: unknown }> };
    ahead.milestones[0]!.check = { answer: { $regex: '^(?=a)' } };
    expect(refused({ task: ahead })).toThrow(/its task is invalid: task\.milestones\[0\]\.check\.answer\.\$regex/);
    let deep: unknown = 1;
    for (let i = 0; i < 5_000; i++) deep = { not: deep };
    expect(refused({ task: { ...(task as object), milestones: [{ id: 'x', check: deep }] } })).toThrow(
      /nested too deep/,
    );
    const seeded = parseSweepJob({
      ...good,
      config: { id: 'c1', agent: 'moba', memory: 'seeded', memorySeed: `sha256:${'a'.repeat(64)}` },
    });
    expect(seeded.config.memorySeed).toBe(`sha256:${'a'.repeat(64)}`);
  });

  it('read results strictly: a run id no path can be built from, no artefact address of its own', () => {
    const run = { id: '../../x', task: 't', serial: 's', mode: 'auto', createdAt: 1, events: [] };
    expect(() => parseSweepResult({ format: 2, worker: 'w1', machine: 'm', serial: 's', run })).toThrow(
      /run\.id: an id of 1–128/,
    );
    expect(() => parseSweepResult({ format: 1, artifactsUrl: 'http://evil.example' })).toThrow(/Not a sweep result/);
  });
});
