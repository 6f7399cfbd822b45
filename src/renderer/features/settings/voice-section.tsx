import { useEffect, useState } from 'react';
import { SPEECH_FORMATS, VoiceSettings } from '../../../shared/schemas/voice.ts';
import type { SpeechLanguage, VoiceChoice } from '../../../shared/schemas/voice.ts';
import { useAppStore, useClient } from '../../state/app-store.ts';
import { Toggle } from '../../ui/field.tsx';
import { NumberField, SelectField, TextField } from './inputs.tsx';
import { SectionCard } from './section-card.tsx';
import { useSectionDraft } from './use-section-draft.ts';
import { say } from '../../ui/voice/run-speech.tsx';
import '../../ui/voice/voice.css';

const LANGUAGE_NAMES: Record<SpeechLanguage, string> = { en: 'English', zh: 'Chinese' };
const SAMPLE: Record<SpeechLanguage, string> = {
  en: 'Tomorrow in Shanghai: sunny, high 25 degrees.',
  zh: '明天上海晴，最高二十五度。',
};

/** The browser's voices (they load asynchronously in Chromium). */
function useBrowserVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() =>
    typeof speechSynthesis === 'undefined' ? [] : speechSynthesis.getVoices(),
  );
  useEffect(() => {
    if (typeof speechSynthesis === 'undefined') return;
    const load = () => setVoices(speechSynthesis.getVoices());
    speechSynthesis.addEventListener('voiceschanged', load);
    return () => speechSynthesis.removeEventListener('voiceschanged', load);
  }, []);
  return voices;
}

/**
 * Settings → Voice: how speech is heard and spoken. The endpoints themselves are the
 * Transcriber and Speaker roles under Models.
 */
export function VoiceSection() {
  const d = useSectionDraft('voice', VoiceSettings);
  const client = useClient();
  const models = useAppStore((s) => s.settings!.settings.models);
  const browserVoices = useBrowserVoices();
  const v = d.draft;
  const setVoice = (lang: SpeechLanguage, patch: Partial<VoiceChoice>) =>
    d.set({ voices: { ...v.voices, [lang]: { ...v.voices[lang], ...patch } } });
  return (
    <SectionCard
      id="voice"
      title="Voice"
      description={
        <>
          Push-to-talk (hold <kbd className="kbd">V</kbd>, or <kbd className="kbd">Alt</kbd>+
          <kbd className="kbd">V</kbd> in a text field) sends what you say to the Transcriber role (
          {models.transcriber ? <code>{models.transcriber.baseUrl}</code> : 'not set up: Models → Transcriber'});
          answers are spoken by the Speaker role (
          {models.speaker ? <code>{models.speaker.baseUrl}</code> : 'not set up'})
          {v.browserFallback ? ', else by the browser' : ''}.
        </>
      }
      dirty={d.dirty}
      invalid={Object.keys(d.issues).length > 0}
      saving={d.saving}
      saved={d.saved}
      error={d.error}
      onSave={() => void d.save()}
      onRevert={d.revert}
    >
      <div className="voice-section">
        <div className="field-row">
          <Toggle
            label="Speak answers, questions and the end of runs"
            checked={v.speak}
            onChange={(speak) => d.set({ speak })}
          />
          <Toggle
            label="Send a transcript at once (no review)"
            checked={v.sendAtOnce}
            onChange={(sendAtOnce) => d.set({ sendAtOnce })}
          />
          <Toggle
            label="Fall back to the browser’s voices"
            checked={v.browserFallback}
            onChange={(browserFallback) => d.set({ browserFallback })}
          />
        </div>
        <div className="voice-grid">
          <TextField
            name="voice.inputLanguage"
            label="Spoken language (empty = detect)"
            value={v.inputLanguage}
            placeholder="en, zh, …"
            error={d.issues.inputLanguage}
            onChange={(inputLanguage) => d.set({ inputLanguage: inputLanguage.trim() })}
          />
          <NumberField
            name="voice.rate"
            label="Speaking rate (1 = normal)"
            value={v.rate}
            min={0.25}
            max={4}
            step={0.05}
            error={d.issues.rate}
            onChange={(rate) => d.set({ rate: rate ?? 1 })}
          />
          <SelectField
            name="voice.format"
            label="Audio format asked of the speaker"
            value={v.format}
            options={SPEECH_FORMATS.map((f) => ({ value: f, label: f }))}
            onChange={(format) => d.set({ format })}
          />
        </div>
        {(['en', 'zh'] as const).map((lang) => (
          <div className="voice-grid" key={lang} data-voice-language={lang}>
            <TextField
              name={`voice.voices.${lang}.endpoint`}
              label={`${LANGUAGE_NAMES[lang]} voice (speaker)`}
              value={v.voices[lang].endpoint}
              error={d.issues[`voices.${lang}.endpoint`]}
              hint="e.g. alloy (OpenAI), af_heart or zf_xiaobei (Kokoro)"
              onChange={(endpoint) => setVoice(lang, { endpoint })}
            />
            <SelectField
              name={`voice.voices.${lang}.browser`}
              label={`${LANGUAGE_NAMES[lang]} voice (browser)`}
              value={v.voices[lang].browser}
              options={[
                { value: '', label: 'Default for the language' },
                ...browserVoices
                  .filter((b) => b.lang.toLowerCase().startsWith(lang))
                  .map((b) => ({ value: b.name, label: `${b.name} (${b.lang})` })),
              ]}
              onChange={(browser) => setVoice(lang, { browser })}
            />
            <div className="field">
              <span className="field-label">&nbsp;</span>
              <button
                type="button"
                className="btn"
                data-action={`voice-sample-${lang}`}
                onClick={() => void say(client, { kind: 'answer', text: SAMPLE[lang], language: lang }, v)}
              >
                Say a sample
              </button>
            </div>
          </div>
        ))}
      </div>
    </SectionCard>
  );
}
