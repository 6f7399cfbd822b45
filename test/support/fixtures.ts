import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The shared real uiautomator dumps: `$MOBA_FIXTURES`, else `../shared/fixtures/uiautomator-dumps`
 * beside the checkout (where CI puts it). Never copied into the project.
 *
 * @throws Error naming both places when the folder is missing, so a test fails loudly
 */
export function fixturesDir(): string {
  const dir = process.env.MOBA_FIXTURES || join(repoRoot, '..', 'shared', 'fixtures', 'uiautomator-dumps');
  if (!existsSync(dir)) {
    throw new Error(
      `The uiautomator dump fixtures are missing: ${dir} does not exist. Put the shared folder beside the checkout (../shared/fixtures/uiautomator-dumps) or set MOBA_FIXTURES.`,
    );
  }
  return dir;
}

/** The names of the dump files (`01-….xml` … `14-….xml`), sorted. */
export function dumpFixtureNames(): string[] {
  const names = readdirSync(fixturesDir())
    .filter((n) => n.endsWith('.xml'))
    .sort();
  if (names.length === 0) throw new Error(`No .xml dumps in ${fixturesDir()}.`);
  return names;
}

/** One dump's text, by its file name or its two-digit number ("07"). */
export function readDumpFixture(nameOrNumber: string): string {
  const name = /^\d\d$/.test(nameOrNumber)
    ? dumpFixtureNames().find((n) => n.startsWith(`${nameOrNumber}-`))
    : nameOrNumber;
  if (!name) throw new Error(`No dump fixture numbered ${nameOrNumber} in ${fixturesDir()}.`);
  return readFileSync(join(fixturesDir(), name), 'utf8');
}
