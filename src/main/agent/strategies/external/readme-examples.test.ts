/**
 * The README's example agents are the repository's files, word for word, so the manual cannot
 * drift from what the integration tests run (test/integration/agent-external.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The README's fenced blocks in `language`, each without its fences. */
function blocks(language: string): string[] {
  return [...README.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]!);
}

describe("the README's example agents", () => {
  it('the TypeScript block is resources/agent-client/ts/examples/add-alarm.ts', () => {
    const file = readFileSync(join(ROOT, 'resources', 'agent-client', 'ts', 'examples', 'add-alarm.ts'), 'utf8');
    const shown = blocks('ts').filter((b) => b.includes('@moba/agent-client'));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toBe(file);
  });

  it('every command that starts an example names a file that exists', () => {
    const named = [...README.matchAll(/(?:python3|node) (resources\/agent-client\/[\w/.-]+\.(?:py|ts))/g)].map(
      (m) => m[1]!,
    );
    expect(named).toContain('resources/agent-client/ts/examples/add-alarm.ts');
    expect(named).toContain('resources/agent-client/python/examples/alarm_agent.py');
    for (const path of new Set(named)) expect(() => readFileSync(join(ROOT, path)), path).not.toThrow();
  });
});
