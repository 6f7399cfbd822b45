/**
 * The runs the renderer has open, kept live: every `didAppendRunEvent` is merged into its
 * run's log (folded with the shared reducer), gaps are filled with `getRun({ from })`, and
 * after a reconnection every open run is caught up. View state only — main has the truth.
 */
import { create } from 'zustand';
import type { MobaClient } from '../../shared/contract.ts';
import type { RunSummary } from '../../shared/schemas/run.ts';
import { useAppStore } from './app-store.ts';
import { toMobaError } from '../../shared/errors.ts';
import { emptyRunLog, mergeEvents } from './run-log.ts';
import type { RunLog } from './run-log.ts';

interface RunStoreState {
  logs: Record<string, RunLog>;
  /** Runs being fetched (initial load or a gap fill). */
  loading: Record<string, boolean>;
  errors: Record<string, string | undefined>;
  /** Newest summaries seen in events, for lists that want to stay live without re-listing. */
  summaries: Record<string, RunSummary>;
  /** Bumped whenever a run starts or ends, so lists know to re-query. */
  listVersion: number;
}

export const useRunStore = create<RunStoreState>(() => ({
  logs: {},
  loading: {},
  errors: {},
  summaries: {},
  listVersion: 0,
}));

const inflight = new Map<string, Promise<void>>();

/** The first page is small so a long run shows at once; the rest follows in larger pages. */
const FIRST_PAGE = 300;
const NEXT_PAGE = 2_000;

/**
 * Fetches a run's events from where the local log ends (all of them the first time), page by
 * page; the store is updated after each page, so views render as soon as the first arrives.
 * Concurrent calls for one run share the request.
 */
export function loadRun(client: MobaClient, runId: string): Promise<void> {
  const running = inflight.get(runId);
  if (running) return running;
  const p = (async () => {
    useRunStore.setState((s) => ({ loading: { ...s.loading, [runId]: true } }));
    try {
      let first = true;
      // Bounded: events may keep arriving while we read; live ones fill in through the feed.
      for (let page = 0; page < 10_000; page++) {
        const current = useRunStore.getState().logs[runId] ?? emptyRunLog(runId);
        const from = current.state.lastSeq + 1;
        const r = await client.getRunPage({ runId, from, limit: first ? FIRST_PAGE : NEXT_PAGE });
        first = false;
        const latest = useRunStore.getState().logs[runId] ?? current;
        const merged = mergeEvents(latest, r.events, r.summary, { acceptGaps: r.skipped > 0 });
        useRunStore.setState((s) => ({
          logs: { ...s.logs, [runId]: merged.log },
          errors: { ...s.errors, [runId]: undefined },
        }));
        if (r.nextFrom === null && merged.gapFrom === null) break;
        if (r.events.length === 0 && merged.gapFrom === null) break;
      }
    } catch (error) {
      useRunStore.setState((s) => ({ errors: { ...s.errors, [runId]: toMobaError(error).message } }));
    } finally {
      inflight.delete(runId);
      useRunStore.setState((s) => ({ loading: { ...s.loading, [runId]: false } }));
    }
  })();
  inflight.set(runId, p);
  return p;
}

/** Forgets a run's log (e.g. after it was deleted). */
export function dropRun(runId: string): void {
  useRunStore.setState((s) => {
    const logs = { ...s.logs };
    delete logs[runId];
    const summaries = { ...s.summaries };
    delete summaries[runId];
    return { logs, summaries, listVersion: s.listVersion + 1 };
  });
}

let connected: MobaClient | undefined;

/**
 * Subscribes the store to the client's run events once. Idempotent per client.
 * @returns a function that unsubscribes
 */
export function connectRunFeed(client: MobaClient): () => void {
  if (connected === client) return () => undefined;
  connected = client;
  const off = client.on('didAppendRunEvent', ({ runId, event, summary }) => {
    const s = useRunStore.getState();
    const bump =
      event.type === 'run_started' || event.type === 'run_finished' || summary.status !== s.summaries[runId]?.status;
    const log = s.logs[runId];
    if (!log) {
      useRunStore.setState({
        summaries: { ...s.summaries, [runId]: summary },
        listVersion: s.listVersion + (bump ? 1 : 0),
      });
      return;
    }
    const merged = mergeEvents(log, [event], summary);
    useRunStore.setState({
      logs: merged.log === log ? s.logs : { ...s.logs, [runId]: merged.log },
      summaries: { ...s.summaries, [runId]: summary },
      listVersion: s.listVersion + (bump ? 1 : 0),
    });
    if (merged.gapFrom !== null) void loadRun(client, runId);
  });
  // Catch up every open run after a reconnection: events appended meanwhile were not pushed.
  let wasOpen = useAppStore.getState().connection.state === 'open';
  const offConn = useAppStore.subscribe((st) => {
    const open = st.connection.state === 'open';
    if (open && !wasOpen) {
      for (const runId of Object.keys(useRunStore.getState().logs)) void loadRun(client, runId);
      useRunStore.setState((s) => ({ listVersion: s.listVersion + 1 }));
    }
    wasOpen = open;
  });
  return () => {
    off();
    offConn();
    connected = undefined;
  };
}

/** The log of one run, or undefined until loaded. */
export function useRunLog(runId: string | undefined): RunLog | undefined {
  return useRunStore((s) => (runId ? s.logs[runId] : undefined));
}
