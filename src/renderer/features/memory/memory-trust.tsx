import type { MemoryItem } from '../../../shared/schemas/memory.ts';
import { isApproved, provenanceOf } from '../../../shared/memory-provenance.ts';
import { plural } from '../../../shared/plural.ts';
import { useBusy } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import type { MemoryApi } from './memory-api.ts';

/**
 * Where a memory came from (run, model, person) and the person's verdict on it: quarantine keeps
 * it (or everything its run wrote) out of every prompt; approval lets it into runs that use
 * person-approved memories only. What a run wrote was written by a model from what it saw, and
 * a hostile screen or model can plant text there that later prompts would repeat.
 */
export function MemoryTrust({
  api,
  item,
  onChanged,
}: {
  api: MemoryApi;
  item: MemoryItem;
  onChanged(text: string): void;
}) {
  const { busy: working, error, run: call } = useBusy();
  const busy = working !== null;
  const run = item.source === 'run' ? item.runId : undefined;
  const act = async (
    target: { ids?: string[]; runId?: string },
    change: { quarantined?: boolean; approved?: boolean },
    did: string,
  ) => {
    const n = await call('Saving…', () => api.setTrust(target, change));
    if (n !== undefined)
      onChanged(`${did} ${plural(n, 'memory', 'memories')}${target.runId ? ` of run ${target.runId}` : ''}.`);
  };
  return (
    <div className={`memory-trust ${item.quarantined ? 'is-quarantined' : ''}`} data-testid="memory-trust">
      <p className="small">
        From <strong data-testid="memory-provenance">{provenanceOf(item)}</strong>
        {item.quarantined ? <span className="chip chip-quarantined">quarantined — never in a prompt</span> : null}
        {!item.quarantined && !isApproved(item) ? <span className="chip">not in “approved only” runs</span> : null}
      </p>
      <div className="memory-trust-actions">
        {item.quarantined ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => void act({ ids: [item.id] }, { quarantined: false }, 'Released')}
            data-action="release-memory"
          >
            Release
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={busy}
            onClick={() => void act({ ids: [item.id] }, { quarantined: true }, 'Quarantined')}
            data-action="quarantine-memory"
          >
            Quarantine
          </button>
        )}
        {run ? (
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={busy}
            onClick={() => void act({ runId: run }, { quarantined: true }, 'Quarantined')}
            data-action="quarantine-run-memories"
          >
            Quarantine all of run {run}
          </button>
        ) : null}
        {item.source === 'run' ? (
          item.approvedAt !== undefined ? (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => void act({ ids: [item.id] }, { approved: false }, 'Withdrew approval of')}
              data-action="unapprove-memory"
            >
              Withdraw approval
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => void act({ ids: [item.id] }, { approved: true }, 'Approved')}
              data-action="approve-memory"
            >
              Approve
            </button>
          )
        ) : null}
      </div>
      <ErrorNote error={error} />
    </div>
  );
}
