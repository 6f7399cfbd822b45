import type { z } from 'zod';

/** A request method: its input and output schemas, and one line for `moba --help`-style listings. */
export interface MethodDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
  readonly summary: string;
}

export function defineMethod<I extends z.ZodType, O extends z.ZodType>(def: MethodDef<I, O>): MethodDef<I, O> {
  return def;
}

/** What a caller passes (before defaults are applied). */
export type InputOf<D extends MethodDef> = z.input<D['input']>;
/** What a handler receives (after parsing, defaults applied). */
export type ParsedInputOf<D extends MethodDef> = z.output<D['input']>;
/** What a handler returns and a caller receives. */
export type OutputOf<D extends MethodDef> = z.output<D['output']>;

/** Allows `client.getSettings()` when the input is an object whose fields are all optional. */
export type CallArgs<I> = Record<string, never> extends I ? [input?: I] : [input: I];
