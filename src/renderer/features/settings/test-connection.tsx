import { useState } from 'react';
import type { TestModelResult } from '../../../shared/contract/models.ts';
import type { ModelEndpoint, ModelRole } from '../../../shared/schemas/settings.ts';
import { useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';

/**
 * "Test connection" for one role: one tiny request to the endpoint as drafted (saved or not),
 * with the latency and the reply, or the error as the endpoint gave it.
 */
export function TestConnection({
  role,
  endpoint,
  disabled,
}: {
  role: 'default' | ModelRole;
  endpoint: ModelEndpoint;
  disabled?: boolean;
}) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TestModelResult | { ok: false; error: { message: string } } | null>(null);
  const run = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult(await client.testModel({ role, endpoint }));
    } catch (e) {
      setResult({ ok: false, error: { message: toMobaError(e).message } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="test-connection" data-test-role={role}>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => void run()}
        disabled={busy || disabled}
        data-action={`test-${role}`}
      >
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" /> Testing…
          </>
        ) : (
          'Test connection'
        )}
      </button>
      {result ? (
        result.ok ? (
          <span className="test-ok" role="status">
            ✓ {'model' in result ? result.model : ''} answered in{' '}
            {'latencyMs' in result ? Math.round(result.latencyMs) : '?'} ms
            {'reply' in result && result.reply ? <span className="muted"> — “{result.reply.slice(0, 60)}”</span> : null}
            {'dims' in result && result.dims ? (
              <span className="muted"> — {result.dims}-dimensional vectors</span>
            ) : null}
          </span>
        ) : (
          <span className="test-bad" role="alert">
            ✗ {result.error?.message}
          </span>
        )
      ) : null}
    </div>
  );
}
