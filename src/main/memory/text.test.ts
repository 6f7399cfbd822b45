import { describe, expect, it } from 'vitest';
import { fold, indexText, queryTerms, tokenize } from './text.ts';

describe('memory text', () => {
  it('lowercases, strips diacritics and folds English plurals the same way for index and query', () => {
    expect(tokenize('Set ALARMS for Café entries')).toEqual(['set', 'alarm', 'for', 'cafe', 'entry']);
    expect(fold('status')).toBe('status');
    expect(fold('glasses')).toBe('glass');
    expect(fold('bus')).toBe('bus');
    expect(indexText('Alarms, alarms!')).toBe('alarm alarm');
  });

  it('splits Han characters into single tokens but keeps Latin runs whole', () => {
    expect(tokenize('设置闹钟 6:30 Work')).toEqual(['设', '置', '闹', '钟', '6', '30', 'work']);
    expect(tokenize('打开Clock应用')).toEqual(['打', '开', 'clock', '应', '用']);
  });

  it('drops stopwords and single letters from queries, unless nothing else is left', () => {
    expect(queryTerms('Open the Clock app and set a 7 am alarm')).toEqual([
      'open',
      'clock',
      'app',
      'set',
      '7',
      'am',
      'alarm',
    ]);
    expect(queryTerms('the a of')).toEqual(['the', 'a', 'of']);
    expect(queryTerms('alarm alarms ALARM')).toEqual(['alarm']);
  });
});
