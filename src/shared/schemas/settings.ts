import { z } from 'zod';
import { Seed } from './common.ts';
import { AUTONOMY_MODES, MODEL_ROLES } from '../choices.ts';
import { VoiceSettings, defaultVoiceSettings } from './voice.ts';

export { AUTONOMY_MODES, MODEL_ROLES };
export const ModelRole = z.enum(MODEL_ROLES);
export type ModelRole = z.infer<typeof ModelRole>;

/**
 * Chat roles fall back to `models.default`; the embedder has no fallback (no embeddings → BM25),
 * nor have the voice roles (`transcriber`: speech to text through /v1/audio/transcriptions;
 * `speaker`: text to speech through /v1/audio/speech) — without them voice is off.
 */
export const CHAT_ROLES = ['planner', 'actor', 'reflector', 'appSelector', 'simulatedUser'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

const envVarName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name such as OPENAI_API_KEY');

/** The providers MobA Studio has presets for (`src/shared/providers.ts`); `custom` is any other OpenAI-compatible server. */
export const PROVIDER_IDS = [
  'openai',
  'azure',
  'ollama',
  'vllm',
  'lmstudio',
  'openrouter',
  'gemini',
  'custom',
] as const;
export const ProviderId = z.enum(PROVIDER_IDS);
export type ProviderId = z.infer<typeof ProviderId>;

/**
 * How a structured (JSON) reply is asked for: `json_schema` sends the reply's JSON Schema as
 * `response_format` (structured outputs), `json_object` asks for any JSON object, `tool` asks
 * for one forced function call whose arguments are the reply, `prompt` sends nothing (the
 * prompt alone says what JSON to write).
 */
export const StructuredMode = z.enum(['json_schema', 'json_object', 'tool', 'prompt']);
export type StructuredMode = z.infer<typeof StructuredMode>;

export const ImageDetail = z.enum(['low', 'high', 'auto']);
export type ImageDetail = z.infer<typeof ImageDetail>;

export const ReasoningEffort = z.enum(['none', 'minimal', 'low', 'medium', 'high']);
export type ReasoningEffort = z.infer<typeof ReasoningEffort>;

/** What an endpoint supports. Each field left out comes from the provider's preset. */
export const EndpointCapabilities = z
  .object({
    structured: StructuredMode,
    /** Accepts images; false refuses vision strategies before a run starts. */
    vision: z.boolean(),
    /** Accepts `tools` (function calling). */
    tools: z.boolean(),
    /** Sent as `image_url.detail` with every image (OpenAI, Azure, OpenRouter understand it). */
    imageDetail: ImageDetail.optional(),
    /** Images with a longer side are scaled down to it before they are sent. */
    imageMaxSide: z.number().int().min(64).max(8_192).optional(),
    /** Sent as the provider's reasoning-effort parameter (thinking models). */
    reasoningEffort: ReasoningEffort.optional(),
  })
  .partial()
  .strict();
export type EndpointCapabilities = z.infer<typeof EndpointCapabilities>;

/** Azure OpenAI: the base URL is the resource endpoint (`https://RESOURCE.openai.azure.com`). */
export const AzureDeployment = z
  .object({
    deployment: z.string().trim().min(1).max(200),
    apiVersion: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}(-preview)?$/, 'an API version such as 2024-10-21'),
  })
  .strict();
export type AzureDeployment = z.infer<typeof AzureDeployment>;

export const ModelEndpoint = z.object({
  /** Any OpenAI-compatible base URL: OpenAI, vLLM, Ollama, LM Studio, the scripted server. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  model: z.string().trim().min(1).max(200),
  /** Environment variable holding the key; defaults to MOBA_<ROLE>_API_KEY, then OPENAI_API_KEY. */
  apiKeyEnv: envVarName.optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(1_000_000).optional(),
  timeoutMs: z.number().int().min(1_000).max(600_000).default(60_000),
  maxRetries: z.number().int().min(0).max(10).default(2),
  /** USD per million tokens, for the cost column; unknown when absent. */
  inputCostPerMTok: z.number().min(0).optional(),
  outputCostPerMTok: z.number().min(0).optional(),
  /** Sent as-is in the request body (e.g. vLLM guided decoding or Ollama options). */
  extraBody: z.record(z.string(), z.unknown()).optional(),
  /** The provider preset it follows; absent: recognised from the base URL (`src/shared/providers.ts`). */
  provider: ProviderId.optional(),
  /** Azure OpenAI only: the deployment and API version. */
  azure: AzureDeployment.optional(),
  /** What the endpoint supports, where it differs from its provider's preset. */
  capabilities: EndpointCapabilities.optional(),
});
export type ModelEndpoint = z.infer<typeof ModelEndpoint>;

