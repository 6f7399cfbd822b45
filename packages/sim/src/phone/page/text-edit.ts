/**
 * The editing model of a focused text field: value + cursor, changed by typed text and key
 * events the way an Android EditText reacts to them.
 */

export interface FieldSpec {
  value: string;
  multiline: boolean;
  maxLength?: number;
  /** 'number' accepts digits only; 'decimal' digits and one decimal point; 'phone' digits and +*#-. */
  inputType?: 'text' | 'number' | 'decimal' | 'phone' | 'password';
}

export interface EditResult {
  value: string;
  cursor: number;
}

function clampCursor(value: string, cursor: number): number {
  return Math.max(0, Math.min(value.length, cursor));
}

function filter(spec: FieldSpec, text: string): string {
  let out = spec.multiline ? text.replace(/\r\n?/g, '\n') : text.replace(/[\r\n]+/g, '');
  if (spec.inputType === 'number') out = out.replace(/[^0-9]/g, '');
  else if (spec.inputType === 'decimal') {
    out = out.replace(/[^0-9.]/g, '');
    // Android's numberDecimal: a second decimal point is not taken.
    if (spec.value.includes('.')) out = out.replace(/\./g, '');
    else out = out.replace(/(?<=\..*)\./g, '');
  } else if (spec.inputType === 'phone') out = out.replace(/[^0-9+*#\- ]/g, '');
  return out;
}

export function insertText(spec: FieldSpec, cursor: number, text: string): EditResult {
  const c = clampCursor(spec.value, cursor);
  let add = filter(spec, text);
  if (spec.maxLength !== undefined)
    add = [...add].slice(0, Math.max(0, spec.maxLength - [...spec.value].length)).join('');
  return { value: spec.value.slice(0, c) + add + spec.value.slice(c), cursor: c + add.length };
}

/** Backspace: deletes the code point before the cursor (a surrogate pair counts as one). */
export function deleteBackward(spec: FieldSpec, cursor: number): EditResult {
  const c = clampCursor(spec.value, cursor);
  if (c === 0) return { value: spec.value, cursor: 0 };
  const code = spec.value.charCodeAt(c - 1);
  const width = c >= 2 && code >= 0xdc00 && code <= 0xdfff ? 2 : 1;
  return { value: spec.value.slice(0, c - width) + spec.value.slice(c), cursor: c - width };
}

export function deleteForward(spec: FieldSpec, cursor: number): EditResult {
  const c = clampCursor(spec.value, cursor);
  if (c >= spec.value.length) return { value: spec.value, cursor: c };
  const code = spec.value.charCodeAt(c);
  const width = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  return { value: spec.value.slice(0, c) + spec.value.slice(c + width), cursor: c };
}

export type CursorMove = 'start' | 'end' | 'left' | 'right' | 'line-start' | 'line-end' | 'word-left' | 'word-right';

export function moveCursor(spec: FieldSpec, cursor: number, to: CursorMove): number {
  const v = spec.value;
  const c = clampCursor(v, cursor);
  switch (to) {
    case 'start':
      return 0;
    case 'end':
      return v.length;
    case 'left': {
      if (c === 0) return 0;
      const code = v.charCodeAt(c - 1);
      return c - (c >= 2 && code >= 0xdc00 && code <= 0xdfff ? 2 : 1);
    }
    case 'right': {
      if (c >= v.length) return v.length;
      const code = v.charCodeAt(c);
      return c + (code >= 0xd800 && code <= 0xdbff ? 2 : 1);
    }
    case 'line-start':
      return spec.multiline ? v.lastIndexOf('\n', c - 1) + 1 : 0;
    case 'line-end': {
      if (!spec.multiline) return v.length;
      const next = v.indexOf('\n', c);
      return next < 0 ? v.length : next;
    }
    case 'word-left': {
      let i = c;
      while (i > 0 && /\s/.test(v[i - 1] as string)) i--;
      while (i > 0 && !/\s/.test(v[i - 1] as string)) i--;
      return i;
    }
    case 'word-right': {
      let i = c;
      while (i < v.length && /\s/.test(v[i] as string)) i++;
      while (i < v.length && !/\s/.test(v[i] as string)) i++;
      return i;
    }
  }
}
