/** The contract's events in main, below every service: one place services fire them and the transports listen. */
import { events } from '../shared/contract.ts';
import type { EventName, EventPayload } from '../shared/contract.ts';
import { issuesInOneLine } from '../shared/errors.ts';
import { Emitter } from '@moba/base';

export interface EmittedEvent {
  event: EventName;
  payload: unknown;
}

/** Main's side of the events in the contract: services fire, transports (windows, WebSockets) forward to renderers. */
export class EventHub {
  private readonly emitter = new Emitter<EmittedEvent>();
  readonly onDidEmit = this.emitter.event;

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const parsed = events[event].safeParse(payload);
    if (!parsed.success) {
      console.error(`[moba] dropped event ${event} with an invalid payload: ${issuesInOneLine(parsed.error.issues)}`);
      return;
    }
    this.emitter.fire({ event, payload: parsed.data });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
