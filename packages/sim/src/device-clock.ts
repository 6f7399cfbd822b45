/**
 * A device clock with a policy, for reproducible tasks: `real` runs with the host's time,
 * `frozen` stands still (it only moves when set), `stepped` stands still but moves on by a fixed
 * step with every input (a tap, a key, typed text), so timers and "now" advance the same way on
 * every machine however long a model takes to answer.
 */
import { MobaError } from '@moba/base';

export type ClockPolicy = { kind: 'real' } | { kind: 'frozen' } | { kind: 'stepped'; stepMs: number };

/** `real`, `frozen` or `stepped:5s` (also `stepped:500ms`). @throws MobaError INVALID_INPUT */
export function parseClockPolicy(text: string): ClockPolicy {
  const t = text.trim();
  if (t === 'real' || t === 'frozen') return { kind: t };
  const m = /^stepped:(\d+(?:\.\d+)?)(ms|s)$/.exec(t);
  if (m) {
    const stepMs = Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : 1));
    if (stepMs > 0 && stepMs <= 86_400_000) return { kind: 'stepped', stepMs };
  }
  throw new MobaError(
    'INVALID_INPUT',
    `Unknown clock policy "${text}": use real, frozen or stepped:<seconds>s (e.g. stepped:5s)`,
  );
}

export function formatClockPolicy(policy: ClockPolicy): string {
  if (policy.kind !== 'stepped') return policy.kind;
  return policy.stepMs % 1000 === 0 ? `stepped:${policy.stepMs / 1000}s` : `stepped:${policy.stepMs}ms`;
}

export interface ClockState {
  epochMs: number;
  policy: ClockPolicy;
}

export class DeviceClock {
  private base: number;
  private realAt: number;
  private current: ClockPolicy;
  private readonly hostNow: () => number;

  constructor(epochMs: number, policy: ClockPolicy, hostNow: () => number = Date.now) {
    this.hostNow = hostNow;
    this.base = epochMs;
    this.realAt = hostNow();
    this.current = policy;
  }

  get policy(): ClockPolicy {
    return this.current;
  }

  /** Whether the clock stands still between inputs (frozen or stepped). */
  get frozen(): boolean {
    return this.current.kind !== 'real';
  }

  now(): number {
    return this.current.kind === 'real' ? this.base + (this.hostNow() - this.realAt) : this.base;
  }

  set(epochMs: number): void {
    this.base = epochMs;
    this.realAt = this.hostNow();
  }

  setPolicy(policy: ClockPolicy): void {
    // Keep the time it shows now; only how it moves from here changes.
    this.set(this.now());
    this.current = policy;
  }

  /** One input happened: a stepped clock moves on. @returns whether the time changed. */
  step(): boolean {
    if (this.current.kind !== 'stepped') return false;
    this.base += this.current.stepMs;
    return true;
  }

  state(): ClockState {
    return { epochMs: this.now(), policy: this.current };
  }

  restore(state: ClockState): void {
    this.current = state.policy;
    this.set(state.epochMs);
  }
}
