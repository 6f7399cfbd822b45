import type { ModelSettingsSource } from '../../src/main/llm/endpoints.ts';
import { startScriptedServer } from '@moba/testkit';
import type { ScriptedServer } from '@moba/testkit';
import type { ScriptInput } from '@moba/testkit';
import type { ModelEndpoint, ModelRole } from '../../src/shared/schemas/settings.ts';

/** A scripted OpenAI-compatible server on a free loopback port; `close()` it in teardown. */
export function scriptedModel(script: ScriptInput = {}): Promise<ScriptedServer> {
  return startScriptedServer({ script, port: 0, host: '127.0.0.1' });
}

/**
 * Model settings without a database: every role (the embedder too) uses one endpoint, with an
 * optional key for all roles.
 */
export function staticModelSettings(
  endpoint: Partial<ModelEndpoint> & { baseUrl: string },
  apiKey?: string,
): ModelSettingsSource & { endpoint: ModelEndpoint } {
  const full: ModelEndpoint = { model: 'scripted', timeoutMs: 10_000, maxRetries: 2, ...endpoint };
  return {
    endpoint: full,
    endpointFor: (_role: ModelRole) => full,
    apiKeyFor: (_role: ModelRole) => apiKey,
  };
}
