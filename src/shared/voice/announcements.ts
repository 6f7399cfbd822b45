/**
 * What a run says aloud when speaking is on — the same for the UI and `moba run --speak`: the
 * agent's answers (`Finish` messages and other answers it gives), its questions to the person
 * (escalations) and the run's end.
 */
import type { RunEvent } from '../schemas/run.ts';
import type { SpeechLanguage } from '../schemas/voice.ts';

export type AnnouncementKind = 'answer' | 'question' | 'end';

export interface Announcement {
  kind: AnnouncementKind;
  text: string;
  language: SpeechLanguage;
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/g;

/** Chinese when at least a fifth of the letters are Han characters, else English. */
export function languageOf(text: string): SpeechLanguage {
  const han = text.match(HAN)?.length ?? 0;
  const letters = text.replace(/[\s\d\p{P}\p{S}]/gu, '').length;
  return letters > 0 && han / letters >= 0.2 ? 'zh' : 'en';
}

function endText(event: Extract<RunEvent, { type: 'run_finished' }>, zh: boolean): string {
  if (zh)
    return event.outcome === 'succeeded'
      ? '任务完成。'
      : event.outcome === 'failed'
        ? `任务失败：${event.reason}`
        : '任务已停止。';
  return event.outcome === 'succeeded'
    ? 'The run is done.'
    : event.outcome === 'failed'
      ? `The run failed: ${event.reason}`
      : 'The run was stopped.';
}

/**
 * The sentence to speak for an event, or null for events that are not spoken.
 * @param task the run's task, whose language the run's end is said in.
 */
export function announcementFor(event: RunEvent, task: string): Announcement | null {
  switch (event.type) {
    case 'message':
      if (event.from !== 'agent' || !event.text.trim()) return null;
      return { kind: 'answer', text: event.text.trim(), language: languageOf(event.text) };
    case 'human_wait':
      if (event.kind !== 'escalation') return null;
      return { kind: 'question', text: event.prompt, language: languageOf(event.prompt) };
    case 'run_finished': {
      const language = languageOf(task);
      return { kind: 'end', text: endText(event, language === 'zh'), language };
    }
    default:
      return null;
  }
}
