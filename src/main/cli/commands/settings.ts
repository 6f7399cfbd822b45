/**
 * `moba settings`: the settings on the host itself. This is how a lab server's operator changes
 * what a web client may not (`adb.binary`, `mirror.scrcpyServerPath`, an endpoint's `apiKeyEnv`)
 * and moves API keys to the endpoints saved now (`bind-keys`). It opens only the database: no
 * devices, models or mirror.
 */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { resolveDataDir, dataPaths } from '../../paths.ts';
import { ensurePrivateDataDir } from '../../private-files.ts';
import { openDatabase } from '../../store/database.ts';
import { SettingsService } from '../../settings/settings-service.ts';
import { EnvSecretStore } from '../../settings/secrets.ts';
import type { CliIo } from '../io.ts';
import { dataDirOf } from '../options.ts';

function withSettings<T>(command: Command, fn: (s: SettingsService) => T): T {
  const dataDir = dataDirOf(command) ?? resolveDataDir();
  // The data folder holds every run's screens and prompts: 0700 here as for every other writer.
  ensurePrivateDataDir(dataDir);
  const db = openDatabase({ path: dataPaths(dataDir).databasePath });
  try {
    return fn(new SettingsService({ db, secrets: new EnvSecretStore() }));
  } finally {
    db.close();
  }
}

/** `agent.maxSteps 40` → `{ agent: { maxSteps: 40 } }`; the value is JSON when it parses, else a string. */
export function patchFromPath(path: string, raw: string): Record<string, unknown> {
  const parts = path.split('.');
  if (parts.length < 2 || parts.some((p) => !/^[A-Za-z][A-Za-z0-9]*$/.test(p)))
    throw new InvalidArgumentError('expected SECTION.FIELD, e.g. adb.binary or agent.maxSteps');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  const patch: Record<string, unknown> = {};
  let at = patch;
  for (const p of parts.slice(0, -1)) {
    const next: Record<string, unknown> = {};
    at[p] = next;
    at = next;
  }
  at[parts.at(-1)!] = value;
  return patch;
}

export function registerSettings(program: Command, io: CliIo): void {
  const settings = program
    .command('settings')
    .description('show and change settings on this machine; bind API keys to the endpoints saved now');

  settings
    .command('show')
    .description('the settings, and where each role’s key comes from and which origin it is kept for')
    .option('--json', 'print JSON', false)
    .action((opts: { json: boolean }, command: Command) =>
      withSettings(command, (s) => {
        const view = s.view();
        if (opts.json) return void io.out(`${JSON.stringify(view)}\n`);
        io.out(`${JSON.stringify(view.settings, null, 2)}\n\nkeys:\n`);
        for (const k of view.keys) {
          const where = k.keptFor
            ? ` — kept for ${k.keptFor}${k.sentToEndpoint === false ? ' (NOT sent: the endpoint is elsewhere; `moba settings bind-keys` moves it)' : ''}`
            : '';
          io.out(`  ${k.role.padEnd(12)} ${k.source}${k.variable ? ` ($${k.variable})` : ''}${where}\n`);
        }
      }),
    );

  settings
    .command('set <path> <value>')
    .description(
      'change one field, e.g. `moba settings set adb.binary /opt/android/platform-tools/adb` (the value is JSON when it parses)',
    )
    .action((path: string, value: string, _opts: unknown, command: Command) =>
      withSettings(command, (s) => {
        s.update(patchFromPath(path, value), 'local');
        io.out(
          `${path} = ${JSON.stringify(path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], s.get()))}\n`,
        );
      }),
    );

  settings
    .command('bind-keys')
    .description(
      "send each role's API key to the origin of the endpoint saved now (after checking it with `moba settings show`)",
    )
    .action((_opts: unknown, command: Command) =>
      withSettings(command, (s) => {
        s.bindKeys();
        for (const k of s.keyStatus()) if (k.keptFor) io.out(`  ${k.role.padEnd(12)} → ${k.keptFor}\n`);
      }),
    );
}
