import { useState } from 'react';
import { AUTONOMY_MODES, CHAT_ROLES } from '../../../shared/schemas/settings.ts';
import type { AutonomyMode } from '../../../shared/schemas/settings.ts';
import { hrefFor, navigate } from '../../routing/router.ts';
import { useAppStore, useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { Toggle } from '../../ui/field.tsx';
import { deviceLabel, selectDevice, useDeviceStore } from '../../state/device-store.ts';
import { loadRun } from '../../state/run-store.ts';
import {
  DEFAULT_STRATEGY_CHOICE,
  StrategyPicker,
  strategyRunOptions,
} from '../../ui/strategy-panels/strategy-picker.tsx';
import type { StrategyChoice } from '../../ui/strategy-panels/strategy-picker.tsx';
import { PushToTalk, TranscriptNote } from '../../ui/voice/push-to-talk.tsx';
import { dropVoiceDraft, takeVoiceRef, useVoiceDrafts } from '../../ui/voice/voice-store.ts';

const VOICE_KEY = 'composer';

export const MODE_HINT: Record<AutonomyMode, string> = {
  auto: 'Auto — acts without asking',
  step: 'Step — you approve every action',
  guarded: 'Guarded — approve only actions matching the rules',
  copilot: 'Copilot — the model proposes, you act',
};

const PROFILE_KEY = 'moba.customProfile';

interface CustomProfile {
  baseUrl: string;
  model: string;
}

function storedProfile(): CustomProfile {
  try {
    const raw = localStorage.getItem(PROFILE_KEY);
    if (raw) return JSON.parse(raw) as CustomProfile;
  } catch {
    // A broken entry: start from an empty profile.
  }
  return { baseUrl: 'http://127.0.0.1:8741/v1', model: 'scripted' };
}

/** Starting a run: the device, the task, the options, the autonomy mode and the model profile. */
export function Composer() {
  const client = useClient();
  const agent = useAppStore((s) => s.settings!.settings.agent);
  const models = useAppStore((s) => s.settings!.settings.models);
  const devices = useDeviceStore((s) => s.devices);
  const selected = useDeviceStore((s) => s.selected);
  const online = devices.filter((d) => d.state === 'device');
  const [task, setTask] = useState('');
  const [mode, setMode] = useState<AutonomyMode>(agent.mode);
  const [usePlan, setUsePlan] = useState(agent.usePlan);
  const [useMemory, setUseMemory] = useState(agent.useMemory);
  // Starts from the Settings toggle; the choice here is this run's (`approvedMemoriesOnly`).
  const [approvedOnly, setApprovedOnly] = useState(agent.approvedMemoriesOnly);
  const [maxSteps, setMaxSteps] = useState(agent.maxSteps);
  const [strategy, setStrategy] = useState<StrategyChoice>(DEFAULT_STRATEGY_CHOICE);
  const [profile, setProfile] = useState<'settings' | 'custom'>('settings');
  const [custom, setCustom] = useState<CustomProfile>(storedProfile);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const spoken = useVoiceDrafts((s) => s.drafts[VOICE_KEY] !== undefined);
  const serial = selected && online.some((d) => d.serial === selected) ? selected : online[0]?.serial;

  const start = async (text = task) => {
    if (!serial || !text.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      const endpoint = profile === 'custom' ? { baseUrl: custom.baseUrl.trim(), model: custom.model.trim() } : null;
      if (endpoint) localStorage.setItem(PROFILE_KEY, JSON.stringify(endpoint));
      const { runId } = await client.startRun({
        serial,
        task: text.trim(),
        ...takeVoiceRef(VOICE_KEY, text),
        mode,
        usePlan,
        useMemory,
        ...(useMemory ? { approvedMemoriesOnly: approvedOnly } : {}),
        maxSteps,
        ...strategyRunOptions(strategy),
        ...(endpoint ? { models: Object.fromEntries(CHAT_ROLES.map((r) => [r, endpoint])) } : {}),
      });
      void loadRun(client, runId);
      navigate('run', runId);
    } catch (e) {
      setError(toMobaError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="composer"
      data-testid="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
    >
      <div className="composer-task">
        <label className="field">
          <span className="field-label">Task</span>
          <textarea
            name="task"
            rows={2}
            value={task}
            placeholder="e.g. Create an alarm at 6:30 PM titled Work that vibrates, Monday to Thursday"
            onChange={(e) => {
              setTask(e.target.value);
              if (!e.target.value.trim()) dropVoiceDraft(VOICE_KEY);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void start();
              }
            }}
          />
        </label>
        <TranscriptNote shown={spoken} />
        <PushToTalk
          keys
          purpose="task"
          draftKey={VOICE_KEY}
          label="Hold to speak the task"
          onTranscript={(t) => setTask(t.text)}
          onSendNow={(t) => {
            setTask(t.text);
            void start(t.text);
          }}
        />
      </div>
      <div className="composer-options">
        <label className="field compact">
          <span className="field-label">Device</span>
          {online.length ? (
            <select name="device" value={serial ?? ''} onChange={(e) => selectDevice(e.target.value)}>
              {online.map((d) => (
                <option key={d.serial} value={d.serial}>
                  {deviceLabel(d)}
                </option>
              ))}
            </select>
          ) : (
            <span className="field-hint">
              No device online. <a href={hrefFor('devices')}>Connect one or start a simulated phone</a>.
            </span>
          )}
        </label>
        <StrategyPicker value={strategy} onChange={setStrategy} />
        <label className="field compact">
          <span className="field-label">Autonomy</span>
          <select name="mode" value={mode} onChange={(e) => setMode(e.target.value as AutonomyMode)}>
            {AUTONOMY_MODES.map((m) => (
              <option key={m} value={m}>
                {MODE_HINT[m]}
              </option>
            ))}
          </select>
        </label>
        <label className="field compact">
          <span className="field-label">Models</span>
          <select name="profile" value={profile} onChange={(e) => setProfile(e.target.value as 'settings' | 'custom')}>
            <option value="settings">From Settings ({models.default.model})</option>
            <option value="custom">One endpoint for this run…</option>
          </select>
        </label>
        {profile === 'custom' ? (
          <>
            <label className="field compact">
              <span className="field-label">Base URL</span>
              <input
                type="url"
                name="profile.baseUrl"
                value={custom.baseUrl}
                onChange={(e) => setCustom({ ...custom, baseUrl: e.target.value })}
                spellCheck={false}
              />
            </label>
            <label className="field compact field-narrow">
              <span className="field-label">Model</span>
              <input
                type="text"
                name="profile.model"
                value={custom.model}
                onChange={(e) => setCustom({ ...custom, model: e.target.value })}
                spellCheck={false}
              />
            </label>
          </>
        ) : null}
        <label className="field compact field-narrow">
          <span className="field-label">Step limit</span>
          <input
            type="number"
            name="maxSteps"
            min={1}
            max={500}
            value={maxSteps}
            onChange={(e) => setMaxSteps(Math.max(1, Math.min(500, Number(e.target.value) || 1)))}
          />
        </label>
        <div className="composer-toggles">
          <Toggle label="Plan" checked={usePlan} onChange={setUsePlan} />
          <Toggle label="Memory" checked={useMemory} onChange={setUseMemory} />
          {useMemory ? (
            <Toggle
              id="composer-approved-only"
              label="Approved memories only"
              checked={approvedOnly}
              onChange={setApprovedOnly}
            />
          ) : null}
        </div>
        <button
          type="submit"
          className="btn btn-primary composer-start"
          disabled={busy || !serial || !task.trim()}
          data-action="start-run"
        >
          {busy ? 'Starting…' : 'Start run'} <kbd className="kbd kbd-on-primary">Ctrl ↵</kbd>
        </button>
      </div>
      {error ? (
        <p className="step-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
