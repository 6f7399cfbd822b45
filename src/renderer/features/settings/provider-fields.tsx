import { PROVIDERS, PROVIDER_LIST, capabilitiesOf, providerOf } from '../../../shared/providers.ts';
import type {
  EndpointCapabilities,
  ModelEndpoint,
  ProviderId,
  ReasoningEffort,
  StructuredMode,
} from '../../../shared/schemas/settings.ts';
import { NumberField, SelectField, TextField } from './inputs.tsx';

const DEFAULT_AZURE_API_VERSION = '2024-10-21';

/** The provider preset: choosing one fills its base URL (and Azure's fields). */
export function ProviderSelect({
  prefix,
  value,
  onChange,
}: {
  prefix: string;
  value: ModelEndpoint;
  onChange(v: ModelEndpoint): void;
}) {
  const detected = providerOf({ baseUrl: value.baseUrl });
  return (
    <SelectField<'auto' | ProviderId>
      name={`${prefix}.provider`}
      label="Provider"
      value={value.provider ?? 'auto'}
      hint={PROVIDERS[value.provider ?? detected.id].notes}
      options={[
        { value: 'auto', label: `Auto: ${detected.label}` },
        ...PROVIDER_LIST.map((p) => ({ value: p.id, label: p.label })),
      ]}
      onChange={(id) => {
        const next: ModelEndpoint = { ...value };
        if (id === 'auto') delete next.provider;
        else {
          const p = PROVIDERS[id];
          next.provider = id;
          if (id !== 'custom') next.baseUrl = p.baseUrl;
          if (id === 'azure') next.azure ??= { deployment: '', apiVersion: DEFAULT_AZURE_API_VERSION };
        }
        if (id !== 'azure') delete next.azure;
        onChange(next);
      }}
    />
  );
}

/** Azure OpenAI's deployment and API version, shown for Azure endpoints only. */
export function AzureFields({
  prefix,
  value,
  issues,
  onChange,
}: {
  prefix: string;
  value: ModelEndpoint;
  issues: Record<string, string>;
  onChange(v: ModelEndpoint): void;
}) {
  if (providerOf(value).id !== 'azure') return null;
  const azure = value.azure ?? { deployment: '', apiVersion: DEFAULT_AZURE_API_VERSION };
  return (
    <>
      <TextField
        name={`${prefix}.azure.deployment`}
        label="Deployment"
        value={azure.deployment}
        error={issues[`${prefix}.azure.deployment`] ?? issues[`${prefix}.azure`]}
        onChange={(deployment) => onChange({ ...value, azure: { ...azure, deployment } })}
      />
      <TextField
        name={`${prefix}.azure.apiVersion`}
        label="API version"
        value={azure.apiVersion}
        error={issues[`${prefix}.azure.apiVersion`]}
        onChange={(apiVersion) => onChange({ ...value, azure: { ...azure, apiVersion } })}
      />
    </>
  );
}

type Preset = 'preset';

/** What the endpoint supports, where it differs from its preset (Preset = the provider's default). */
export function CapabilityFields({
  prefix,
  value,
  onChange,
}: {
  prefix: string;
  value: ModelEndpoint;
  onChange(v: ModelEndpoint): void;
}) {
  const own = value.capabilities ?? {};
  const preset = capabilitiesOf({ baseUrl: value.baseUrl, provider: value.provider });
  const set = <K extends keyof EndpointCapabilities>(key: K, v: EndpointCapabilities[K] | undefined) => {
    const capabilities: EndpointCapabilities = { ...own };
    if (v === undefined) delete capabilities[key];
    else capabilities[key] = v;
    const { capabilities: _old, ...rest } = value;
    onChange(Object.keys(capabilities).length ? { ...rest, capabilities } : rest);
  };
  const fromPreset = (shown: string) => ({ value: 'preset' as const, label: `Preset (${shown})` });
  return (
    <>
      <SelectField<Preset | StructuredMode>
        name={`${prefix}.capabilities.structured`}
        label="JSON replies"
        value={own.structured ?? 'preset'}
        hint="How a JSON reply is asked for; a server that refuses one is asked more plainly."
        options={[
          fromPreset(preset.structured),
          { value: 'json_schema', label: 'Structured outputs (JSON Schema)' },
          { value: 'json_object', label: 'JSON mode' },
          { value: 'tool', label: 'A forced function call' },
          { value: 'prompt', label: 'The prompt alone' },
        ]}
        onChange={(v) => set('structured', v === 'preset' ? undefined : v)}
      />
      <SelectField<Preset | 'yes' | 'no'>
        name={`${prefix}.capabilities.vision`}
        label="Images"
        value={own.vision === undefined ? 'preset' : own.vision ? 'yes' : 'no'}
        hint="Text-only models are refused for strategies that send them screenshots."
        options={[
          fromPreset(preset.vision ? 'takes images' : 'text-only'),
          { value: 'yes', label: 'Takes images' },
          { value: 'no', label: 'Text-only' },
        ]}
        onChange={(v) => set('vision', v === 'preset' ? undefined : v === 'yes')}
      />
      <NumberField
        name={`${prefix}.capabilities.imageMaxSide`}
        label="Image max side (px)"
        value={own.imageMaxSide}
        min={64}
        step={64}
        onChange={(v) => set('imageMaxSide', v === undefined || Number.isNaN(v) ? undefined : v)}
      />
      <SelectField<Preset | ReasoningEffort>
        name={`${prefix}.capabilities.reasoningEffort`}
        label="Reasoning effort"
        value={own.reasoningEffort ?? 'preset'}
        options={[
          { value: 'preset', label: 'Not sent' },
          ...(['none', 'minimal', 'low', 'medium', 'high'] as const).map((e) => ({ value: e, label: e })),
        ]}
        onChange={(v) => set('reasoningEffort', v === 'preset' ? undefined : v)}
      />
    </>
  );
}
