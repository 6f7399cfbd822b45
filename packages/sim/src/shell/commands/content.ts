/**
 * `content query|insert|update|delete|gettype --uri URI [--user N] [--projection a:b]
 * [--where W] [--sort S] [--bind NAME:TYPE:VALUE…]`, Android's content-provider shell tool,
 * over the providers in content-providers.ts. Query prints `Row: N col=value, …` (or
 * `No result found.`); binds are typed `s` (string), `i`/`l` (integer), `f`/`d` (decimal),
 * `b` (boolean) or `n` (null). The shell user may write the SMS provider here, which a stock
 * phone only lets the default SMS app do.
 */
import { MobaError } from '@moba/base';
import { CommandError } from '../registry.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { PROVIDERS } from './content-providers.ts';
import type { ProviderContext, Table } from './content-providers.ts';
import { sortRows, whereFilter } from './content-where.ts';
import type { CellValue, Row } from './content-where.ts';
import { command, deviceTimeZone } from './util.ts';

const USAGE = `usage: adb shell content [subcommand] [options]

usage: adb shell content insert --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...] [--extra <BINDING>...]
  <URI> a content provider URI.
  <BINDING> binds a typed value to a column and is formatted:
  <COLUMN_NAME>:<TYPE>:<COLUMN_VALUE> where:
  <TYPE> specifies data type such as:
  b - boolean, s - string, i - integer, l - long, f - float, d - double, n - null
  Note: Omit the value for passing an empty string, e.g column:s:

usage: adb shell content update --uri <URI> [--user <USER_ID>] [--where <WHERE>] [--extra <BINDING>...]
usage: adb shell content delete --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...] [--where <WHERE>]
usage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>]
  <PROJECTION> is a list of colon separated column names and is formatted:
  <COLUMN_NAME>[:<COLUMN_NAME>...]
  <SORT_ORDER> is the order in which rows in the result should be sorted.
usage: adb shell content gettype --uri <URI> [--user <USER_ID>]
`;

interface ContentArgs {
  verb: string;
  uri: string | undefined;
  projection: string[] | undefined;
  where: string | undefined;
  sort: string | undefined;
  binds: Row;
}

function parseBind(spec: string): [string, CellValue] {
  const first = spec.indexOf(':');
  const second = spec.indexOf(':', first + 1);
  if (first < 0 || second < 0) throw new CommandError(`Binding not well formed: ${spec}`);
  const name = spec.slice(0, first);
  const type = spec.slice(first + 1, second);
  const value = spec.slice(second + 1);
  switch (type) {
    case 's':
      return [name, value];
    case 'i':
    case 'l':
    case 'f':
    case 'd': {
      const n = Number(value);
      if (value === '' || Number.isNaN(n))
        throw new CommandError(`java.lang.NumberFormatException: For input string: "${value}"`);
      return [name, n];
    }
    case 'b':
      return [name, value === 'true' || value === '1' ? 1 : 0];
    case 'n':
      return [name, null];
    default:
      throw new CommandError(`Unsupported type: ${type}`);
  }
}

function parseArgs(args: readonly string[]): ContentArgs {
  const [verb = '', ...rest] = args;
  const out: ContentArgs = {
    verb,
    uri: undefined,
    projection: undefined,
    where: undefined,
    sort: undefined,
    binds: {},
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    const value = (): string => {
      const v = rest[++i];
      if (v === undefined) throw new CommandError(`Error: Argument expected after "${arg}"`);
      return v;
    };
    if (arg === '--uri') out.uri = value();
    else if (arg === '--user') value();
    else if (arg === '--projection') out.projection = value().split(':');
    else if (arg === '--where') out.where = value();
    else if (arg === '--sort') out.sort = value();
    else if (arg === '--bind' || arg === '--extra') {
      const [name, v] = parseBind(value());
      out.binds[name] = v;
    } else throw new CommandError(`Unsupported argument: ${arg}`);
  }
  return out;
}

