import type { Command } from 'commander';
import { MODEL_ROLES } from '../../shared/choices.ts';
import type { ModelRole } from '../../shared/schemas/settings.ts';
import type { EndpointOverride, ModelOverrides } from './endpoints.ts';

/** `appSelector` → `app-selector`, for option names. */
function kebab(role: ModelRole): string {
  return role.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Adds the per-run model options to a command: `--base-url`, `--model` (all chat roles) and
 * `--<role>-base-url`, `--<role>-model` for planner, actor, reflector, app-selector, embedder.
 * Read them back with `modelOverridesFromOptions(command.opts())`.
 */
export function addModelOverrideOptions(command: Command): Command {
  command
    .option('--base-url <url>', 'model base URL for every chat role in this run (an OpenAI-compatible endpoint)')
    .option('--model <name>', 'model name for every chat role in this run');
  for (const role of MODEL_ROLES) {
    command
      .option(`--${kebab(role)}-base-url <url>`, `base URL for the ${role} role`)
      .option(`--${kebab(role)}-model <name>`, `model name for the ${role} role`);
  }
  return command;
}

/** The overrides from parsed options (commander's camelCase keys); absent options are left out. */
export function modelOverridesFromOptions(opts: Record<string, unknown>): ModelOverrides {
  const str = (key: string) => (typeof opts[key] === 'string' && opts[key] !== '' ? (opts[key] as string) : undefined);
  const out: ModelOverrides = {};
  const baseUrl = str('baseUrl');
  const model = str('model');
  if (baseUrl) out.baseUrl = baseUrl;
  if (model) out.model = model;
  for (const role of MODEL_ROLES) {
    const roleOverride: EndpointOverride = {};
    const roleBase = str(`${role}BaseUrl`);
    const roleModel = str(`${role}Model`);
    if (roleBase) roleOverride.baseUrl = roleBase;
    if (roleModel) roleOverride.model = roleModel;
    if (roleBase || roleModel) out.roles = { ...out.roles, [role]: roleOverride };
  }
  return out;
}
