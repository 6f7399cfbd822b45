/**
 * When the run's model cannot be reached and the run paused on it: what failed, and the endpoint
 * to change and resume with, without leaving the run (the retries before show as the agent's activity).
 */
import { useState } from 'react';
import { CHAT_ROLES } from '../../../shared/schemas/settings.ts';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import type { RunState } from '../../../shared/run/reducer.ts';
import { useAppStore, useClient } from '../../state/app-store.ts';
import { useBusy } from '../../ui/use-busy.ts';
import { BusyNote, ErrorNote } from '../../ui/notes.tsx';

const MODEL_CODES = new Set(['MODEL_HTTP_ERROR', 'TIMEOUT', 'MODEL_NOT_CONFIGURED']);

/** The model error the run stopped on since it last resumed, if that is why it is paused. */
export function modelFailure(
  state: RunState,
  events: readonly RunEvent[],
): { message: string; baseUrl: string | null } | null {
  if (state.status !== 'paused') return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'run_resumed' || e.type === 'models_changed') return null;
    if (e.type !== 'run_error' || !MODEL_CODES.has(e.error.code)) continue;
    // The endpoint the failing call used: its last retry names it, else the message does.
    const wait = events.slice(0, i).findLast((x) => x.type === 'model_waiting');
    const named = /https?:\/\/[^\s:/]+(?::\d+)?(?:\/[^\s:]*)?/.exec(e.error.message)?.[0] ?? null;
    return { message: e.error.message, baseUrl: (wait?.type === 'model_waiting' ? wait.baseUrl : null) ?? named };
  }
  return null;
}

/** The problem's heading and hint: an endpoint that answered with an error was reached, one that did not answer was not. */
export function problemWording(message: string): { title: string; hint: string } {
  if (/ answered HTTP \d+/.test(message))
    return {
      title: 'The model endpoint answered with an error',
      hint: 'Nothing is lost: the run waits here. Do what the answer says, or give this run another endpoint and resume.',
    };
  return {
    title: 'The model could not be reached',
    hint: 'Nothing is lost: the run waits here. Check that the server runs, or give this run another endpoint and resume.',
  };
}

/** The paused run's model problem, and a new endpoint for every chat role of this run. */
export function ModelProblem({
  state,
  failure,
}: {
  state: RunState;
  failure: { message: string; baseUrl: string | null };
}) {
  const client = useClient();
  const defaults = useAppStore((s) => s.settings!.settings.models.default);
  const current = state.options?.models.actor;
  const [baseUrl, setBaseUrl] = useState(failure.baseUrl ?? current?.baseUrl ?? defaults.baseUrl);
  const [model, setModel] = useState(current?.model ?? defaults.model);
  const { busy, error, run } = useBusy();
  const wording = problemWording(failure.message);
  const apply = () =>
    void run('Changing the endpoint and resuming…', async () => {
      const endpoint = { baseUrl: baseUrl.trim(), model: model.trim() };
      await client.setRunModels({
        runId: state.runId,
        models: Object.fromEntries(CHAT_ROLES.map((r) => [r, endpoint])),
      });
      await client.resumeRun({ runId: state.runId });
    });
  return (
    <section className="model-problem" data-testid="model-problem" role="alert">
      <h3>{wording.title}</h3>
      <p className="bad-text">{failure.message}</p>
      <p className="muted small">{wording.hint}</p>
      <form
        className="model-problem-form"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label className="field compact">
          <span className="field-label">Base URL</span>
          <input
            type="url"
            name="run.baseUrl"
            value={baseUrl}
            spellCheck={false}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
        </label>
        <label className="field compact field-narrow">
          <span className="field-label">Model</span>
          <input
            type="text"
            name="run.model"
            value={model}
            spellCheck={false}
            onChange={(e) => setModel(e.target.value)}
          />
        </label>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy !== null || !baseUrl.trim()}
          data-action="change-endpoint"
        >
          Use this endpoint and resume
        </button>
      </form>
      <BusyNote busy={busy} />
      <ErrorNote error={error} />
    </section>
  );
}
