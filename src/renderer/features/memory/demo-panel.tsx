import { useState } from 'react';
import type { DemoInput, DemoState } from '../../../shared/contract/demos.ts';
import type { ActionCall } from '../../../shared/actions.ts';
import { plural } from '../../../shared/plural.ts';
import { useClient } from '../../state/app-store.ts';
import { ScreenStage } from '../../ui/screen-stage/screen-stage.tsx';
import { deviceLabel, useDeviceStore } from '../../state/device-store.ts';
import { useBusy } from '../../ui/use-busy.ts';
import type { Busy } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import './demo-panel.css';

/** A click or drag on the stage, as the recorder's input (the recorder decides the action). */
function inputFor(action: ActionCall, demo: DemoState): DemoInput | null {
  if (action.name === 'Click') {
    const e = demo.observation.elements.find((x) => x.index === action.params.index);
    return e ? { type: 'tap', x: e.center[0], y: e.center[1] } : null;
  }
  if (action.name === 'Click_by_Coordinate') return { type: 'tap', x: action.params.x, y: action.params.y };
  return { type: 'action', action };
}

/** Before recording: which device, and the task to perform. */
function DemoStart({
  busy,
  onStart,
  onClose,
}: {
  busy: Busy;
  onStart(serial: string, task: string): void;
  onClose(): void;
}) {
  const devices = useDeviceStore((s) => s.devices);
  const selected = useDeviceStore((s) => s.selected);
  const online = devices.filter((d) => d.state === 'device');
  const [serial, setSerial] = useState(
    selected && online.some((d) => d.serial === selected) ? selected : (online[0]?.serial ?? ''),
  );
  const [task, setTask] = useState('');
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
          disabled={!serial || !task.trim() || busy.busy !== null}
          onClick={() => onStart(serial, task.trim())}
          data-action="start-demo"
        >
          {busy.busy ?? 'Start recording'}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
      <ErrorNote error={busy.error} />
    </section>
  );
}

/** Text and keys for the phone while recording. */
function DemoKeys({ disabled, send }: { disabled: boolean; send(input: DemoInput): void }) {
  const [text, setText] = useState('');
  return (
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
        <button type="submit" className="btn btn-small" disabled={!text || disabled}>
          Type
        </button>
      </form>
      {(['back', 'home', 'enter'] as const).map((key) => (
        <button
          key={key}
          type="button"
          className="btn btn-small"
          disabled={disabled}
          onClick={() => send({ type: 'key', key })}
        >
          {key[0]!.toUpperCase() + key.slice(1)}
        </button>
      ))}
    </div>
  );
}

function DemoSteps({
  demo,
  subGoals,
  setSubGoals,
}: {
  demo: DemoState;
  subGoals: string[];
  setSubGoals(s: string[]): void;
}) {
  return (
    <>
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
    </>
  );
}

/**
 * Record a demonstration: perform the task on the phone's screen here; each click, drag, text
 * or key is executed and captured as an element-level action, then saved as a successful
 * route of the task (an expert memory).
 */
export function DemoPanel({ onSaved, onClose }: { onSaved(memoryId: string): void; onClose(): void }) {
  const client = useClient();
  const [task, setTask] = useState('');
  const [demo, setDemo] = useState<DemoState | null>(null);
  const [subGoals, setSubGoals] = useState<string[]>([]);
  const busy = useBusy();
  const call = async (label: string, fn: () => Promise<DemoState>) => {
    const r = await busy.run(label, fn);
    if (r) setDemo(r);
  };
  if (!demo)
    return (
      <DemoStart
        busy={busy}
        onClose={onClose}
        onStart={(serial, t) => {
          setTask(t);
          void call('Observing the phone…', () => client.startDemo({ serial }));
        }}
      />
    );
  const working = busy.busy !== null;
  const send = (input: DemoInput | null) =>
    input && void call('Performing…', () => client.demoInput({ demoId: demo.demoId, input }));
  const save = async () => {
    const subs = Array.from({ length: demo.steps.length }, (_, i) => subGoals[i] ?? '');
    const r = await busy.run('Saving…', () => client.saveDemo({ demoId: demo.demoId, task, subGoals: subs }));
    if (r) onSaved(r.memoryId);
  };
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
            mode={working ? 'view' : 'act'}
            onAct={(action) => send(inputFor(action, demo))}
            caption={busy.busy ?? 'Click to tap, drag to swipe or scroll'}
          />
        </div>
        <div className="demo-side">
          <DemoKeys disabled={working} send={send} />
          <DemoSteps demo={demo} subGoals={subGoals} setSubGoals={setSubGoals} />
          <div className="step-buttons">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!demo.steps.length || working}
              data-action="save-demo"
              onClick={() => void save()}
            >
              Save as a route ({plural(demo.steps.length, 'step')})
            </button>
            <button
              type="button"
              className="btn"
              disabled={!demo.steps.length || working}
              onClick={() => void call('Undoing…', () => client.undoDemoStep({ demoId: demo.demoId }))}
            >
              Forget last step
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={working}
              onClick={() => void client.cancelDemo({ demoId: demo.demoId }).then(onClose, onClose)}
            >
              Cancel
            </button>
          </div>
          <ErrorNote error={busy.error} />
        </div>
      </div>
    </section>
  );
}
