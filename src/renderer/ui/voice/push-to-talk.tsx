import { useEffect, useRef } from 'react';
import { useAppStore } from '../../state/app-store.ts';
import { usePushToTalk } from './use-push-to-talk.ts';
import type { PushToTalkOptions } from './use-push-to-talk.ts';
import './voice.css';

export interface PushToTalkProps extends PushToTalkOptions {
  /**
   * Whether holding V (outside text fields) or Alt+V (anywhere) talks here. Only one
   * push-to-talk on a screen should listen to the keys at a time.
   */
  keys?: boolean;
  label?: string;
}

/** Whether a key press would type into a field (then plain V is a letter, not push-to-talk). */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return (
    target.tagName === 'INPUT' &&
    !['checkbox', 'radio', 'button', 'submit', 'range'].includes((target as HTMLInputElement).type)
  );
}

/** Hold V outside a text field, or Alt+V anywhere. */
export function isTalkKey(e: KeyboardEvent): boolean {
  if (e.code !== 'KeyV' || e.ctrlKey || e.metaKey) return false;
  return e.altKey || (!e.shiftKey && !typesText(e.target));
}

/**
 * The push-to-talk button: hold it (or the key) and speak; let go to transcribe. While
 * recording a live level meter shows what the microphone hears; errors stay until dismissed.
 */
export function PushToTalk({ keys = false, label = 'Hold to talk', ...options }: PushToTalkProps) {
  const talk = usePushToTalk(options);
  const configured = useAppStore((s) => s.settings?.settings.models.transcriber !== null);
  const pressed = useRef(false);
  const press = talk.press;
  const release = talk.release;

  useEffect(() => {
    if (!keys) return;
    const down = (e: KeyboardEvent) => {
      if (!isTalkKey(e)) return;
      e.preventDefault();
      if (e.repeat || pressed.current) return;
      pressed.current = true;
      void press();
    };
    const up = (e: KeyboardEvent) => {
      if (e.code !== 'KeyV' || !pressed.current) return;
      e.preventDefault();
      pressed.current = false;
      void release();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [keys, press, release]);

  const s = talk.state;
  // −60 dBFS (a quiet room) to 0 dBFS on the meter.
  const level =
    s.phase === 'recording' && s.level > 0 ? Math.max(0, Math.min(1, (20 * Math.log10(s.level) + 60) / 60)) : 0;
  const busy = s.phase === 'transcribing' || s.phase === 'opening';
  return (
    <div className="ptt" data-testid="push-to-talk" data-purpose={options.purpose} data-phase={s.phase}>
      <button
        type="button"
        className={`btn ptt-button ${s.phase === 'recording' ? 'ptt-live' : ''}`}
        data-action="push-to-talk"
        aria-pressed={s.phase === 'recording'}
        disabled={busy}
        title={
          configured
            ? `${label} (hold V, or Alt+V in a text field)`
            : 'Set up a transcription endpoint in Settings → Models → Transcriber first'
        }
        onPointerDown={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
          void press();
        }}
        onPointerUp={() => void release()}
        onPointerCancel={() => void release()}
        onKeyDown={(e) => {
          if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
            e.preventDefault();
            void press();
          }
        }}
        onKeyUp={(e) => {
          if (e.key === ' ' || e.key === 'Enter') {
            e.preventDefault();
            void release();
          }
        }}
      >
        <span className="ptt-mic" aria-hidden="true">
          🎤
        </span>
        <span>
          {s.phase === 'recording'
            ? 'Listening… let go to send'
            : s.phase === 'transcribing'
              ? 'Transcribing…'
              : s.phase === 'opening'
                ? 'Opening the microphone…'
                : label}
        </span>
        {keys ? <kbd className="kbd">V</kbd> : null}
      </button>
      {s.phase === 'recording' ? (
        <span
          className="ptt-meter"
          role="meter"
          aria-label="Microphone level"
          aria-valuemin={0}
          aria-valuemax={1}
          aria-valuenow={Number(level.toFixed(2))}
          data-testid="level-meter"
        >
          <span className="ptt-meter-fill" style={{ width: `${Math.round(level * 100)}%` }} />
        </span>
      ) : null}
      {s.phase === 'error' ? (
        <p className="ptt-error" role="alert" data-testid="voice-error" data-kind={s.kind}>
          {s.message}
          <button type="button" className="btn btn-small" onClick={talk.dismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** The note under a field whose text came from speech. */
export function TranscriptNote({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <p className="ptt-note" data-testid="transcript-note">
      From speech — check and edit the text before you send it.
    </p>
  );
}
