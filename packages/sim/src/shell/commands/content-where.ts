/**
 * The SQL `WHERE` subset `content query|update|delete --where` takes on the simulated
 * providers: comparisons (`= == != <> < <= > >=`), `LIKE` (case-insensitive, `%` and `_`),
 * `IS [NOT] NULL`, `[NOT] IN (…)`, `AND`, `OR`, `NOT`, parentheses; string literals in '…'
 * or "…", numbers, column names. Compared like SQLite: numbers as numbers, else as text.
 */
import { CommandError } from '../registry.ts';

export type CellValue = string | number | null;
export type Row = Record<string, CellValue>;

type Token = { kind: 'word' | 'string' | 'number' | 'op'; text: string };

type Node =
  | { kind: 'and' | 'or'; left: Node; right: Node }
  | { kind: 'not'; operand: Node }
  | { kind: 'compare'; op: string; left: Operand; right: Operand }
  | { kind: 'null'; operand: Operand; negate: boolean }
  | { kind: 'in'; operand: Operand; list: Operand[]; negate: boolean };

type Operand = { kind: 'column'; name: string } | { kind: 'literal'; value: CellValue };

function lex(source: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= source.length) throw new CommandError(`unrecognized token: "${source}"`);
        if (source[i] === c && source[i + 1] === c) {
          text += c;
          i += 2;
        } else if (source[i] === c) {
          i++;
          break;
        } else text += source[i++];
      }
      out.push({ kind: 'string', text });
    } else if (/[0-9]/.test(c) || (c === '-' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const m = /^-?\d+(\.\d+)?/.exec(source.slice(i)) as RegExpExecArray;
      out.push({ kind: 'number', text: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(source.slice(i)) as RegExpExecArray;
      out.push({ kind: 'word', text: m[0] });
      i += m[0].length;
    } else {
      const two = source.slice(i, i + 2);
      const op = ['==', '!=', '<>', '<=', '>='].includes(two) ? two : c;
      if (!'=<>(),'.includes(op[0] as string)) throw new CommandError(`unrecognized token: "${c}"`);
      out.push({ kind: 'op', text: op });
      i += op.length;
    }
  }
  return out;
}

class Parser {
  private readonly tokens: Token[];
  private i = 0;

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  private peekWord(...words: string[]): boolean {
    const t = this.tokens[this.i];
    return t?.kind === 'word' && words.includes(t.text.toUpperCase());
  }

  private expectOp(text: string): void {
    const t = this.tokens[this.i++];
    if (t?.kind !== 'op' || t.text !== text) throw new CommandError(`near "${t?.text ?? ''}": syntax error`);
  }

  parseAll(): Node {
    const node = this.or();
    if (this.i < this.tokens.length) throw new CommandError(`near "${this.tokens[this.i]?.text}": syntax error`);
    return node;
  }

  private or(): Node {
    let left = this.and();
    while (this.peekWord('OR')) {
      this.i++;
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): Node {
    let left = this.not();
    while (this.peekWord('AND')) {
      this.i++;
      left = { kind: 'and', left, right: this.not() };
    }
    return left;
  }

  private not(): Node {
    if (this.peekWord('NOT')) {
      this.i++;
      return { kind: 'not', operand: this.not() };
    }
    const t = this.tokens[this.i];
    if (t?.kind === 'op' && t.text === '(') {
      this.i++;
      const inner = this.or();
      this.expectOp(')');
      return inner;
    }
    return this.predicate();
  }

  private operand(): Operand {
    const t = this.tokens[this.i++];
    if (!t) throw new CommandError('incomplete input');
    if (t.kind === 'string') return { kind: 'literal', value: t.text };
    if (t.kind === 'number') return { kind: 'literal', value: Number(t.text) };
    if (t.kind === 'word' && t.text.toUpperCase() === 'NULL') return { kind: 'literal', value: null };
    if (t.kind === 'word') return { kind: 'column', name: t.text };
    throw new CommandError(`near "${t.text}": syntax error`);
  }

  private predicate(): Node {
    const left = this.operand();
    if (this.peekWord('IS')) {
      this.i++;
      const negate = this.peekWord('NOT');
      if (negate) this.i++;
      if (!this.peekWord('NULL')) throw new CommandError('near "IS": syntax error');
      this.i++;
      return { kind: 'null', operand: left, negate };
    }
    let negate = false;
    if (this.peekWord('NOT')) {
      negate = true;
      this.i++;
    }
    if (this.peekWord('IN')) {
      this.i++;
      this.expectOp('(');
      const list = [this.operand()];
      while (this.tokens[this.i]?.text === ',') {
        this.i++;
        list.push(this.operand());
      }
      this.expectOp(')');
      return { kind: 'in', operand: left, list, negate };
    }
    if (this.peekWord('LIKE')) {
      this.i++;
      const node: Node = { kind: 'compare', op: 'LIKE', left, right: this.operand() };
      return negate ? { kind: 'not', operand: node } : node;
    }
    const op = this.tokens[this.i++];
    if (op?.kind !== 'op' || op.text === '(' || op.text === ')' || op.text === ',')
      throw new CommandError(`near "${op?.text ?? ''}": syntax error`);
    return { kind: 'compare', op: op.text, left, right: this.operand() };
  }
}

function valueOf(operand: Operand, row: Row): CellValue {
  if (operand.kind === 'literal') return operand.value;
  if (!(operand.name in row)) throw new CommandError(`no such column: ${operand.name}`);
  return row[operand.name] ?? null;
}

function compare(a: CellValue, b: CellValue): number {
  const na = typeof a === 'number' ? a : a !== null && a !== '' && !Number.isNaN(Number(a)) ? Number(a) : undefined;
  const nb = typeof b === 'number' ? b : b !== null && b !== '' && !Number.isNaN(Number(b)) ? Number(b) : undefined;
  if (na !== undefined && nb !== undefined) return na - nb;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function like(value: CellValue, pattern: CellValue): boolean {
  if (value === null || pattern === null) return false;
  const source = String(pattern)
    .split('')
    .map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'is').test(String(value));
}

function evaluate(node: Node, row: Row): boolean {
  switch (node.kind) {
    case 'and':
      return evaluate(node.left, row) && evaluate(node.right, row);
    case 'or':
      return evaluate(node.left, row) || evaluate(node.right, row);
    case 'not':
      return !evaluate(node.operand, row);
    case 'null':
      return (valueOf(node.operand, row) === null) !== node.negate;
    case 'in': {
      const v = valueOf(node.operand, row);
      return node.list.some((item) => v !== null && compare(v, valueOf(item, row)) === 0) !== node.negate;
    }
    case 'compare': {
      const a = valueOf(node.left, row);
      const b = valueOf(node.right, row);
      if (node.op === 'LIKE') return like(a, b);
      if (a === null || b === null) return false;
      const c = compare(a, b);
      switch (node.op) {
        case '=':
        case '==':
          return c === 0;
        case '!=':
        case '<>':
          return c !== 0;
        case '<':
          return c < 0;
        case '<=':
          return c <= 0;
        case '>':
          return c > 0;
        default:
          return c >= 0;
      }
    }
  }
}

/**
 * A row filter for a `--where` clause (undefined = every row).
 * @throws CommandError with SQLite's message for a clause it cannot read
 */
export function whereFilter(clause: string | undefined): (row: Row) => boolean {
  if (clause === undefined || clause.trim() === '') return () => true;
  const node = new Parser(lex(clause)).parseAll();
  return (row) => evaluate(node, row);
}

/** `--sort "col [ASC|DESC]"`. */
export function sortRows(rows: Row[], spec: string | undefined): Row[] {
  if (!spec) return rows;
  const [column = '', direction = 'ASC'] = spec.trim().split(/\s+/);
  const sign = direction.toUpperCase() === 'DESC' ? -1 : 1;
  return [...rows].sort((a, b) => sign * compare(a[column] ?? null, b[column] ?? null));
}
