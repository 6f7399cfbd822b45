import { useState } from 'react';
import type { TestModelResult } from '../../../shared/contract/models.ts';
import type { ModelEndpoint, ModelRole } from '../../../shared/schemas/settings.ts';
import { useClient } from '../../state/app-store.ts';
import { useBusy } from '../../ui/use-busy.ts';

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
  const { busy, error, run: call } = useBusy();
  const [result, setResult] = useState<TestModelResult | null>(null);
  const run = async () => {
    setResult(null);
    setResult((await call('Testing…', () => client.testModel({ role, endpoint }))) ?? null);
  };
  return (
    <div className="test-connection" data-test-role={role}>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => void run()}
        disabled={busy !== null || disabled}
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
      {error ? (
        <span className="test-bad" role="alert">
          ✗ {error}
        </span>
      ) : null}
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
