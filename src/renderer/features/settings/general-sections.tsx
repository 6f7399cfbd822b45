import {
  AdbSettings,
  AgentSettings,
  AUTONOMY_MODES,
  MirrorSettings,
  SimulatorSettings,
  SweepSettings,
  UiSettings,
} from '../../../shared/schemas/settings.ts';
import type { AutonomyMode } from '../../../shared/schemas/settings.ts';
import { Toggle } from '../../ui/field.tsx';
import { NumberField, SelectField, TextField } from './inputs.tsx';
import { SectionCard } from './section-card.tsx';
import { useSectionDraft } from './use-section-draft.ts';
import { ApprovalRulesEditor, patternError } from './approval-rules.tsx';
import type { SectionDraft } from './use-section-draft.ts';
import type { SettingsSection } from '../../../shared/schemas/settings.ts';

function cardProps<S extends SettingsSection>(d: SectionDraft<S>, extraInvalid = false) {
  return {
    dirty: d.dirty,
    invalid: Object.keys(d.issues).length > 0 || extraInvalid,
    saving: d.saving,
    saved: d.saved,
    error: d.error,
    onSave: () => void d.save(),
    onRevert: d.revert,
  };
}

const MODE_LABELS: Record<AutonomyMode, string> = {
  auto: 'Auto — act without asking',
  step: 'Step — approve every action',
  guarded: 'Guarded — approve actions that match the rules',
  copilot: 'Copilot — the model proposes, you act on the mirror',
};