export const ModelSettings = z.object({
  default: ModelEndpoint,
  planner: ModelEndpoint.nullable(),
  actor: ModelEndpoint.nullable(),
  reflector: ModelEndpoint.nullable(),
  appSelector: ModelEndpoint.nullable(),
  embedder: ModelEndpoint.nullable(),
  transcriber: ModelEndpoint.nullable(),
  speaker: ModelEndpoint.nullable(),
  /** A benchmark's simulated user in `model` mode: answers questions its keywords cannot (docs/benchmark.md § Asking the user). */
  simulatedUser: ModelEndpoint.nullable(),
});
export type ModelSettings = z.infer<typeof ModelSettings>;

export const AutonomyMode = z.enum(AUTONOMY_MODES);
export type AutonomyMode = z.infer<typeof AutonomyMode>;

/** A guarded-mode rule: an action that matches waits for a person. Empty lists match anything. */
export const ApprovalRule = z.object({
  id: z.string().min(1).max(64),
  label: z.string().min(1).max(200),
  enabled: z.boolean().default(true),
  actions: z.array(z.string().min(1)).default([]),
  /** Case-insensitive regular expression tested against the action's text and target element. */
  pattern: z.string().max(500).default(''),
  /** Match only when the target element is a password field. */
  passwordFieldsOnly: z.boolean().default(false),
});
export type ApprovalRule = z.infer<typeof ApprovalRule>;

export const AgentSettings = z.object({
  mode: AutonomyMode,
  maxSteps: z.number().int().min(1).max(500),
  /** Plan calls allowed per run (MobA's original never bounds re-planning). */
  planBudget: z.number().int().min(1).max(200),
  usePlan: z.boolean(),
  useMemory: z.boolean(),
  /**
   * Prompts see only memories a person vouched for: their own, expert seeds, and what runs wrote
   * that a person approved (what a model or a screen wrote is left out until then).
   */
  approvedMemoriesOnly: z.boolean(),
  /** Upper bound for waiting until the screen settles after an action. */
  settleTimeoutMs: z.number().int().min(0).max(30_000),
  approvalRules: z.array(ApprovalRule),
});
export type AgentSettings = z.infer<typeof AgentSettings>;

export const AdbSettings = z.object({
  /** The adb server; a remote host reaches device farms. */
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(1).max(65_535),
  /** The adb binary used to start a local server when none runs. */
  binary: z.string().trim().min(1),
});
export type AdbSettings = z.infer<typeof AdbSettings>;

export const MirrorSettings = z.object({
  maxSize: z.number().int().min(0).max(4096),
  maxFps: z.number().int().min(1).max(120),
  bitRate: z.number().int().min(100_000).max(100_000_000),
  /** A scrcpy-server 3.3.3 file; empty = resources/ or an installed scrcpy. */
  scrcpyServerPath: z.string(),
});
export type MirrorSettings = z.infer<typeof MirrorSettings>;

export const SimulatorSettings = z.object({
  /** Start one simulated phone with the app so there is always a device to try things on. */
  autoStart: z.boolean(),
  port: z.number().int().min(1024).max(65_535),
  seed: Seed,
});
export type SimulatorSettings = z.infer<typeof SimulatorSettings>;

export const SweepSettings = z.object({
  /**
   * The Redis a benchmark sweep runs on (`redis://[user@]host[:port][/db]` or `rediss://…`);
   * empty = no queue. The password comes from MOBA_REDIS_PASSWORD on the host, never from here.
   */
  redisUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (u) => u === '' || /^rediss?:\/\/[^\s]+$/.test(u),
      'expected redis://host[:port][/db] or rediss://… (or empty for no queue)',
    )
    .refine(
      (u) => !/^[a-z]+:\/\/[^:/@]*:[^@/]+@/i.test(u),
      'put the password in MOBA_REDIS_PASSWORD on the host, not in the URL',
    ),
});
export type SweepSettings = z.infer<typeof SweepSettings>;

