import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(plural(1, 'action')).toBe('1 action');
    expect(plural(0, 'action')).toBe('0 actions');
    expect(plural(2, 'step')).toBe('2 steps');
    expect(plural(1, 'reply', 'replies')).toBe('1 reply');
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
    expect(plural(12_345, 'token')).toBe('12,345 tokens');
  });
});
