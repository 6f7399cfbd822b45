import type { Disposable } from './disposable.ts';

export type Listener<T> = (value: T) => void;
/** Subscribe with `onDidX(listener)`; the returned disposable unsubscribes. */
export type Event<T> = (listener: Listener<T>) => Disposable;

/**
 * A typed event source. A throwing listener is reported to `onListenerError` and does not
 * stop the others.
 */
export class Emitter<T> implements Disposable {
  private listeners = new Set<Listener<T>>();
  private readonly onListenerError: (error: unknown) => void;

  constructor(
    onListenerError: (error: unknown) => void = (error) => console.error('[moba] event listener failed:', error),
  ) {
    this.onListenerError = onListenerError;
  }

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  dispose(): void {
    this.listeners.clear();
  }
}
