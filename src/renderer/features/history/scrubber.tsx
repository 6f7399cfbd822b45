import { useState } from 'react';
import { linkTo } from '../../routing/router.ts';
import type { ReplayIndex } from './replay-index.ts';
import { SPEEDS } from './use-replay.ts';
import type { ReplayState } from './use-replay.ts';

function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Play / pause (Space) and the speed; autoplay goes step by step from where the replay is. */
export function PlayControls({ r, canPlay }: { r: ReplayState; canPlay: boolean }) {
  return (
    <div className="play-controls">
      <button
        type="button"
        className={`btn btn-small ${r.playing ? 'btn-active' : 'btn-primary'}`}
        onClick={() => r.setPlaying(!r.playing)}
        disabled={!canPlay}
        data-action={r.playing ? 'pause-replay' : 'play-replay'}
        title="Play the steps one after another (Space)"
      >
        {r.playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <select
        name="replay.speed"
        value={r.speed}
        onChange={(e) => r.setSpeed(Number(e.target.value))}
        aria-label="Speed"
      >
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {s}×
          </option>
        ))}
      </select>
    </div>
  );
}

/** Copies a link that opens this replay at this step (with `/play`: playing from there). */
export function ShareLink({ runId, step }: { runId: string; step: number }) {
  const [copied, setCopied] = useState(false);
  const link = linkTo('history', runId, String(Math.max(1, step)));
  return (
    <button
      type="button"
      className="btn btn-small"
      data-action="copy-link"
      data-link={link}
      title={`Copy a link that opens the replay at this step: ${link}`}
      onClick={() => {
        void navigator.clipboard?.writeText(link).then(
          () => setCopied(true),
          () => setCopied(false),
        );
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? 'Link copied ✓' : 'Copy link'}
    </button>
  );
}

/**
 * Moves through a run: a slider over every event with a tick per step, previous / next step
 * buttons and the position as text. Keys: ← → steps, Shift+← → single events, Home / End.
 */
export function Scrubber({
  index,
  position,
  onChange,
  children,
}: {
  index: ReplayIndex;
  position: number;
  onChange(p: number): void;
  children?: React.ReactNode;
}) {
  const n = index.length;
  const step = index.stepAt(position);
  const steps = index.stepEventIndex.length;
  const start = index.events[0]?.at ?? 0;
  const at = index.events[position]?.at ?? start;
  const prev = index.prevStepPosition(position);
  const next = index.nextStepPosition(position);
  return (
    <div className="scrubber" data-testid="scrubber">
      <div className="scrubber-buttons">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onChange(0)}
          disabled={position <= 0}
          aria-label="First event"
          title="First event (Home)"
        >
          ⏮
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => prev !== null && onChange(prev)}
          disabled={prev === null}
          data-action="prev-step"
          title="Previous step (←)"
        >
          ← Step
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => next !== null && onChange(next)}
          disabled={next === null}
          data-action="next-step"
          title="Next step (→)"
        >
          Step →
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onChange(n - 1)}
          disabled={position >= n - 1}
          aria-label="Last event"
          title="Last event (End)"
        >
          ⏭
        </button>
      </div>
      <div className="scrubber-track">
        <input
          type="range"
          min={0}
          max={Math.max(0, n - 1)}
          value={position}
          onChange={(e) => onChange(Number(e.target.value))}
          aria-label="Position in the run"
          aria-valuetext={`event ${position + 1} of ${n}`}
          name="replay.position"
        />
        <div className="scrubber-ticks" aria-hidden="true">
          {steps <= 400
            ? index.stepEventIndex.map((ev, k) => (
                <span
                  key={k}
                  className={`tick ${k === step ? 'on' : ''}`}
                  style={{ left: `${(ev / Math.max(1, n - 1)) * 100}%` }}
                />
              ))
            : null}
        </div>
      </div>
      {children}
      <div className="scrubber-pos" data-testid="replay-position" data-step={step + 1} data-event={position}>
        <strong>{step >= 0 ? `Step ${step + 1}` : 'Before the first step'}</strong>{' '}
        <span className="muted">of {steps}</span>
        <span className="muted">
          {' '}
          · event {position + 1}/{n} · +{clock(at - start)}
        </span>
      </div>
    </div>
  );
}
