/**
 * Shows one device's mirror in `host` while mounted: joins the window's session for the device
 * (`mirror-session.ts`, started when there is none, kept alive a while after the last view
 * leaves). `attempt` restarts it (the Restart button).
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useClient } from '../../state/app-store.ts';
import { mirrorSession } from './mirror-session.ts';
import type { MirrorViewState } from './mirror-session.ts';

export type { MirrorViewState } from './mirror-session.ts';

export function useMirror(serial: string, host: HTMLElement | null, attempt = 0): MirrorViewState {
  const client = useClient();
  const session = useMemo(() => {
    const s = mirrorSession(client, serial);
    // Restart: a stopped or failed session is closed and a new one started.
    if (attempt === 0 || s.state.status === 'running' || s.state.status === 'starting') return s;
    s.close();
    return mirrorSession(client, serial);
  }, [client, serial, attempt]);
  useEffect(() => {
    session.attach(host);
    return () => session.detach(host);
  }, [session, host]);
  return useSyncExternalStore(
    (l) => session.subscribe(l),
    () => session.state,
  );
}
