import { useAppStore } from '../state/app-store.ts';

const LABEL = { open: 'Connected', connecting: 'Connecting…', reconnecting: 'Reconnecting…' } as const;

export function ConnectionIndicator() {
  const connection = useAppStore((s) => s.connection);
  const host = useAppStore((s) => s.host);
  const where = host === 'electron' ? 'desktop' : 'web host';
  return (
    <div
      className={`connection connection-${connection.state}`}
      role="status"
      aria-live="polite"
      data-testid="connection"
      data-state={connection.state}
      title={connection.error ?? `${LABEL[connection.state]} (${where})`}
    >
      <span className="connection-dot" aria-hidden="true" />
      <span>{LABEL[connection.state]}</span>
      <span className="connection-where">{where}</span>
    </div>
  );
}