/** `content://authority/path[/ID]` → the table and the row id, or an Android-worded failure. */
function resolve(uri: string): { authority: string; table: Table; id: number | undefined } {
  const m = /^content:\/\/([^/]+)\/?(.*)$/.exec(uri);
  if (!m) throw new CommandError(`Error while accessing provider: Invalid URI ${uri}`);
  const authority = m[1] as string;
  const tables = PROVIDERS[authority];
  if (!tables)
    throw new CommandError(
      `Error while accessing provider:${authority}\njava.lang.IllegalStateException: Could not find provider: ${authority}`,
    );
  let path = (m[2] as string).replace(/\/$/, '');
  let id: number | undefined;
  const tail = /^(.*?)\/?(\d+)$/.exec(path);
  if (tail && tables[tail[1] as string]) {
    path = tail[1] as string;
    id = Number(tail[2]);
  }
  const table = tables[path];
  if (!table)
    throw new CommandError(
      `Error while accessing provider:${authority}\njava.lang.IllegalArgumentException: Unknown URL ${uri}`,
    );
  return { authority, table, id };
}

/** Runs `step` as the provider's SQLite would: its failures read as Android's SQLiteException. */
function sqlite<T>(authority: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    throw new CommandError(
      `Error while accessing provider:${authority}\nandroid.database.sqlite.SQLiteException: ${error.message}`,
    );
  }
}

function show(value: CellValue | undefined): string {
  return value === null || value === undefined ? 'NULL' : String(value);
}

async function run(ctx: CommandContext, a: ContentArgs): Promise<number> {
  if (!a.uri) {
    await ctx.err(`[ERROR] Content provider URI not specified\n${USAGE}`);
    return 1;
  }
  const { authority, table, id } = resolve(a.uri);
  if (a.verb === 'gettype') {
    await ctx.out(`Result: ${id === undefined ? 'vnd.android.cursor.dir' : 'vnd.android.cursor.item'}/${authority}\n`);
    return 0;
  }
  const pc: ProviderContext = {
    data: (await ctx.device.appData(table.pkg)) as Record<string, unknown>,
    zone: deviceTimeZone(ctx),
    now: ctx.device.now(),
  };
  const matchesWhere = sqlite(authority, () => whereFilter(a.where));
  const selected = (): Row[] =>
    table.rows(pc).filter((row) => (id === undefined || row._id === id) && sqlite(authority, () => matchesWhere(row)));
  switch (a.verb) {
    case 'query': {
      const columns = a.projection ?? [...table.columns];
      const rows = sortRows(selected(), a.sort);
      for (const column of columns)
        if (rows[0] && !(column in rows[0]))
          throw new CommandError(
            `Error while accessing provider:${authority}\nandroid.database.sqlite.SQLiteException: no such column: ${column}`,
          );
      if (rows.length === 0) await ctx.out('No result found.\n');
      else
        await ctx.out(
          rows.map((row, n) => `Row: ${n} ${columns.map((c) => `${c}=${show(row[c])}`).join(', ')}\n`).join(''),
        );
      return 0;
    }
    case 'insert':
      if (!table.insert)
        throw new CommandError(
          `Error while accessing provider:${authority}\njava.lang.UnsupportedOperationException: insert is not supported for ${a.uri}`,
        );
      if (Object.keys(a.binds).length === 0) throw new CommandError(`[ERROR] Bindings not specified\n${USAGE}`);
      await ctx.device.setAppData(table.pkg, table.insert(pc, a.binds));
      return 0;
    case 'update':
    case 'delete': {
      const method = a.verb === 'update' ? table.update : table.delete;
      if (!method)
        throw new CommandError(
          `Error while accessing provider:${authority}\njava.lang.UnsupportedOperationException: ${a.verb} is not supported for ${a.uri}`,
        );
      const rows = selected();
      if (rows.length > 0) await ctx.device.setAppData(table.pkg, method(pc, rows, a.binds));
      return 0;
    }
    default:
      await ctx.err(`Unsupported operation: ${a.verb}\n`);
      return 1;
  }
}

export const content: ShellCommand = command('content', async (ctx) => {
  if (ctx.args.length === 0) {
    await ctx.out(USAGE);
    return 0;
  }
  try {
    return await run(ctx, parseArgs(ctx.args));
  } catch (error) {
    if (error instanceof CommandError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const uri = ctx.args[ctx.args.indexOf('--uri') + 1] ?? '';
    const authority = /^content:\/\/([^/]+)/.exec(uri)?.[1] ?? '';
    throw new CommandError(
      `Error while accessing provider:${authority}\n${error instanceof MobaError || message.startsWith('java.') ? '' : 'java.lang.IllegalArgumentException: '}${message}`,
    );
  }
});
