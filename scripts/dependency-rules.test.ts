/**
 * The import rules of .dependency-cruiser.cjs catch what they are for: a throwaway tree of
 * renderer modules is cruised with the real rule set, once clean and once with each kind of
 * forbidden arrow.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cruise } from 'dependency-cruiser';
import type { ICruiseResult, IConfiguration } from 'dependency-cruiser';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
let dir = '';

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** Writes the files (path → source) and returns the names of the rules the cruise breaks. */
async function violations(files: Record<string, string>): Promise<string[]> {
  dir = mkdtempSync(join(tmpdir(), 'moba-deps-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const { output } = await cruise(['src'], {
    ...config.options,
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  return (output as ICruiseResult).summary.violations.map((v) => v.rule.name).sort();
}

const layered = {
  'src/renderer/app/app.tsx': "import { Page } from '../features/a/page.tsx';\nexport const App = Page;\n",
  'src/renderer/features/a/page.tsx':
    "import { Widget } from '../../ui/widget.tsx';\nimport { store } from '../../state/store.ts';\nexport const Page = [Widget, store];\n",
  'src/renderer/features/b/page.tsx': "import { Widget } from '../../ui/widget.tsx';\nexport const Other = Widget;\n",
  'src/renderer/ui/widget.tsx': "import { store } from '../state/store.ts';\nexport const Widget = store;\n",
  'src/renderer/state/store.ts': "import { href } from '../routing/router.ts';\nexport const store = href;\n",
  'src/renderer/routing/router.ts': 'export const href = 1;\n',
};

describe('renderer layering rules', () => {
  it('accept features that share through ui and state', async () => {
    expect(await violations(layered)).toEqual([]);
  });

  it('reject a feature importing another feature', async () => {
    expect(
      await violations({
        ...layered,
        'src/renderer/features/b/page.tsx': "import { Page } from '../a/page.tsx';\nexport const Other = Page;\n",
      }),
    ).toEqual(['renderer-features-independent']);
  });

  it('reject a lower layer importing a higher one', async () => {
    expect(
      await violations({
        ...layered,
        'src/renderer/ui/card.tsx': "import { Other } from '../features/b/page.tsx';\nexport const Card = Other;\n",
      }),
    ).toEqual(['renderer-ui-never-imports-up']);
    // Type-only imports count: a store that knows a component's type depends on it.
    expect(
      await violations({
        ...layered,
        'src/renderer/state/view.ts':
          "import type { Widget } from '../ui/widget.tsx';\nexport const view: typeof Widget | null = null;\n",
      }),
    ).toEqual(['renderer-state-never-imports-up']);
    expect(
      await violations({
        ...layered,
        'src/renderer/features/a/shell.tsx': "import { App } from '../../app/app.tsx';\nexport const Shell = App;\n",
      }),
    ).toContain('renderer-features-never-imports-up');
  });
});

describe('the strategies step kernel', () => {
  const strategies = {
    'src/main/agent/strategies/common/kernel.ts': 'export const kernel = 1;\n',
    'src/main/agent/strategies/moba/loop.ts':
      "import { kernel } from '../common/kernel.ts';\nexport const loop = kernel;\n",
  };

  it('accepts MobA building on common', async () => {
    expect(await violations(strategies)).toEqual([]);
  });

  it('rejects common importing MobA, type-only imports too', async () => {
    expect(
      await violations({
        ...strategies,
        'src/main/agent/strategies/common/runner.ts':
          "import type { loop } from '../moba/loop.ts';\nexport const runner: typeof loop | null = null;\n",
      }),
    ).toEqual(['strategies-common-never-imports-moba']);
  });
});