export function AgentSection() {
  const d = useSectionDraft('agent', AgentSettings);
  const a = d.draft;
  return (
    <SectionCard
      id="agent"
      title="Agent"
      description="Defaults for new runs; each run can override them."
      {...cardProps(
        d,
        a.approvalRules.some((r) => patternError(r.pattern) !== null || !r.label.trim()),
      )}
    >
      <SelectField
        name="agent.mode"
        label="Autonomy mode"
        value={a.mode}
        options={AUTONOMY_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
        onChange={(mode) => d.set({ mode })}
      />
      <NumberField
        name="agent.maxSteps"
        label="Step limit (executed actions)"
        value={a.maxSteps}
        min={1}
        max={500}
        error={d.issues.maxSteps}
        onChange={(v) => d.set({ maxSteps: v as number })}
      />
      <NumberField
        name="agent.planBudget"
        label="Planning budget (plan calls per run)"
        value={a.planBudget}
        min={1}
        max={200}
        error={d.issues.planBudget}
        onChange={(v) => d.set({ planBudget: v as number })}
      />
      <NumberField
        name="agent.settleTimeoutMs"
        label="Wait for the screen to settle (ms, at most)"
        value={a.settleTimeoutMs}
        min={0}
        max={30000}
        step={100}
        error={d.issues.settleTimeoutMs}
        onChange={(v) => d.set({ settleTimeoutMs: v as number })}
      />
      <div className="field-row">
        <Toggle label="Plan module (Global Agent)" checked={a.usePlan} onChange={(usePlan) => d.set({ usePlan })} />
        <Toggle label="Memory module" checked={a.useMemory} onChange={(useMemory) => d.set({ useMemory })} />
        <Toggle
          label="Approved memories only"
          checked={a.approvedMemoriesOnly}
          onChange={(approvedMemoriesOnly) => d.set({ approvedMemoriesOnly })}
        />
      </div>
      <ApprovalRulesEditor rules={a.approvalRules} onChange={(approvalRules) => d.set({ approvalRules })} />
    </SectionCard>
  );
}

export function AdbSection() {
  const d = useSectionDraft('adb', AdbSettings);
  return (
    <SectionCard
      id="adb"
      title="ADB server"
      description="The adb server MobA Studio talks to. A remote host reaches device farms (the server must listen on that address)."
      {...cardProps(d)}
    >
      <TextField
        name="adb.host"
        label="Host"
        value={d.draft.host}
        error={d.issues.host}
        onChange={(host) => d.set({ host })}
      />
      <NumberField
        name="adb.port"
        label="Port"
        value={d.draft.port}
        min={1}
        max={65535}
        error={d.issues.port}
        onChange={(v) => d.set({ port: v as number })}
      />
      <TextField
        name="adb.binary"
        label="adb binary"
        value={d.draft.binary}
        error={d.issues.binary}
        hint="Used to start a local server when none is running."
        onChange={(binary) => d.set({ binary })}
      />
    </SectionCard>
  );
}

export function MirrorSection() {
  const d = useSectionDraft('mirror', MirrorSettings);
  return (
    <SectionCard
      id="mirror"
      title="Mirror"
      description="scrcpy stream settings. Without a scrcpy server file the mirror falls back to screenshots."
      {...cardProps(d)}
    >
      <NumberField
        name="mirror.maxSize"
        label="Max size (px, longest side; 0 = native)"
        value={d.draft.maxSize}
        min={0}
        max={4096}
        step={8}
        error={d.issues.maxSize}
        onChange={(v) => d.set({ maxSize: v as number })}
      />
      <NumberField
        name="mirror.maxFps"
        label="Max frames per second"
        value={d.draft.maxFps}
        min={1}
        max={120}
        error={d.issues.maxFps}
        onChange={(v) => d.set({ maxFps: v as number })}
      />
      <NumberField
        name="mirror.bitRate"
        label="Bit rate (bit/s)"
        value={d.draft.bitRate}
        min={100000}
        step={100000}
        error={d.issues.bitRate}
        onChange={(v) => d.set({ bitRate: v as number })}
      />
      <TextField
        name="mirror.scrcpyServerPath"
        label="scrcpy-server 3.3.3 file"
        value={d.draft.scrcpyServerPath}
        placeholder="resources/scrcpy-server or an installed scrcpy"
        onChange={(scrcpyServerPath) => d.set({ scrcpyServerPath })}
      />
    </SectionCard>
  );
}

export function SimulatorSection() {
  const d = useSectionDraft('simulator', SimulatorSettings);
  return (
    <SectionCard
      id="simulator"
      title="Simulated phone"
      description="A deterministic Android phone for trying agents without hardware."
      {...cardProps(d)}
    >
      <Toggle
        label="Start a simulated phone with the app"
        checked={d.draft.autoStart}
        onChange={(autoStart) => d.set({ autoStart })}
      />
      <NumberField
        name="simulator.port"
        label="ADB port"
        value={d.draft.port}
        min={1024}
        max={65535}
        error={d.issues.port}
        onChange={(v) => d.set({ port: v as number })}
      />
      <NumberField
        name="simulator.seed"
        label="Seed"
        value={d.draft.seed}
        min={0}
        error={d.issues.seed}
        onChange={(v) => d.set({ seed: v as number })}
      />
    </SectionCard>
  );
}

export function SweepSection() {
  const d = useSectionDraft('sweep', SweepSettings);
  return (
    <SectionCard
      id="sweep"
      title="Sweep queue"
      description="The Redis that moba worker processes on other machines take benchmark episodes from. With a queue set, the Benchmarks page shows the workers and can run a benchmark on them. Only the desktop app or moba settings set on this machine can change it."
      {...cardProps(d)}
    >
      <TextField
        name="sweep.redisUrl"
        label="Redis URL"
        value={d.draft.redisUrl}
        error={d.issues.redisUrl}
        placeholder="redis://lab-server:6379/0 (empty = no queue)"
        hint="The password, if any, comes from MOBA_REDIS_PASSWORD on this machine; it is never stored."
        onChange={(redisUrl) => d.set({ redisUrl })}
      />
    </SectionCard>
  );
}

export function AppearanceSection() {
  const d = useSectionDraft('ui', UiSettings);
  return (
    <SectionCard id="ui" title="Appearance" {...cardProps(d)}>
      <SelectField
        name="ui.theme"
        label="Theme"
        value={d.draft.theme}
        options={[
          { value: 'system', label: 'Follow the system' },
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
        ]}
        onChange={(theme) => d.set({ theme })}
      />
    </SectionCard>
  );
}
