/** Bounded waiting: every adb call races a deadline and the caller's AbortSignal. */
import { MobaError } from './errors.ts';

export function cancelled(what: string): MobaError {
  return new MobaError('CANCELLED', `${what} was cancelled.`);
}

/**
 * Resolves like `work`, or rejects with TIMEOUT after `ms` or CANCELLED when `signal` aborts;
 * `onGiveUp` runs once in those two cases (close the socket, kill the process) so nothing
 * keeps running behind the caller's back.
 */
export function raceDeadline<T>(
  work: Promise<T>,
  options: { ms: number; what: string; signal?: AbortSignal | undefined; onGiveUp?: () => void },
): Promise<T> {
  const { ms, what, signal, onGiveUp } = options;
  if (signal?.aborted) {
    onGiveUp?.();
    work.catch(() => undefined);
    return Promise.reject(cancelled(what));
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const giveUp = (error: MobaError) =>
      finish(() => {
        onGiveUp?.();
        work.catch(() => undefined);
        reject(error);
      });
    const onAbort = () => giveUp(cancelled(what));
    // An infinite deadline (a tracking stream) has no timer; setTimeout would clamp it to 1 ms.
    const timer = Number.isFinite(ms)
      ? setTimeout(
          () => giveUp(new MobaError('TIMEOUT', `${what} did not answer within ${Math.round(ms)} ms.`)),
          Math.max(0, ms),
        )
      : undefined;
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}

/** A sleep that an AbortSignal ends early (with CANCELLED). */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(cancelled('Waiting'));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled('Waiting'));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Reads `read()` until `done` holds for what it returned or `withinMs` has passed (one read at
 * least, then one every `everyMs`), and returns the last reading either way: the caller tells
 * a met condition from a timed-out one by the value. `signal` ends the waiting with CANCELLED.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { withinMs: number; everyMs: number; signal?: AbortSignal | undefined },
): Promise<T> {
  const until = Date.now() + options.withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= until) return value;
    await delay(options.everyMs, options.signal);
  }
}
