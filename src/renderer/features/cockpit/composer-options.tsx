/** The composer's run options: device, strategy, autonomy mode, models, step limit, plan and memory. */
import { AUTONOMY_MODES } from '../../../shared/schemas/settings.ts';
import type { AgentSettings, AutonomyMode } from '../../../shared/schemas/settings.ts';
import type { DeviceListEntry } from '../../../shared/contract/devices.ts';
import { hrefFor } from '../../routing/router.ts';
import { useAppStore } from '../../state/app-store.ts';
import { deviceLabel, selectDevice } from '../../state/device-store.ts';
import { Toggle } from '../../ui/field.tsx';
import { DEFAULT_STRATEGY_CHOICE, StrategyPicker } from '../../ui/strategy-panels/strategy-picker.tsx';
import type { StrategyChoice } from '../../ui/strategy-panels/strategy-picker.tsx';

export const MODE_HINT: Record<AutonomyMode, string> = {
  auto: 'Auto — acts without asking',
  step: 'Step — you approve every action',
  guarded: 'Guarded — approve only actions matching the rules',
  copilot: 'Copilot — the model proposes, you act',
};

const PROFILE_KEY = 'moba.customProfile';

export interface CustomProfile {
  baseUrl: string;
  model: string;
}

/** The last "one endpoint for this run" this browser used (the scripted model server's address at first). */
export function storedProfile(): CustomProfile {
  try {
    const raw = localStorage.getItem(PROFILE_KEY);
    if (raw) return JSON.parse(raw) as CustomProfile;
  } catch {
    // A broken entry: start from an empty profile.
  }
  return { baseUrl: 'http://127.0.0.1:8741/v1', model: 'scripted' };
}

export function rememberProfile(profile: CustomProfile): void {
  localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
}

/** Everything the composer asks besides the task. */
export interface RunChoices {
  mode: AutonomyMode;
  usePlan: boolean;
  useMemory: boolean;
  /** Starts from the Settings toggle; the choice here is this run's (`approvedMemoriesOnly`). */
  approvedOnly: boolean;
  maxSteps: number;
  strategy: StrategyChoice;
  profile: 'settings' | 'custom';
  custom: CustomProfile;
}

export function initialChoices(agent: AgentSettings): RunChoices {
  return {
    mode: agent.mode,
    usePlan: agent.usePlan,
    useMemory: agent.useMemory,
    approvedOnly: agent.approvedMemoriesOnly,
    maxSteps: agent.maxSteps,
    strategy: DEFAULT_STRATEGY_CHOICE,
    profile: 'settings',
    custom: storedProfile(),
  };
}

function DevicePicker({ online, serial }: { online: readonly DeviceListEntry[]; serial: string | undefined }) {
  return (
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
  );
}

function ModelProfile({ c, set }: { c: RunChoices; set(update: Partial<RunChoices>): void }) {
  const models = useAppStore((s) => s.settings!.settings.models);
  return (
    <>
      <label className="field compact">
        <span className="field-label">Models</span>
        <select
          name="profile"
          value={c.profile}
          onChange={(e) => set({ profile: e.target.value as RunChoices['profile'] })}
        >
          <option value="settings">From Settings ({models.default.model})</option>
          <option value="custom">One endpoint for this run…</option>
        </select>
      </label>
      {c.profile === 'custom' ? (
        <>
          <label className="field compact">
            <span className="field-label">Base URL</span>
            <input
              type="url"
              name="profile.baseUrl"
              value={c.custom.baseUrl}
              onChange={(e) => set({ custom: { ...c.custom, baseUrl: e.target.value } })}
              spellCheck={false}
            />
          </label>
          <label className="field compact field-narrow">
            <span className="field-label">Model</span>
            <input
              type="text"
              name="profile.model"
              value={c.custom.model}
              onChange={(e) => set({ custom: { ...c.custom, model: e.target.value } })}
              spellCheck={false}
            />
          </label>
        </>
      ) : null}
    </>
  );
}

export function RunOptions({
  c,
  set,
  online,
  serial,
}: {
  c: RunChoices;
  set(update: Partial<RunChoices>): void;
  online: readonly DeviceListEntry[];
  serial: string | undefined;
}) {
  return (
    <>
      <DevicePicker online={online} serial={serial} />
      <StrategyPicker value={c.strategy} onChange={(strategy) => set({ strategy })} />
      <label className="field compact">
        <span className="field-label">Autonomy</span>
        <select name="mode" value={c.mode} onChange={(e) => set({ mode: e.target.value as AutonomyMode })}>
          {AUTONOMY_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_HINT[m]}
            </option>
          ))}
        </select>
      </label>
      <ModelProfile c={c} set={set} />
      <label className="field compact field-narrow">
        <span className="field-label">Step limit</span>
        <input
          type="number"
          name="maxSteps"
          min={1}
          max={500}
          value={c.maxSteps}
          onChange={(e) => set({ maxSteps: Math.max(1, Math.min(500, Number(e.target.value) || 1)) })}
        />
      </label>
      <div className="composer-toggles">
        <Toggle label="Plan" checked={c.usePlan} onChange={(usePlan) => set({ usePlan })} />
        <Toggle label="Memory" checked={c.useMemory} onChange={(useMemory) => set({ useMemory })} />
        {c.useMemory ? (
          <Toggle
            id="composer-approved-only"
            label="Approved memories only"
            checked={c.approvedOnly}
            onChange={(approvedOnly) => set({ approvedOnly })}
          />
        ) : null}
      </div>
    </>
  );
}
