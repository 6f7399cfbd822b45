import { MobaError } from '../../shared/errors.ts';
import { CHAT_ROLES, DEFAULT_MODEL_ENDPOINT, ModelEndpoint } from '../../shared/schemas/settings.ts';
import type { ChatRole, ModelRole } from '../../shared/schemas/settings.ts';

/** What the gateway needs from settings; `SettingsService` satisfies it. */
export interface ModelSettingsSource {
  endpointFor(role: ModelRole): ModelEndpoint | null;
  /**
   * The role's key for a request to `baseUrl` (default: the role's saved endpoint). A source
   * that binds keys to origins (SettingsService) answers undefined for any other origin.
   */
  apiKeyFor(role: ModelRole, baseUrl?: string): string | undefined;
  /** The origin a role's key is kept for, when it has one (for the message when it is withheld). */
  keyOriginFor?(role: ModelRole): string | null;
}

export interface EndpointOverride {
  baseUrl?: string;
  model?: string;
}

/**
 * Per-run overrides (`--base-url/--model`, `--planner-model`, …). The top-level pair applies
 * to the chat roles only: an embedding or audio endpoint is never a chat model, so the
 * embedder, transcriber and speaker change only through their own `roles` entry.
 */
export interface ModelOverrides extends EndpointOverride {
  roles?: Partial<Record<ModelRole, EndpointOverride>>;
}

export interface ResolvedEndpoint {
  role: ModelRole;
  endpoint: ModelEndpoint;
  /** Undefined for a local endpoint without a configured key. */
  apiKey: string | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]', '0.0.0.0']);

/** Loopback endpoints (Ollama, LM Studio, the scripted server) work without a key. */
export function isLocalBaseUrl(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The endpoint and key a role uses now, overrides applied. Settings are read on every call so a
 * change in the settings page applies to the next call.
 *
 * @throws MobaError MODEL_NOT_CONFIGURED when the role has no endpoint, an override is invalid,
 *   or a non-local endpoint has no key.
 */
export function resolveEndpoint(
  source: ModelSettingsSource,
  role: ModelRole,
  overrides: ModelOverrides = {},
): ResolvedEndpoint {
  const roleOverride = overrides.roles?.[role] ?? {};
  const isChat = (CHAT_ROLES as readonly ModelRole[]).includes(role as ChatRole);
  const globalOverride: EndpointOverride = isChat ? { baseUrl: overrides.baseUrl, model: overrides.model } : {};
  const baseUrl = roleOverride.baseUrl ?? globalOverride.baseUrl;
  const model = roleOverride.model ?? globalOverride.model;
  const configured = source.endpointFor(role);
  let endpoint: ModelEndpoint;
  if (configured) {
    endpoint = { ...configured };
    if (baseUrl !== undefined) endpoint.baseUrl = baseUrl;
    if (model !== undefined) endpoint.model = model;
  } else if (baseUrl !== undefined && model !== undefined) {
    endpoint = { ...DEFAULT_MODEL_ENDPOINT, baseUrl, model };
  } else {
    throw new MobaError(
      'MODEL_NOT_CONFIGURED',
      `No model endpoint is configured for the ${role} role. Set one in Settings → ${role === 'transcriber' || role === 'speaker' ? 'Voice' : 'Models'}${isChat ? '' : ` (or pass --${role}-base-url and --${role}-model)`}.`,
    );
  }
  if (baseUrl !== undefined || model !== undefined) {
    const parsed = ModelEndpoint.safeParse(endpoint);
    if (!parsed.success) {
      throw new MobaError(
        'MODEL_NOT_CONFIGURED',
        `Invalid model override for the ${role} role: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'endpoint'}: ${i.message}`).join('; ')}`,
      );
    }
    endpoint = parsed.data;
  }
  const apiKey = source.apiKeyFor(role, endpoint.baseUrl);
  const keptFor = apiKey ? null : (source.keyOriginFor?.(role) ?? null);
  if (!apiKey && keptFor && !isLocalBaseUrl(endpoint.baseUrl)) {
    throw new MobaError(
      'MODEL_NOT_CONFIGURED',
      `The ${role} role's API key is kept for ${keptFor} and is not sent to ${new URL(endpoint.baseUrl).origin}: a key goes only to the endpoint it was saved for. Give a key for this endpoint with the request (\`apiKey\` / \`apiKeys\` in the contract, \`moba run --api-key-env VARIABLE\`), or save the endpoint in the desktop app or with \`moba settings bind-keys\` on the host.`,
    );
  }
  if (!apiKey && !isLocalBaseUrl(endpoint.baseUrl)) {
    throw new MobaError(
      'MODEL_NOT_CONFIGURED',
      `No API key for the ${role} role (endpoint ${endpoint.baseUrl}). Store one in Settings → Models or set OPENAI_API_KEY; a server that needs no key still needs a placeholder value unless it runs on this machine.`,
    );
  }
  return { role, endpoint, apiKey };
}

/** USD for the call, or null when a price or the usage is unknown. */
export function costOf(
  endpoint: ModelEndpoint,
  usage: { promptTokens: number; completionTokens: number } | null,
): number | null {
  if (!usage || endpoint.inputCostPerMTok === undefined || endpoint.outputCostPerMTok === undefined) return null;
  return (
    (usage.promptTokens * endpoint.inputCostPerMTok + usage.completionTokens * endpoint.outputCostPerMTok) / 1_000_000
  );
}
