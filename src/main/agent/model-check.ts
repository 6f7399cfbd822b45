/** What a run needs to know of its models: checks before it starts, the model a role calls. */
import { MobaError } from '../../shared/errors.ts';
import { capabilitiesOf } from '../../shared/providers.ts';
import { imageEndpoints, strategyInfo } from '../../shared/strategies.ts';
import type { RunEvent, RunOptions } from '../../shared/schemas/run.ts';
import type { ChatRole } from '../../shared/schemas/settings.ts';
import { resolveEndpoint } from '../llm/endpoints.ts';
import type { ModelSettingsSource } from '../llm/endpoints.ts';

/**
 * Refuses a vision strategy whose screenshots would go to an endpoint set up as text-only
 * (Settings → Models → Images). Roles without an endpoint yet are left to fail on their first call.
 * @throws MobaError MODEL_NOT_CAPABLE naming the role, its model and the strategy
 */
export function checkStrategyModels(settings: ModelSettingsSource, options: RunOptions): void {
  if (options.replayOf) return;
  for (const role of imageEndpoints(options.strategy)) {
    let endpoint;
    try {
      endpoint = resolveEndpoint(settings, role, { roles: options.models }).endpoint;
    } catch {
      continue;
    }
    if (capabilitiesOf(endpoint).vision) continue;
    throw new MobaError(
      'MODEL_NOT_CAPABLE',
      `The ${strategyInfo(options.strategy).label} strategy sends screenshots to the ${role} role, but its model "${endpoint.model}" (${endpoint.baseUrl}) is set up as text-only. Choose a vision model for the ${role} role (Settings → Models), or turn its Images setting on if the model does take images.`,
      { details: { role, model: endpoint.model, strategy: options.strategy } },
    );
  }
}

/**
 * The model a role's calls go to: a replay's recorded one (so it reads coordinates as the
 * recorded run did), else the configured endpoint's with the run's overrides; null when unknown.
 */
export function runModelName(
  settings: ModelSettingsSource,
  recorded: () => readonly RunEvent[],
  options: RunOptions,
  role: ChatRole,
): string | null {
  if (options.replayOf) {
    for (const e of recorded())
      if (e.type === 'model_call' && e.record.role === role && e.record.model) return e.record.model;
    return null;
  }
  try {
    return resolveEndpoint(settings, role, { roles: options.models }).endpoint.model;
  } catch {
    return null;
  }
}
