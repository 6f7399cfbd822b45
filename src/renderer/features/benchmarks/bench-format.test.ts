import { describe, expect, it } from 'vitest';
import {
  agentCommand,
  etaSeconds,
  handsOutEpisodes,
  formatDifference,
  formatEstimate,
  formatSeconds,
  gridState,
  goalParts,
  progressOf,
  significant,
} from './bench-format.ts';

describe('how the Benchmarks page writes numbers', () => {
  it('writes estimates with their interval, and nothing it does not have', () => {
    expect(formatEstimate({ value: 72.456, low: 61, high: 83.33 })).toBe('72.5 [61.0–83.3]');
    expect(formatEstimate({ value: 4, low: null, high: null }, 2)).toBe('4.00');
    expect(formatEstimate({ value: null, low: null, high: null })).toBe('—');
    expect(formatDifference({ value: 12.5, low: -3, high: 25 })).toBe('+12.5 [−3.0…+25.0]');
    expect(formatDifference({ value: 0, low: 0, high: 0 })).toBe('±0.0 [±0.0…±0.0]');
  });

  it('calls a difference significant only when its interval excludes 0', () => {
    expect(significant({ value: 10, low: 2, high: 20 })).toBe(true);
    expect(significant({ value: -10, low: -20, high: -1 })).toBe(true);
    expect(significant({ value: 10, low: -2, high: 20 })).toBe(false);
    expect(significant({ value: 10, low: null, high: null })).toBe(false);
  });

  it('tells passed, partial and failed episodes apart from running and errored ones', () => {
    expect(gridState({ status: 'done', complete: true, reached: 3 })).toBe('passed');
    expect(gridState({ status: 'done', complete: false, reached: 1 })).toBe('partial');
    expect(gridState({ status: 'done', complete: false, reached: 0 })).toBe('failed');
    expect(gridState({ status: 'running', complete: null, reached: null })).toBe('running');
    expect(gridState({ status: 'error', complete: null, reached: null })).toBe('error');
  });

  it('counts errored episodes as finished, and estimates the time left from the pace so far', () => {
    expect(progressOf({ counts: { total: 8, pending: 3, running: 1, done: 3, error: 1 } })).toEqual({
      finished: 4,
      total: 8,
      percent: 50,
    });
    expect(etaSeconds(4, 4, 0, 60_000)).toBe(60);
    expect(etaSeconds(0, 4, 0, 60_000)).toBeNull();
    expect(etaSeconds(8, 0, 0, 60_000)).toBe(0);
    expect(formatSeconds(45)).toBe('45 s');
    expect(formatSeconds(200)).toBe('3 min 20 s');
    expect(formatSeconds(3900)).toBe('1 h 5 min');
  });
});

describe('goalParts', () => {
  it("shows a template's parameters by name, without how they are written", () => {
    expect(goalParts('Add an event "{title}" to my calendar on {d.en}.')).toEqual([
      { text: 'Add an event "' },
      { param: 'title' },
      { text: '" to my calendar on ' },
      { param: 'd' },
      { text: '.' },
    ]);
    expect(goalParts('Start the stopwatch.')).toEqual([{ text: 'Start the stopwatch.' }]);
    expect(goalParts('{t.n}')).toEqual([{ param: 't' }]);
  });
});

describe('agents that connect on their own', () => {
  it('the command starts the example agent with the address and token in its environment', () => {
    expect(agentCommand({ serveUrl: 'http://127.0.0.1:4123/agent/v1', token: 'tok-123' })).toBe(
      'MOBA_SERVE_URL=http://127.0.0.1:4123/agent/v1 MOBA_SERVE_TOKEN=tok-123 python3 resources/agent-client/python/examples/alarm_agent.py',
    );
  });

  it('only a benchmark with an externalConnect configuration hands episodes out', () => {
    const summary = (configs: Array<Record<string, unknown>>) =>
      ({ configurations: configs.map((config, i) => ({ id: `c${i}`, label: '', agent: 'x', config })) }) as never;
    expect(handsOutEpisodes(summary([{ agent: 'moba' }, { agent: 'external', externalConnect: true }]))).toBe(true);
    expect(handsOutEpisodes(summary([{ agent: 'external', externalCommand: ['python3', 'a.py'] }]))).toBe(false);
  });
});
