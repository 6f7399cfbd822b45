import { useState } from 'react';
import { CHAT_ROLES } from '../../../shared/schemas/settings.ts';
import { BENCH_APPS, BENCH_APP_ALIASES } from '../../../shared/bench/apps.ts';
import type { BenchAppAlias } from '../../../shared/bench/apps.ts';
import { navigate } from '../../routing/router.ts';
import { useAppStore, useClient } from '../../state/app-store.ts';
import { useDeviceStore } from '../../state/device-store.ts';
import { loadRun } from '../../state/run-store.ts';
import { strategyRunOptions } from '../../ui/strategy-panels/strategy-picker.tsx';
import { PushToTalk, TranscriptNote } from '../../ui/voice/push-to-talk.tsx';
import { dropVoiceDraft, takeVoiceRef, useVoiceDrafts } from '../../ui/voice/voice-store.ts';
import { useBusy } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import { RunOptions, initialChoices, rememberProfile } from './composer-options.tsx';
import type { RunChoices } from './composer-options.tsx';

const VOICE_KEY = 'composer';

/** The task: typed (Ctrl+Enter starts) or spoken. */
function TaskField({ task, setTask, start }: { task: string; setTask(t: string): void; start(text?: string): void }) {
  const spoken = useVoiceDrafts((s) => s.drafts[VOICE_KEY] !== undefined);
  return (
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
              start();
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
          start(t.text);
        }}
      />
    </div>
  );
}

/** AppAgent's exploration: the app to explore for the task, and the button that starts it. */
function ExploreApp({ disabled, explore }: { disabled: boolean; explore(app: string): void }) {
  const [alias, setAlias] = useState<BenchAppAlias>('clock');
  return (
    <span className="composer-explore">
      <label className="field">
        <span className="field-label">App to explore</span>
        <select name="explore-app" value={alias} onChange={(e) => setAlias(e.target.value as BenchAppAlias)}>
          {BENCH_APP_ALIASES.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn"
        disabled={disabled}
        data-action="explore-app"
        title="AppAgent explores the app for the task and writes each element's documentation into memory"
        onClick={() => explore(BENCH_APPS[alias])}
      >
        Explore app
      </button>
    </span>
  );
}

/** Starting a run: the device, the task, the options, the autonomy mode and the model profile. */
export function Composer() {
  const client = useClient();
  const agent = useAppStore((s) => s.settings!.settings.agent);
  const devices = useDeviceStore((s) => s.devices);
  const selected = useDeviceStore((s) => s.selected);
  const online = devices.filter((d) => d.state === 'device');
  const [task, setTask] = useState('');
  const [choices, setChoices] = useState<RunChoices>(() => initialChoices(agent));
  const set = (update: Partial<RunChoices>) => setChoices((c) => ({ ...c, ...update }));
  const { busy, error, run } = useBusy();
  const serial = selected && online.some((d) => d.serial === selected) ? selected : online[0]?.serial;

  const start = async (text = task, exploreApp?: string) => {
    if (!serial || !text.trim()) return;
    const c = choices;
    const endpoint = c.profile === 'custom' ? { baseUrl: c.custom.baseUrl.trim(), model: c.custom.model.trim() } : null;
    if (endpoint) rememberProfile(endpoint);
    const started = await run('Starting…', () =>
      client.startRun({
        serial,
        task: text.trim(),
        ...takeVoiceRef(VOICE_KEY, text),
        mode: c.mode,
        usePlan: c.usePlan,
        useMemory: c.useMemory,
        ...(c.useMemory ? { approvedMemoriesOnly: c.approvedOnly } : {}),
        maxSteps: c.maxSteps,
        ...strategyRunOptions(c.strategy),
        ...(exploreApp ? { explore: { app: exploreApp } } : {}),
        ...(endpoint ? { models: Object.fromEntries(CHAT_ROLES.map((r) => [r, endpoint])) } : {}),
      }),
    );
    if (!started) return;
    void loadRun(client, started.runId);
    navigate('run', started.runId);
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
      <TaskField task={task} setTask={setTask} start={(t) => void start(t)} />
      <div className="composer-options">
        <RunOptions c={choices} set={set} online={online} serial={serial} />
        <button
          type="submit"
          className="btn btn-primary composer-start"
          disabled={busy !== null || !serial || !task.trim()}
          data-action="start-run"
        >
          {busy ? 'Starting…' : 'Start run'} <kbd className="kbd kbd-on-primary">Ctrl ↵</kbd>
        </button>
        {choices.strategy.strategy === 'appagent' ? (
          <ExploreApp disabled={busy !== null || !serial || !task.trim()} explore={(app) => void start(task, app)} />
        ) : null}
      </div>
      <ErrorNote error={error} />
    </form>
  );
}
