/**
 * Which transcripts are waiting to be used, by where they were spoken (the composer, a wait of
 * a run, a memory field): the component that sends the text takes the transcript id with it,
 * so main records the run's voice_input event. View state only; nothing here outlives the page.
 */
import { create } from 'zustand';
import type { VoiceUse } from '../../../shared/schemas/voice.ts';

export interface PendingTranscript {
  transcriptId: string;
  text: string;
  purpose: VoiceUse;
}

interface VoiceDrafts {
  drafts: Record<string, PendingTranscript>;
}

export const useVoiceDrafts = create<VoiceDrafts>(() => ({ drafts: {} }));

export function putVoiceDraft(key: string, draft: PendingTranscript): void {
  useVoiceDrafts.setState((s) => ({ drafts: { ...s.drafts, [key]: draft } }));
}

export function dropVoiceDraft(key: string): void {
  useVoiceDrafts.setState((s) => {
    const { [key]: _gone, ...rest } = s.drafts;
    return { drafts: rest };
  });
}

/**
 * The `voice` field for a call that sends `text` from `key`, and forgets the draft: the
 * transcript's id while the text still comes from it (sent as spoken or edited), nothing when
 * the field was emptied and typed anew.
 */
export function takeVoiceRef(
  key: string,
  text: string | undefined,
): { voice: { transcriptId: string } } | Record<string, never> {
  const draft = useVoiceDrafts.getState().drafts[key];
  if (!draft || !text?.trim()) return {};
  dropVoiceDraft(key);
  return { voice: { transcriptId: draft.transcriptId } };
}

/** The key for the answers to one wait of a run. */
export function waitKey(runId: string, waitId: string | undefined): string {
  return `wait:${runId}:${waitId ?? ''}`;
}
