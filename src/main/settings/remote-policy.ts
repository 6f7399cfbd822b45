/**
 * Settings a web client may not change. Anyone with the web host's token can drive devices and
 * edit most settings, but not the ones that would let them run programs or read secrets on the
 * host: `adb.binary` (a program the host starts), `mirror.scrcpyServerPath` (a host file pushed
 * to phones and run there) and a model endpoint's `apiKeyEnv` (it names the host environment
 * variable whose value is sent as a bearer token) and `sweep.redisUrl` (the host would connect
 * to that address and send the host's MOBA_REDIS_PASSWORD there). Those change only in the desktop app or with
 * the local `moba settings set`. Likewise a benchmark configuration's `memorySeed`, a host file
 * whose contents go into prompts: only the desktop app and `moba bench run` may name one.
 */
import { MobaError } from '../../shared/errors.ts';
import { MODEL_ROLES } from '../../shared/schemas/settings.ts';
import type { Settings } from '../../shared/schemas/settings.ts';

/** Who asks for a change: this machine's own user (desktop app, CLI, in-process code) or a web client. */
export type SettingsWriter = 'local' | 'remote';

/**
 * @throws MobaError UNAUTHORIZED naming the first host-only field that `next` changes.
 */
export function assertRemoteMayWrite(current: Settings, next: Settings): void {
  const changed: string[] = [];
  if (next.adb.binary !== current.adb.binary) changed.push('adb.binary');
  if (next.mirror.scrcpyServerPath !== current.mirror.scrcpyServerPath) changed.push('mirror.scrcpyServerPath');
  if (next.sweep.redisUrl !== current.sweep.redisUrl) changed.push('sweep.redisUrl');
  for (const role of ['default', ...MODEL_ROLES] as const) {
    if ((next.models[role]?.apiKeyEnv ?? undefined) !== (current.models[role]?.apiKeyEnv ?? undefined))
      changed.push(`models.${role}.apiKeyEnv`);
  }
  if (changed.length) {
    throw new MobaError(
      'UNAUTHORIZED',
      `${changed.join(', ')} ${changed.length === 1 ? 'names' : 'name'} a program, file or secret on the host, so ${changed.length === 1 ? 'it' : 'they'} can be changed only in the desktop app or on the host with \`moba settings set\`, not from a web client.`,
      { details: { fields: changed } },
    );
  }
}

/**
 * A web client names no host files in a benchmark's configurations (`memorySeed`).
 * @throws MobaError UNAUTHORIZED naming the first configuration that does
 */
export function assertRemoteMayRunConfigurations(
  configurations: ReadonlyArray<{ memorySeed?: string | undefined; externalCommand?: readonly string[] | undefined }>,
): void {
  const p = configurations.findIndex((c) => c.externalCommand !== undefined);
  if (p >= 0)
    throw new MobaError(
      'UNAUTHORIZED',
      `configurations[${p}].externalCommand names a program the host would start, so it can be given only in the desktop app or on the host (\`moba bench run --agent external --external-cmd …\`), not from a web client.`,
      { details: { fields: [`configurations[${p}].externalCommand`] } },
    );
  const i = configurations.findIndex((c) => c.memorySeed !== undefined);
  if (i >= 0)
    throw new MobaError(
      'UNAUTHORIZED',
      `configurations[${i}].memorySeed names a file on the host, so it can be given only in the desktop app or on the host (\`moba bench run --memory-seed FILE\`), not from a web client.`,
      { details: { fields: [`configurations[${i}].memorySeed`] } },
    );
}
