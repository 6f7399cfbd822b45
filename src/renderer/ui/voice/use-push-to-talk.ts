import { useCallback, useEffect, useRef, useState } from 'react';
import type { VoiceUse } from '../../../shared/schemas/voice.ts';
import { useAppStore, useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { MicrophoneError, MicrophoneRecorder, toBase64 } from './microphone.ts';
import { putVoiceDraft } from './voice-store.ts';

/** Shorter than this is a tap on the button, not speech. */
const MIN_HOLD_MS = 300;
/** RMS below this over the whole recording (about −46 dBFS) is silence: nothing is sent. */
const SILENCE_LEVEL = 0.005;

export type TalkState =
  | { phase: 'idle' }
  | { phase: 'opening' }
  | { phase: 'recording'; level: number }
  | { phase: 'transcribing' }
  | { phase: 'error'; message: string; kind: string };

export interface Transcribed {
  transcriptId: string;
  text: string;
}

export interface PushToTalkOptions {
  purpose: VoiceUse;
  /** Where the transcript is kept until it is sent (see voice-store). */
  draftKey: string;
  /** The transcript arrived: put it in the field for review. */
  onTranscript(t: Transcribed): void;
  /** The transcript arrived and "send at once" is on: use it now. */
  onSendNow?: ((t: Transcribed) => void) | undefined;
}

/**
 * Push-to-talk: `press()` opens the microphone and records, `release()` stops and sends the
 * WAV to the transcriber; the transcript goes to `onTranscript` (or `onSendNow`). Every failure
 * — no microphone, permission denied, silence, an endpoint that is down or answers garbage —
 * ends in the `error` phase with a message, and nothing is sent or started.
 */
export function usePushToTalk(o: PushToTalkOptions) {
  const client = useClient();
  const host = useAppStore((s) => s.info?.host);
  const sendAtOnce = useAppStore((s) => s.settings?.settings.voice.sendAtOnce ?? false);
  const [state, setState] = useState<TalkState>({ phase: 'idle' });
  const recorder = useRef<MicrophoneRecorder | null>(null);
  // A release that comes while the microphone is still opening ends the recording once it is open.
  const released = useRef(false);
  const options = useRef(o);
  useEffect(() => {
    options.current = o;
  });

  const fail = (message: string, kind: string) => setState({ phase: 'error', message, kind });

  const finish = useCallback(
    async (rec: MicrophoneRecorder) => {
      const held = rec.elapsedMs();
      const recording = await rec.stop();
      recorder.current = null;
      if (held < MIN_HOLD_MS)
        return fail('Hold the button (or the key) while you speak, and let go when you are done.', 'short');
      if (recording.peakLevel < SILENCE_LEVEL)
        return fail(
          'Nothing was heard: the microphone gave only silence. Check that it is not muted and its input level is up.',
          'silence',
        );
      setState({ phase: 'transcribing' });
      try {
        const t = await client.transcribeSpeech({ audio: toBase64(recording.wav), purpose: options.current.purpose });
        const result = { transcriptId: t.transcriptId, text: t.text };
        putVoiceDraft(options.current.draftKey, { ...result, purpose: options.current.purpose });
        setState({ phase: 'idle' });
        if (sendAtOnce && options.current.onSendNow) options.current.onSendNow(result);
        else options.current.onTranscript(result);
      } catch (error) {
        const e = toMobaError(error);
        fail(e.message, e.code);
      }
    },
    [client, sendAtOnce],
  );

  const press = useCallback(async () => {
    if (recorder.current || state.phase === 'transcribing' || state.phase === 'opening') return;
    released.current = false;
    const rec = new MicrophoneRecorder();
    recorder.current = rec;
    setState({ phase: 'opening' });
    try {
      await rec.start((level) => setState((s) => (s.phase === 'recording' ? { phase: 'recording', level } : s)), host);
    } catch (error) {
      recorder.current = null;
      await rec.cancel();
      const e = error instanceof MicrophoneError ? error : new MicrophoneError('unsupported', String(error));
      return fail(e.message, e.kind);
    }
    setState({ phase: 'recording', level: 0 });
    if (released.current) await finish(rec);
  }, [finish, host, state.phase]);

  const release = useCallback(async () => {
    released.current = true;
    const rec = recorder.current;
    if (!rec || state.phase !== 'recording') return;
    await finish(rec);
  }, [finish, state.phase]);

  useEffect(() => () => void recorder.current?.cancel(), []);

  return { state, press, release, dismiss: () => setState({ phase: 'idle' }) };
}
