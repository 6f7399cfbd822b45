import { useState } from 'react';
import { DEFAULT_MODEL_ENDPOINT, ModelSettings } from '../../../shared/schemas/settings.ts';
import type { KeyStatus, ModelEndpoint, ModelRole } from '../../../shared/schemas/settings.ts';
import { useAppStore, useClient } from '../../state/app-store.ts';
import { useBusy } from '../../ui/use-busy.ts';
import { NumberField, TextField } from './inputs.tsx';
import { SectionCard } from './section-card.tsx';
import { useSectionDraft } from './use-section-draft.ts';
import { TestConnection } from './test-connection.tsx';
import { AzureFields, CapabilityFields, ProviderSelect } from './provider-fields.tsx';
import { providerOf } from '../../../shared/providers.ts';

const ROLE_INFO: Record<ModelRole, { label: string; what: string }> = {
  planner: { label: 'Planner', what: 'Global Agent: splits goals into sub-goals' },
  actor: { label: 'Actor', what: 'Local Agent: checks a sub-goal and picks one action' },
  reflector: { label: 'Reflector', what: 'Global Agent: compares the screens before and after an action' },
  appSelector: { label: 'App selector', what: 'Text-only: picks the app for Open_App' },
  embedder: { label: 'Embedder', what: 'Embeddings for memory retrieval; without one, keyword search (BM25) is used' },
  transcriber: {
    label: 'Transcriber',
    what: 'Speech to text (/v1/audio/transcriptions): push-to-talk; without one, voice input is off',
  },
  simulatedUser: {
    label: 'Simulated user',
    what: "Benchmarks only: answers an agent's question from the task's facts when their keywords do not (simulated user in model mode)",
  },
  speaker: {
    label: 'Speaker',
    what: 'Text to speech (/v1/audio/speech): answers and questions aloud; without one, the browser speaks (Settings → Voice)',
  },
};

/** What a role starts from when it gets its own endpoint: chat roles copy the default, the others a model of their kind. */
const OWN_START: Partial<Record<ModelRole, string>> = {
  embedder: 'text-embedding-3-small',
  transcriber: 'whisper-1',
  speaker: 'tts-1',
};

function EndpointFields({
  prefix,
  value,
  issues,
  chat = true,
  onChange,
}: {
  prefix: string;
  value: ModelEndpoint;
  issues: Record<string, string>;
  /** A chat endpoint (capabilities apply); embedding and audio endpoints have none. */
  chat?: boolean;
  onChange(v: ModelEndpoint): void;
}) {
  const set = (patch: Partial<ModelEndpoint>) => onChange({ ...value, ...patch });
  const optional = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? undefined : v);
  const withOptional = <K extends keyof ModelEndpoint>(key: K, v: ModelEndpoint[K] | undefined) => {
    const next = { ...value };
    if (v === undefined) delete next[key];
    else next[key] = v;
    onChange(next);
  };
  return (
    <div className="endpoint-grid">
      <TextField
        name={`${prefix}.baseUrl`}
        label="Base URL"
        type="url"
        value={value.baseUrl}
        error={issues[`${prefix}.baseUrl`]}
        hint="Any OpenAI-compatible API: OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio, OpenRouter, Gemini…"
        onChange={(baseUrl) => set({ baseUrl })}
      />
      <ProviderSelect prefix={prefix} value={value} onChange={onChange} />
      <AzureFields prefix={prefix} value={value} issues={issues} onChange={onChange} />
      <TextField
        name={`${prefix}.model`}
        label="Model"
        value={value.model}
        error={issues[`${prefix}.model`]}
        onChange={(model) => set({ model })}
      />
      <TextField
        name={`${prefix}.apiKeyEnv`}
        label="Key variable (optional)"
        value={value.apiKeyEnv ?? ''}
        placeholder={providerOf(value).keyVariable ?? 'OPENAI_API_KEY'}
        error={issues[`${prefix}.apiKeyEnv`]}
        onChange={(v) => withOptional('apiKeyEnv', v.trim() === '' ? undefined : v.trim())}
      />
      <NumberField
        name={`${prefix}.temperature`}
        label="Temperature"
        value={value.temperature}
        min={0}
        max={2}
        step={0.1}
        error={issues[`${prefix}.temperature`]}
        onChange={(v) => withOptional('temperature', optional(v))}
      />
      <NumberField
        name={`${prefix}.maxTokens`}
        label="Max reply tokens"
        value={value.maxTokens}
        min={1}
        error={issues[`${prefix}.maxTokens`]}
        onChange={(v) => withOptional('maxTokens', optional(v))}
      />
      <NumberField
        name={`${prefix}.timeoutMs`}
        label="Timeout (ms)"
        value={value.timeoutMs}
        min={1000}
        step={1000}
        error={issues[`${prefix}.timeoutMs`]}
        onChange={(v) => set({ timeoutMs: v as number })}
      />
      <NumberField
        name={`${prefix}.maxRetries`}
        label="Retries"
        value={value.maxRetries}
        min={0}
        max={10}
        error={issues[`${prefix}.maxRetries`]}
        onChange={(v) => set({ maxRetries: v as number })}
      />
      <NumberField
        name={`${prefix}.inputCostPerMTok`}
        label="Input $ / M tokens"
        value={value.inputCostPerMTok}
        min={0}
        step={0.01}
        onChange={(v) => withOptional('inputCostPerMTok', optional(v))}
      />
      <NumberField
        name={`${prefix}.outputCostPerMTok`}
        label="Output $ / M tokens"
        value={value.outputCostPerMTok}
        min={0}
        step={0.01}
        onChange={(v) => withOptional('outputCostPerMTok', optional(v))}
      />
      {chat ? <CapabilityFields prefix={prefix} value={value} onChange={onChange} /> : null}
    </div>
  );
}