export const UiSettings = z.object({
  theme: z.enum(['system', 'light', 'dark']),
});
export type UiSettings = z.infer<typeof UiSettings>;

/** The settings, section by section (each stored as one row). `Settings.shape` lists the sections and their schemas. */
export const Settings = z.object({
  models: ModelSettings,
  agent: AgentSettings,
  adb: AdbSettings,
  mirror: MirrorSettings,
  simulator: SimulatorSettings,
  ui: UiSettings,
  voice: VoiceSettings,
  sweep: SweepSettings,
});
export type Settings = z.infer<typeof Settings>;
export type SettingsSection = keyof Settings;
/** The name of every section, in the order of `Settings`. */
export const SettingsSection = Settings.keyof();
export const SETTINGS_SECTIONS = SettingsSection.options;

export const DEFAULT_MODEL_ENDPOINT: ModelEndpoint = {
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o',
  timeoutMs: 60_000,
  maxRetries: 2,
};

export function defaultSettings(): Settings {
  return {
    models: {
      default: { ...DEFAULT_MODEL_ENDPOINT },
      planner: null,
      actor: null,
      reflector: null,
      appSelector: null,
      embedder: null,
      transcriber: null,
      speaker: null,
      simulatedUser: null,
    },
    agent: {
      mode: 'step',
      maxSteps: 30,
      planBudget: 12,
      usePlan: true,
      useMemory: true,
      approvedMemoriesOnly: false,
      settleTimeoutMs: 3_000,
      approvalRules: ApprovalRule.array().parse([
        {
          id: 'payment',
          label: 'Payments and purchases',
          actions: [],
          pattern: '\\b(pay|buy|checkout|place order|purchase)\\b|付款|支付|购买|下单',
        },
        { id: 'delete', label: 'Deleting', actions: [], pattern: '\\b(delete|remove|erase|uninstall)\\b|删除' },
        // Enter and Box_Input are judged with the controls beside the field and the screen they submit on (a chat's ConversationActivity).
        {
          id: 'send',
          label: 'Sending messages',
          actions: ['Click', 'Click_by_Coordinate', 'Enter', 'Box_Input'],
          pattern: '\\b(send|post|submit)\\b|conversation ?activity|发送|提交',
        },
        {
          id: 'password',
          label: 'Typing into password fields',
          actions: ['Type', 'Box_Input'],
          passwordFieldsOnly: true,
        },
      ]),
    },
    adb: { host: '127.0.0.1', port: 5037, binary: 'adb' },
    mirror: { maxSize: 1280, maxFps: 30, bitRate: 8_000_000, scrcpyServerPath: '' },
    simulator: { autoStart: false, port: 6520, seed: 1 },
    ui: { theme: 'system' },
    voice: defaultVoiceSettings(),
    sweep: { redisUrl: '' },
  };
}

/** A section's schema with every field optional, as `.partial()` makes it. */
type PartialSection<T extends z.ZodObject> = z.ZodObject<
  { -readonly [K in keyof T['shape']]: z.ZodOptional<T['shape'][K]> },
  T['_zod']['config']
>;

/**
 * A partial update: each section may be given partially (section schemas carry no defaults, so
 * a patch never resets fields it does not name); `models` entries are replaced whole.
 */
export const SettingsPatch = z
  .object(
    Object.fromEntries(SETTINGS_SECTIONS.map((section) => [section, Settings.shape[section].partial().optional()])) as {
      [S in SettingsSection]: z.ZodOptional<PartialSection<(typeof Settings.shape)[S]>>;
    },
  )
  .strict();
export type SettingsPatch = z.input<typeof SettingsPatch>;

/** Where each role's key comes from; the key itself never leaves main. */
export const KeyStatus = z.object({
  role: ModelRole,
  source: z.enum(['safeStorage', 'env', 'none']),
  /** The variable name when the source is the environment. */
  variable: z.string().optional(),
  /** The origin the key is sent to (the one it was saved for); requests elsewhere go without it. */
  keptFor: z.string().optional(),
  /** False when the role's saved endpoint is on another origin (e.g. changed from a web client): its key is withheld. */
  sentToEndpoint: z.boolean().optional(),
});
export type KeyStatus = z.infer<typeof KeyStatus>;
