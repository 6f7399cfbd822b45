/**
 * Where a replay is: the event shown, Before/After, the model call open, and autoplay —
 * from any point, at a chosen speed, stopping at the end. The address follows the step shown
 * (`#/history/RUN/STEP`), so the link in the address bar opens the replay there.
 */
import { useEffect, useRef, useState } from 'react';
import { isTypingTarget } from '../../ui/keys.ts';
import { replaceRoute } from '../../routing/router.ts';
import type { ReplayIndex } from './replay-index.ts';

/** Seconds per step at 1×. */
export const STEP_SECONDS = 1.2;
export const SPEEDS = [0.5, 1, 2, 4] as const;

export interface ReplayState {
  pos: number;
  setPosition(p: number): void;
  view: 'before' | 'after';
  setView(v: 'before' | 'after'): void;
  callId: string | null;
  setCallId(id: string | null): void;
  playing: boolean;
  /** Plays from where it is (from the start when at the end). */
  setPlaying(on: boolean): void;
  speed: number;
  setSpeed(s: number): void;
}

function useReplayKeys(index: ReplayIndex, pos: number, setPosition: (p: number) => void, togglePlay: () => void) {
  const keyRef = useRef({ index, pos, togglePlay });
  useEffect(() => {
    keyRef.current = { index, pos, togglePlay };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target) || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const { index: ix, pos: p, togglePlay: toggle } = keyRef.current;
      let next: number | null = null;
      if (e.key === 'ArrowRight') next = e.shiftKey ? Math.min(ix.length - 1, p + 1) : ix.nextStepPosition(p);
      else if (e.key === 'ArrowLeft') next = e.shiftKey ? Math.max(0, p - 1) : ix.prevStepPosition(p);
      else if (e.key === 'Home') next = 0;
      else if (e.key === 'End') next = ix.length - 1;
      else if (e.key === ' ' && !(e.target instanceof HTMLButtonElement)) {
        e.preventDefault();
        toggle();
        return;
      }
      if (next === null) return;
      e.preventDefault();
      setPosition(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setPosition]);
}

export function useReplay(index: ReplayIndex, initialStep: number | null, autoplay: boolean): ReplayState {
  const first = index.stepEventIndex.length
    ? index.stepEndIndex(Math.min(index.stepEventIndex.length - 1, Math.max(0, (initialStep ?? 1) - 1)))
    : index.length - 1;
  const [position, setPositionState] = useState(first);
  const [view, setView] = useState<'before' | 'after'>('before');
  const [callId, setCallId] = useState<string | null>(null);
  const [playing, setPlayingState] = useState(autoplay && index.stepEventIndex.length > 0);
  const [speed, setSpeed] = useState(1);
  const pos = Math.min(position, index.length - 1);
  const step = index.stepAt(pos);

  // Keep the address on the step shown (no navigation: the page stays as it is).
  useEffect(() => {
    if (step >= 0) replaceRoute('history', index.runId, String(step + 1));
  }, [index.runId, step]);
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(
      () => {
        const next = index.nextStepPosition(pos);
        if (next === null) setPlayingState(false);
        else setPositionState(next);
      },
      (STEP_SECONDS * 1000) / speed,
    );
    return () => clearTimeout(timer);
  }, [playing, pos, speed, index]);

  const setPlaying = (on: boolean) => {
    if (on && index.nextStepPosition(pos) === null) setPositionState(index.stepEndIndex(0));
    setPlayingState(on);
  };
  const setPosition = (p: number) => setPositionState(p);
  useReplayKeys(index, pos, setPositionState, () => setPlayingState((v) => !v));
  return { pos, setPosition, view, setView, callId, setCallId, playing, setPlaying, speed, setSpeed };
}
