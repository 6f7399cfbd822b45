import type { Command } from 'commander';
import { MODEL_ROLES } from '../../shared/choices.ts';
import { MobaError } from '../../shared/errors.ts';
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

/**
 * Adds `--api-key-env <variable>`: the key in that environment variable goes with this run's
 * model requests, for every role. Read it back with `apiKeysFromOptions(command.opts())`.
 */
export function addApiKeyOption(command: Command): Command {
  return command.option(
    '--api-key-env <variable>',
    "send the key in this environment variable with this run's model requests (saved keys go only to the endpoint they were saved for, not to --base-url elsewhere)",
  );
}

/**
 * The keys of `--api-key-env` (the same key for every role), or undefined without the option.
 * @throws MobaError INVALID_INPUT naming the variable when it is not set
 */
export function apiKeysFromOptions(
  opts: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
): Partial<Record<ModelRole, string>> | undefined {
  const variable = typeof opts.apiKeyEnv === 'string' ? opts.apiKeyEnv : undefined;
  if (variable === undefined) return undefined;
  const key = env[variable];
  if (!key) throw new MobaError('INVALID_INPUT', `--api-key-env ${variable}: that environment variable is not set`);
  return Object.fromEntries(MODEL_ROLES.map((role) => [role, key]));
}
