import { describe, expect, it } from 'vitest';
import { NO_ANSWER, SimulatedUser, mentions } from './simulated-user.ts';

const user = {
  facts: [
    {
      id: 'landlord',
      about: ['landlord', 'who', '房东'],
      answer: { en: 'My landlord is Wang Fang.', zh: '我的房东是王芳。' },
    },
    { id: 'amount', about: ['how much', 'amount', 'rent'], answer: '¥3,200' },
  ],
  known: [{ about: ['paid'], answer: 'Yes, it is paid.' }],
};

describe('the simulated user', () => {
  it('answers a question from the fact it is about, in the episode language', () => {
    const en = new SimulatedUser(user, 'en');
    expect(en.answer('Who is your landlord?')).toEqual({
      text: 'My landlord is Wang Fang.',
      fact: 'landlord',
      unnecessary: false,
    });
    expect(en.answer('How much is the rent?')).toMatchObject({ text: '¥3,200', fact: 'amount', unnecessary: false });
    expect(en.questionCounts).toEqual({ questions: 2, unnecessaryQuestions: 0 });
    expect(new SimulatedUser(user, 'zh').answer('你的房东是谁？')).toMatchObject({ text: '我的房东是王芳。' });
  });

  it('counts a question about what the goal said, one about nothing, and a repeated one as unnecessary', () => {
    const u = new SimulatedUser(user, 'en');
    expect(u.answer('Has it been paid already?')).toEqual({
      text: 'Yes, it is paid.',
      fact: 'known:0',
      unnecessary: true,
    });
    expect(u.answer('What is the weather like?')).toEqual({ text: NO_ANSWER.en, fact: null, unnecessary: true });
    expect(u.answer('Who is your landlord?').unnecessary).toBe(false);
    expect(u.answer('Sorry, who was the landlord again?').unnecessary).toBe(true);
    expect(u.questionCounts).toEqual({ questions: 4, unnecessaryQuestions: 3 });
  });

  it('picks the fact most words point to, and answers deterministically', () => {
    const a = new SimulatedUser(user, 'en').answer('Who should get the rent amount?');
    expect(a.fact).toBe('amount');
    expect(new SimulatedUser(user, 'en').answer('Who should get the rent amount?')).toEqual(a);
  });

  it('matches whole words in Latin text and substrings in Chinese', () => {
    expect(mentions('Who is it?', 'who')).toBe(true);
    expect(mentions('The whole list', 'who')).toBe(false);
    expect(mentions('房东是谁', '房东')).toBe(true);
  });

  it('without user facts every question is unnecessary', () => {
    const u = new SimulatedUser(null, 'en');
    u.answer('Anything?');
    expect(u.questionCounts).toEqual({ questions: 1, unnecessaryQuestions: 1 });
  });
});
