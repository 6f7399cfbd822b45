import { useEffect } from 'react';
import { create } from 'zustand';
import { announcementFor } from '../../../shared/voice/announcements.ts';
import type { Announcement } from '../../../shared/voice/announcements.ts';
import type { MobaClient } from '../../../shared/contract.ts';
import type { VoiceSettings } from '../../../shared/schemas/voice.ts';
import { useAppStore } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';
import './voice.css';

export interface Utterance {
  id: number;
  kind: Announcement['kind'];
  text: string;
  /** endpoint = the speaker role; browser = speechSynthesis. */
  engine: 'endpoint' | 'browser' | null;
  state: 'queued' | 'fetching' | 'playing' | 'played' | 'failed';
  error?: string;
}

interface SpeechLog {
  utterances: Utterance[];
}

/** What was said lately (the status chip shows the last one). */
export const useSpeechLog = create<SpeechLog>(() => ({ utterances: [] }));

let nextId = 1;
function update(id: number, patch: Partial<Utterance>): void {
  useSpeechLog.setState((s) => ({ utterances: s.utterances.map((u) => (u.id === id ? { ...u, ...patch } : u)) }));
}

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Plays audio bytes to the end. @throws when the browser refuses (autoplay, unsupported format). */
async function play(bytes: Uint8Array, mime: string): Promise<void> {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mime }));
  try {
    const audio = new Audio(url);
    const ended = new Promise<void>((resolve, reject) => {
      audio.onended = () => resolve();
      audio.onerror = () => reject(new Error(`the audio (${mime}) could not be played`));
    });
    await audio.play();
    await ended;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Speaks with the browser's own voices (the fallback); resolves when done. */
function speakInBrowser(a: Announcement, voice: VoiceSettings): Promise<void> {
  return new Promise((resolve, reject) => {
    if (typeof speechSynthesis === 'undefined') return reject(new Error('this browser has no speech synthesis'));
    const u = new SpeechSynthesisUtterance(a.text);
    u.lang = a.language === 'zh' ? 'zh-CN' : 'en-US';
    u.rate = Math.min(10, Math.max(0.1, voice.rate));
    const wanted = voice.voices[a.language].browser;
    const match = speechSynthesis
      .getVoices()
      .find((v) => (wanted ? v.name === wanted : v.lang.toLowerCase().startsWith(a.language)));
    if (match) u.voice = match;
    u.onend = () => resolve();
    u.onerror = (e) => reject(new Error(`speech synthesis failed: ${e.error}`));
    speechSynthesis.speak(u);
  });
}

let queue: Promise<void> = Promise.resolve();

/** Says one announcement: the speaker role first, then (if allowed) the browser. Never throws. */
export function say(client: MobaClient, a: Announcement, voice: VoiceSettings): Promise<void> {
  const id = nextId++;
  useSpeechLog.setState((s) => ({
    utterances: [...s.utterances.slice(-19), { id, kind: a.kind, text: a.text, engine: null, state: 'queued' }],
  }));
  queue = queue.then(async () => {
    let endpointError: string | undefined;
    try {
      update(id, { state: 'fetching', engine: 'endpoint' });
      const out = await client.synthesizeSpeech({ text: a.text, language: a.language });
      update(id, { state: 'playing' });
      await play(fromBase64(out.audio), out.mime);
      update(id, { state: 'played' });
      return;
    } catch (error) {
      endpointError = toMobaError(error).message;
    }
    if (!voice.browserFallback) return update(id, { state: 'failed', error: endpointError });
    try {
      update(id, { state: 'playing', engine: 'browser' });
      await speakInBrowser(a, voice);
      update(id, { state: 'played' });
    } catch (error) {
      update(id, {
        state: 'failed',
        error: `${endpointError} — and the browser could not speak either: ${(error as Error).message}`,
      });
    }
  });
  return queue;
}

/**
 * Speaks what runs say while they run — the agent's answers, its questions to the person and
 * each run's end — when Settings → Voice → Speak is on. Mounted once; shows what it says.
 */
export function RunSpeech() {
  const client = useAppStore((s) => s.client);
  const voice = useAppStore((s) => s.settings?.settings.voice);
  const utterances = useSpeechLog((s) => s.utterances);
  const last = utterances.at(-1);
  useEffect(() => {
    if (!client || !voice?.speak) return;
    return client.on('didAppendRunEvent', ({ event, summary }) => {
      const a = announcementFor(event, summary.task);
      if (a) void say(client, a, voice);
    });
  }, [client, voice]);
  if (!last) return null;
  return (
    <div
      className="speech-status"
      data-testid="speech-status"
      data-state={last.state}
      data-engine={last.engine ?? ''}
      data-kind={last.kind}
      title={last.error ?? last.text}
      role="status"
    >
      <span aria-hidden="true">{last.state === 'failed' ? '🔇' : '🔊'}</span>
      <span className="speech-text">
        {last.state === 'failed' ? `Could not speak: ${last.error ?? ''}` : last.text}
      </span>
      <ol className="visually-hidden" data-testid="speech-log">
        {utterances.map((u) => (
          <li key={u.id} data-state={u.state} data-engine={u.engine ?? ''} data-kind={u.kind}>
            {u.text}
          </li>
        ))}
      </ol>
    </div>
  );
}