function KeyLine({
  status,
  canStore,
  role,
  storeAs,
}: {
  status: KeyStatus | undefined;
  canStore: boolean;
  role: ModelRole;
  storeAs: 'default' | ModelRole;
}) {
  const client = useClient();
  const [key, setKey] = useState('');
  const { error, run } = useBusy();
  const text =
    !status || status.source === 'none'
      ? 'No key found. Set OPENAI_API_KEY (or MOBA_' +
        role.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase() +
        '_API_KEY); local servers need none.'
      : status.source === 'env'
        ? `Key from $${status.variable ?? 'environment'}`
        : 'Key stored encrypted in the OS keychain';
  // Keys go only to the origin they were saved for; say where, and when this endpoint does not get it.
  const kept = status?.keptFor
    ? status.sentToEndpoint === false
      ? ` — kept for ${status.keptFor}; not sent to this endpoint`
      : ` — sent only to ${status.keptFor}`
    : '';
  return (
    <div className="key-line" data-key-role={role}>
      <span className={`key-badge key-${status?.source ?? 'none'}`}>
        {text}
        {kept}
      </span>
      {canStore ? (
        <span className="key-store">
          <input
            type="password"
            aria-label={`API key for ${role}`}
            value={key}
            placeholder="Paste a key to store it"
            onChange={(e) => setKey(e.target.value)}
          />
          <button
            type="button"
            className="btn"
            onClick={() => {
              void run('Storing the key…', () => client.setApiKey({ role: storeAs, key })).then((r) => r && setKey(''));
            }}
          >
            {key ? 'Store key' : 'Remove key'}
          </button>
          {error ? <span className="save-error">{error}</span> : null}
        </span>
      ) : null}
    </div>
  );
}

export function ModelsSection() {
  const d = useSectionDraft('models', ModelSettings);
  const view = useAppStore((s) => s.settings!);
  const models = d.draft;
  const keyFor = (role: ModelRole) => view.keys.find((k) => k.role === role);
  return (
    <SectionCard
      id="models"
      title="Models"
      description="One OpenAI-compatible endpoint for every role by default; give a role its own endpoint to mix models (e.g. a small model for app selection). Keys never enter the database."
      dirty={d.dirty}
      invalid={Object.keys(d.issues).length > 0}
      saving={d.saving}
      saved={d.saved}
      error={d.error}
      onSave={() => void d.save()}
      onRevert={d.revert}
    >
      <div className="role-block" data-role="default">
        <h4>Default endpoint</h4>
        <EndpointFields
          prefix="default"
          value={models.default}
          issues={d.issues}
          onChange={(v) => d.set({ default: v })}
        />
        <KeyLine status={keyFor('planner')} canStore={view.canStoreKeys} role="planner" storeAs="default" />
        <TestConnection
          role="default"
          endpoint={models.default}
          disabled={Object.keys(d.issues).some((k) => k.startsWith('default.'))}
        />
      </div>
      {(
        ['planner', 'actor', 'reflector', 'appSelector', 'simulatedUser', 'embedder', 'transcriber', 'speaker'] as const
      ).map((role) => {
        const own = models[role];
        return (
          <div className="role-block" data-role={role} key={role}>
            <div className="role-head">
              <h4>{ROLE_INFO[role].label}</h4>
              <span className="role-what">{ROLE_INFO[role].what}</span>
              <label className="role-choice">
                <input
                  type="checkbox"
                  checked={own !== null}
                  onChange={(e) =>
                    d.set({
                      [role]: e.target.checked
                        ? {
                            ...(OWN_START[role]
                              ? { ...DEFAULT_MODEL_ENDPOINT, model: OWN_START[role] }
                              : models.default),
                          }
                        : null,
                    })
                  }
                />
                {OWN_START[role]
                  ? `Use ${role === 'embedder' ? 'an embedding' : role === 'transcriber' ? 'a transcription' : 'a speech'} endpoint`
                  : 'Own endpoint'}
              </label>
            </div>
            {own ? (
              <>
                <EndpointFields
                  prefix={role}
                  value={own}
                  issues={d.issues}
                  chat={!OWN_START[role]}
                  onChange={(v) => d.set({ [role]: v })}
                />
                <KeyLine status={keyFor(role)} canStore={view.canStoreKeys} role={role} storeAs={role} />
                <TestConnection
                  role={role}
                  endpoint={own}
                  disabled={Object.keys(d.issues).some((k) => k.startsWith(`${role}.`))}
                />
              </>
            ) : null}
          </div>
        );
      })}
    </SectionCard>
  );
}
