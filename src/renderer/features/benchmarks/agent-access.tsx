import { useState } from 'react';
import { plural } from '../../../shared/plural.ts';
import { agentCommand } from './bench-format.ts';
import { useBenchAgentAccess } from './use-bench-data.ts';

/** A button that copies `text` and says so for a moment. */
function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-small"
      data-action={`copy-${what}`}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? 'Copied ✓' : `Copy ${what}`}
    </button>
  );
}

/**
 * For a running benchmark whose agents connect on their own: the address and token its
 * episodes are taken from, the command that starts the example agent on them, and how many
 * episodes wait for an agent.
 */
export function AgentAccess({ benchmarkId }: { benchmarkId: string }) {
  const access = useBenchAgentAccess(benchmarkId);
  if (!access) return null;
  const command = agentCommand(access);
  return (
    <div className="bench-agent-access" data-testid="bench-agent-access" data-waiting={access.waiting}>
      <p>
        <strong data-testid="bench-agent-waiting">
          {access.waiting === 1
            ? '1 episode waits for an agent'
            : `${plural(access.waiting, 'episode')} wait for an agent`}
        </strong>{' '}
        <span className="muted">
          — agents on this machine take them with <code>POST …/episodes/next</code> (README, "Run your own agent").
          Episodes no agent takes end at their time limit.
        </span>
      </p>
      <dl>
        <dt>Address</dt>
        <dd>
          <code data-testid="bench-agent-url">{access.serveUrl}</code>
        </dd>
        <dt>Token</dt>
        <dd>
          <code data-testid="bench-agent-token">{access.token}</code> <CopyButton text={access.token} what="token" />
        </dd>
        <dt>Start the example agent</dt>
        <dd>
          <code data-testid="bench-agent-command">{command}</code> <CopyButton text={command} what="command" />
        </dd>
      </dl>
    </div>
  );
}
