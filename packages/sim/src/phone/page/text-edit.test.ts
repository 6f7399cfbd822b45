import { describe, expect, it } from 'vitest';
import { deleteBackward, deleteForward, insertText, moveCursor } from './text-edit.ts';

const field = (value: string, extra: Partial<Parameters<typeof insertText>[0]> = {}) => ({
  value,
  multiline: false,
  ...extra,
});

describe('text-edit', () => {
  it('inserts at the cursor and moves it past the insertion', () => {
    expect(insertText(field('held'), 3, 'lo wor')).toEqual({ value: 'hello word', cursor: 9 });
    expect(insertText(field('abc'), 99, 'd')).toEqual({ value: 'abcd', cursor: 4 });
  });

  it('drops newlines on single-line fields and keeps them on multi-line ones', () => {
    expect(insertText(field(''), 0, 'a\nb').value).toBe('ab');
    expect(insertText(field('', { multiline: true }), 0, 'a\r\nb').value).toBe('a\nb');
  });

  it('filters digits for number fields and honours maxLength in code points', () => {
    expect(insertText(field('', { inputType: 'number' }), 0, '1a2:3').value).toBe('123');
    expect(insertText(field('', { inputType: 'decimal' }), 0, '¥1,50.3.4').value).toBe('150.34');
    expect(insertText(field('12.5', { inputType: 'decimal' }), 4, '.7').value).toBe('12.57');
    expect(insertText(field('12', { maxLength: 3 }), 2, '345')).toEqual({ value: '123', cursor: 3 });
    expect(insertText(field('😀', { maxLength: 2 }), 2, '😀😀').value).toBe('😀😀');
  });

  it('deletes whole surrogate pairs in both directions', () => {
    expect(deleteBackward(field('a😀'), 3)).toEqual({ value: 'a', cursor: 1 });
    expect(deleteForward(field('😀b'), 0)).toEqual({ value: 'b', cursor: 0 });
    expect(deleteBackward(field('abc'), 0)).toEqual({ value: 'abc', cursor: 0 });
    expect(deleteForward(field('abc'), 3)).toEqual({ value: 'abc', cursor: 3 });
  });

  it('moves to line starts and ends in multi-line fields', () => {
    const f = field('one\ntwo', { multiline: true });
    expect(moveCursor(f, 6, 'line-start')).toBe(4);
    expect(moveCursor(f, 1, 'line-end')).toBe(3);
    expect(moveCursor(field('one'), 2, 'line-start')).toBe(0);
    expect(moveCursor(field('a😀'), 3, 'left')).toBe(1);
    expect(moveCursor(field('😀a'), 0, 'right')).toBe(2);
  });
});
