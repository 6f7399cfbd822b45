import { useState } from 'react';
import type { MobaClient } from '../../../shared/contract.ts';
import type { RecordedMessage } from '../../../shared/schemas/llm.ts';
import { hrefFor } from '../../routing/router.ts';
import type { ModelCallEvent } from '../../state/run-selectors.ts';
import { keepFocus } from '../keep-focus.ts';
import './model-calls.css';

function pretty(text: string): string {
  const t = text.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    // Not JSON after all (the model wrote prose that starts with a brace): show it as written.
    return text;
  }
}

function Message({ client, m, index }: { client: MobaClient; m: RecordedMessage; index: number }) {
  const [open, setOpen] = useState(m.role !== 'system');
  const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
  const chars = parts.reduce((n, p) => n + (p.type === 'text' ? p.text.length : 0), 0);
  const images = parts.filter((p) => p.type === 'image').length;
  return (
    <div className={`msg msg-${m.role}`} data-message={index}>
      <button type="button" className="msg-head" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="msg-role">{m.role}</span>
        <span className="msg-size">
          {chars.toLocaleString()} chars{images ? ` · ${images} image${images > 1 ? 's' : ''}` : ''}
        </span>
        <span className="msg-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      {open ? (
        <div className="msg-body">
          {parts.map((p, i) =>
            p.type === 'text' ? (
              <pre key={i} className="msg-text">
                {p.text}
              </pre>
            ) : (
              <a
                key={i}
                href={client.artifactUrl(p.image.sha256)}
                target="_blank"
                rel="noreferrer"
                className="msg-image"
              >
                <img
                  src={client.artifactUrl(p.image.sha256)}
                  alt={`Image sent to the model (${p.image.width ?? '?'}×${p.image.height ?? '?'})`}
                  loading="lazy"
                />
              </a>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Everything about one model call: messages with images, the reply, tokens, latency, cost and the memories it was given. */
export function ModelCallDetail({ client, call }: { client: MobaClient; call: ModelCallEvent }) {
  const r = call.record;
  return (
    <div className="call-detail" data-testid="call-detail" data-call={call.callId}>
      <dl className="call-facts">
        <dt>Purpose</dt>
        <dd>
          {r.purpose} · {r.role}
        </dd>
        <dt>Model</dt>
        <dd>
          {r.model} <span className="muted">@ {r.baseUrl}</span>
        </dd>
        <dt>Tokens</dt>
        <dd>
          {r.usage
            ? `${r.usage.promptTokens.toLocaleString()} in · ${r.usage.completionTokens.toLocaleString()} out`
            : 'not reported'}
        </dd>
        <dt>Latency</dt>
        <dd>
          {Math.round(r.latencyMs).toLocaleString()} ms{r.attempts > 1 ? ` · ${r.attempts} attempts` : ''}
          {r.replay ? ` · replayed from ${r.replay.of}${r.replay.hashMatched ? '' : ' (request differed)'}` : ''}
        </dd>
        <dt>Cost</dt>
        <dd>{r.costUsd === null ? '—' : `$${r.costUsd.toFixed(4)}`}</dd>
        {r.request.structured ? (
          <>
            <dt>JSON asked as</dt>
            <dd data-testid="call-structured">
              {r.request.structured}
              {r.request.notes?.map((n) => (
                <span key={n} className="muted call-note">
                  {' '}
                  · {n}
                </span>
              ))}
            </dd>
          </>
        ) : null}
        <dt>Memories</dt>
        <dd data-testid="call-memories">
          {call.memories.length === 0 ? (
            <span className="muted">none injected</span>
          ) : (
            <ul className="memory-refs">
              {call.memories.map((m) => (
                <li key={m.id}>
                  <a href={hrefFor('memory', m.id)} className="memory-ref">
                    <span className="chip">{m.kind}</span> {m.id}
                  </a>{' '}
                  <span className="muted">score {m.score.toFixed(2)}</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {r.error ? (
        <p className="step-error" role="alert">
          {r.error.code}: {r.error.message}
        </p>
      ) : null}
      <h4 className="call-section">Request</h4>
      <div className="msgs">
        {r.request.messages.map((m, i) => (
          <Message key={i} client={client} m={m} index={i} />
        ))}
      </div>
      {r.reply?.reasoning ? (
        <details className="call-reasoning" data-testid="call-reasoning">
          <summary>Reasoning — kept apart from the answer, never parsed</summary>
          <pre className="msg-text">{r.reply.reasoning}</pre>
        </details>
      ) : null}
      <h4 className="call-section">Reply</h4>
      {r.reply?.toolCalls?.length ? (
        <pre className="msg-text" data-testid="call-tool-calls">
          {r.reply.toolCalls.map((c) => `${c.name}(${c.arguments})`).join('\n')}
        </pre>
      ) : null}
      {r.reply ? (
        <pre className="msg-text reply-text" data-testid="call-reply">
          {r.reply.refusal ? `Refused: ${r.reply.refusal}` : pretty(r.reply.text)}
        </pre>
      ) : (
        <p className="muted">No reply{r.kind === 'embed' ? ' (embedding call)' : ''}.</p>
      )}
    </div>
  );
}

/** A compact table of model calls; a click opens one in the detail view. */
export function ModelCallList({
  calls,
  selected,
  onSelect,
}: {
  calls: readonly ModelCallEvent[];
  selected: string | null;
  onSelect(callId: string): void;
}) {
  if (!calls.length) return <p className="muted">No model calls yet.</p>;
  return (
    <table className="calls" data-testid="model-calls">
      <thead>
        <tr>
          <th>Call</th>
          <th>Purpose</th>
          <th className="num">Tokens</th>
          <th className="num">Latency</th>
          <th className="num">Mem.</th>
        </tr>
      </thead>
      <tbody>
        {calls.map((c) => (
          <tr
            key={c.callId}
            className={c.callId === selected ? 'selected' : ''}
            onMouseDown={keepFocus}
            onClick={() => onSelect(c.callId)}
            data-call={c.callId}
            tabIndex={0}
            onKeyDown={(e) => (e.key === 'Enter' ? onSelect(c.callId) : undefined)}
          >
            <td className="mono">{c.callId}</td>
            <td>
              {c.record.purpose}
              {c.record.error ? <span className="chip chip-bad">error</span> : null}
            </td>
            <td className="num">{c.record.usage ? c.record.usage.totalTokens.toLocaleString() : '—'}</td>
            <td className="num">{Math.round(c.record.latencyMs)} ms</td>
            <td className="num">{c.memories.length || ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
