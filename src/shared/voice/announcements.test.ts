import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../schemas/run.ts';
import { announcementFor, languageOf } from './announcements.ts';

const at = { seq: 1, at: 0 };

describe('announcements', () => {
  it('speaks the agent’s answers, its questions to the person and the run’s end — nothing else', () => {
    const answer = { ...at, type: 'message', from: 'agent', nodeId: 'n1', text: 'Tomorrow: sunny, 24 °C.' } as RunEvent;
    expect(announcementFor(answer, 'weather')).toEqual({
      kind: 'answer',
      text: 'Tomorrow: sunny, 24 °C.',
      language: 'en',
    });
    const person = { ...at, type: 'message', from: 'person', nodeId: null, text: 'hi' } as RunEvent;
    expect(announcementFor(person, 'x')).toBeNull();
    const question = {
      ...at,
      type: 'human_wait',
      waitId: 'w1',
      kind: 'escalation',
      stepId: null,
      prompt: 'I am stuck. What should I do?',
    } as RunEvent;
    expect(announcementFor(question, 'x')?.kind).toBe('question');
    const approval = {
      ...at,
      type: 'human_wait',
      waitId: 'w2',
      kind: 'approve',
      stepId: 's1',
      prompt: 'Approve?',
    } as RunEvent;
    expect(announcementFor(approval, 'x')).toBeNull();
    const end = { ...at, type: 'run_finished', outcome: 'failed', reason: 'No network', answer: null } as RunEvent;
    expect(announcementFor(end, 'check the weather')).toEqual({
      kind: 'end',
      text: 'The run failed: No network',
      language: 'en',
    });
    expect(announcementFor({ ...end, outcome: 'succeeded' } as RunEvent, '查看明天的天气')).toEqual({
      kind: 'end',
      text: '任务完成。',
      language: 'zh',
    });
  });

  it('picks the Chinese voice for mostly-Han text and English otherwise', () => {
    expect(languageOf('明天上海晴，最高 24 度')).toBe('zh');
    expect(languageOf('Set an alarm titled 工作')).toBe('en');
    expect(languageOf('The G104 train leaves at 07:00')).toBe('en');
    expect(languageOf('')).toBe('en');
  });
});
