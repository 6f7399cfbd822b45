/**
 * The latest indexed elements of a device for the overlay, from the device contract's
 * observation (the same processing the agent sees). Refreshed on demand and after input.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Observation } from '../../../shared/schemas/perception.ts';
import { useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';

export interface ElementsState {
  observation: Observation | undefined;
  loading: boolean;
  error: string | undefined;
  /** Observes now (coalesced with one under way). */
  refresh(): void;
  /** Observes shortly, once the screen had time to react to an input. */
  refreshSoon(): void;
}

const SETTLE_MS = 900;

export function useElements(serial: string, enabled: boolean): ElementsState {
  const client = useClient();
  const [observation, setObservation] = useState<Observation | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const inFlight = useRef(false);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const refresh = useCallback(() => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    setLoading(true);
    void (async () => {
      // One more round when asked again while observing: the screen changed meanwhile.
      do {
        again.current = false;
        try {
          const o = await client.observeDevice({ serial, ocr: false });
          if (!alive.current) break;
          setObservation(o);
          setError(undefined);
        } catch (e) {
          if (alive.current) setError(toMobaError(e).message);
        }
      } while (again.current && alive.current);
      inFlight.current = false;
      if (alive.current) setLoading(false);
    })();
  }, [client, serial]);

  const refreshSoon = useCallback(() => {
    if (!enabled) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(refresh, SETTLE_MS);
  }, [enabled, refresh]);

  useEffect(() => {
    alive.current = true;
    if (enabled) refresh();
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [enabled, refresh]);

  return { observation, loading, error, refresh, refreshSoon };
}
