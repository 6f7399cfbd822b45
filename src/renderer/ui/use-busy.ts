/**
 * The renderer's one way to run a call to main from a component: what runs now (its label),
 * the last failure's message, and a success note — and, for data a component reads, one way to
 * load it and reload it when its inputs change.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DependencyList } from 'react';
import { toMobaError } from '../../shared/errors.ts';

export interface Busy {
  /** The label of the call under way (e.g. "Saving…"), or null. */
  busy: string | null;
  /** The last failed call's message, until the next call starts. */
  error: string | undefined;
  /** What the last successful call said (its `done` text), until the next call starts. */
  notice: string | undefined;
  /**
   * Runs `fn` with `label` as the busy text; a failure becomes `error` (the promise resolves
   * `undefined`, it never rejects). `done` turns the result into the success note.
   */
  run<T>(label: string, fn: () => Promise<T>, done?: (value: T) => string | undefined): Promise<T | undefined>;
  /** Sets (or clears) the error shown, e.g. for a check made before calling. */
  fail(message: string | undefined): void;
  /** Clears the error and the note. */
  clear(): void;
}

export function useBusy(): Busy {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const run = useCallback(
    async <T>(label: string, fn: () => Promise<T>, done?: (value: T) => string | undefined): Promise<T | undefined> => {
      setBusy(label);
      setError(undefined);
      setNotice(undefined);
      try {
        const value = await fn();
        if (done) setNotice(done(value));
        return value;
      } catch (e) {
        setError(toMobaError(e).message);
        return undefined;
      } finally {
        setBusy(null);
      }
    },
    [],
  );
  const fail = useCallback((message: string | undefined) => setError(message), []);
  const clear = useCallback(() => {
    setError(undefined);
    setNotice(undefined);
  }, []);
  return { busy, error, notice, run, fail, clear };
}

export interface Loaded<T> {
  /** The newest value (kept while a reload runs); undefined until the first arrives. */
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  /** Loads again now. */
  reload(): void;
}

/**
 * Loads `fn()` when mounted and whenever `deps` change (a late answer for older inputs is
 * dropped); a failure becomes `error`. With `everyMs`, loads again that long after each answer.
 */
export function useLoad<T>(fn: () => Promise<T>, deps: DependencyList, options: { everyMs?: number } = {}): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  // A new token whenever the inputs change (or a reload is asked): an answer for an older one is not "loaded".
  // eslint-disable-next-line react-hooks/use-memo, react-hooks/exhaustive-deps -- the caller's deps decide when to load
  const token = useMemo(() => ({}), [...deps, attempt]);
  const [result, setResult] = useState<{ data: T | undefined; error: string | undefined; token: object | null }>({
    data: undefined,
    error: undefined,
    token: null,
  });
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  });
  const everyMs = options.everyMs;
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (update: { data?: T; error: string | undefined }) => {
      if (!live) return;
      setResult((r) => ({ data: 'data' in update ? update.data : r.data, error: update.error, token }));
      if (everyMs) timer = setTimeout(() => setAttempt((n) => n + 1), everyMs);
    };
    fnRef.current().then(
      (data) => settle({ data, error: undefined }),
      (e: unknown) => settle({ error: toMobaError(e).message }),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, everyMs]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: result.data, error: result.error, loading: result.token !== token, reload };
}
