import { useState } from 'react';
import type { DemoInput, DemoState } from '../../../shared/contract/demos.ts';
import type { ActionCall } from '../../../shared/actions.ts';
import { useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { ScreenStage } from '../../ui/screen-stage/screen-stage.tsx';
import { deviceLabel, useDeviceStore } from '../../state/device-store.ts';
import './demo-panel.css';

/** A drag or click on the stage, as the recorder's input (the recorder decides the action). */
function inputFor(action: ActionCall, from: { x: number; y: number } | null): DemoInput {
  return from ? { type: 'tap', x: from.x, y: from.y } : { type: 'action', action };
}

/**
 * Record a demonstration: perform the task on the phone's screen here; each click, drag, text
 * or key is executed and captured as an element-level action, then saved as a successful
 * route of the task (an expert memory).
 */
export function DemoPanel({ onSaved, onClose }: { onSaved(memoryId: string): void; onClose(): void }) {
  const client = useClient();
  const devices = useDeviceStore((s) => s.devices);
  const selected = useDeviceStore((s) => s.selected);
  const online = devices.filter((d) => d.state === 'device');
  const [serial, setSerial] = useState(
    selected && online.some((d) => d.serial === selected) ? selected : (online[0]?.serial ?? ''),
  );
  const [task, setTask] = useState('');
  const [demo, setDemo] = useState<DemoState | null>(null);
  const [subGoals, setSubGoals] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  const call = async (label: string, fn: () => Promise<DemoState | void>) => {
    setBusy(label);
    setError(undefined);
    try {
      const r = await fn();
      if (r) setDemo(r);
    } catch (e) {
      setError(toMobaError(e).message);
    } finally {
      setBusy(null);
    }
  };
  const send = (input: DemoInput) =>
    demo && void call('Performing…', () => client.demoInput({ demoId: demo.demoId, input }));

  if (!demo) {
    return (
      <section className="demo-panel" data-testid="demo-panel">
        <h3>Record a demonstration</h3>
        <p className="muted small">
          Perform a task on the phone yourself; it is saved as a successful route the agent retrieves when planning
          similar goals.
        </p>
        <label className="field">
          <span className="field-label">Device</span>
          {online.length ? (
            <select value={serial} onChange={(e) => setSerial(e.target.value)} name="demo.device">
              {online.map((d) => (
                <option key={d.serial} value={d.serial}>
                  {deviceLabel(d)}
                </option>
              ))}
            </select>
          ) : (
            <span className="field-hint">
              No device online: connect one or start a simulated phone on the Devices page.
            </span>
          )}
        </label>
        <label className="field">
          <span className="field-label">The task you will perform</span>
          <input
            type="text"
            value={task}
            onChange={(e) => setTask(e.target.value)}
            name="demo.task"
            placeholder="e.g. Turn on Wi-Fi"
          />
        </label>
        <div className="step-buttons">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!serial || !task.trim() || !!busy}
            onClick={() => void call('Observing the phone…', () => client.startDemo({ serial }))}
            data-action="start-demo"
          >
            {busy ?? 'Start recording'}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
        {error ? (
          <p className="step-error" role="alert">
            {error}
          </p>
        ) : null}
      </section>
    );
  }

  const o = demo.observation;
  return (
    <section className="demo-panel demo-recording" data-testid="demo-panel" data-demo={demo.demoId}>
      <h3>
        <span className="rec-dot" aria-hidden="true" /> Recording “{task}”
      </h3>
      <div className="demo-body">
        <div className="demo-screen">
          <ScreenStage
            testId="demo-screen"
            image={o.screenshot ? client.artifactUrl(o.screenshot.sha256) : null}
            screen={o.screen}
            elements={o.elements}
            showElements
            mode={busy ? 'view' : 'act'}
            onAct={(action) => {
              // Clicks on an element or empty space, drags for swipes and scrolls: the recorder maps them.
              if (action.name === 'Click') {
                const e = o.elements.find((x) => x.index === action.params.index);
                if (e) send(inputFor(action, { x: e.center[0], y: e.center[1] }));
              } else if (action.name === 'Click_by_Coordinate')
                send({ type: 'tap', x: action.params.x, y: action.params.y });
              else send(inputFor(action, null));
            }}
            caption={busy ?? 'Click to tap, drag to swipe or scroll'}
          />
        </div>
        <div className="demo-side">
          <div className="demo-keys">
            <form
              className="inline-inputs"
              onSubmit={(e) => {
                e.preventDefault();
                if (text) send({ type: 'text', text });
                setText('');
              }}
            >
              <input
                type="text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="Type into the focused field"
                name="demo.text"
              />
              <button type="submit" className="btn btn-small" disabled={!text || !!busy}>
                Type
              </button>
            </form>
            <button
              type="button"
              className="btn btn-small"
              disabled={!!busy}
              onClick={() => send({ type: 'key', key: 'back' })}
            >
              Back
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={!!busy}
              onClick={() => send({ type: 'key', key: 'home' })}
            >
              Home
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={!!busy}
              onClick={() => send({ type: 'key', key: 'enter' })}
            >
              Enter
            </button>
          </div>
          <ol className="demo-steps" data-testid="demo-steps">
            {demo.steps.map((s, i) => (
              <li key={i}>
                <code>{s.action}</code> {s.element ? <span className="muted">on {s.element}</span> : null}
                <input
                  type="text"
                  className="demo-subgoal"
                  placeholder={`Sub-goal of step ${i + 1} (optional)`}
                  value={subGoals[i] ?? ''}
                  onChange={(e) => {
                    const next = subGoals.slice();
                    next[i] = e.target.value;
                    setSubGoals(next);
                  }}
                />
              </li>
            ))}
          </ol>
          {demo.steps.length === 0 ? <p className="muted small">No steps yet: act on the screen.</p> : null}
          <div className="step-buttons">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!demo.steps.length || !!busy}
              data-action="save-demo"
              onClick={() => {
                setBusy('Saving…');
                client
                  .saveDemo({
                    demoId: demo.demoId,
                    task: task.trim(),
                    subGoals: Array.from({ length: demo.steps.length }, (_, i) => subGoals[i] ?? ''),
                  })
                  .then(
                    (r) => onSaved(r.memoryId),
                    (e: unknown) => {
                      setError(toMobaError(e).message);
                      setBusy(null);
                    },
                  );
              }}
            >
              Save as a route ({demo.steps.length} step{demo.steps.length === 1 ? '' : 's'})
            </button>
            <button
              type="button"
              className="btn"
              disabled={!demo.steps.length || !!busy}
              onClick={() => void call('Undoing…', () => client.undoDemoStep({ demoId: demo.demoId }))}
            >
              Forget last step
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={!!busy}
              onClick={() => void client.cancelDemo({ demoId: demo.demoId }).then(onClose, onClose)}
            >
              Cancel
            </button>
          </div>
          {error ? (
            <p className="step-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
