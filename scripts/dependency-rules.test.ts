/**
 * Every import rule of .dependency-cruiser.cjs catches what it is for: a throwaway tree of
 * modules is cruised with the real rule set, once clean and once per rule with a forbidden
 * import that breaks exactly that rule. The table of bad imports must name every rule in the
 * config, so a new rule cannot be added without showing it fail.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cruise } from 'dependency-cruiser';
import type { ICruiseResult, IConfiguration } from 'dependency-cruiser';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
let dir = '';

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

type Tree = Record<string, string>;

/** Writes the files (path → source) and returns the names of the rules the cruise breaks, each once. */
async function violations(files: Tree): Promise<string[]> {
  dir = mkdtempSync(join(tmpdir(), 'moba-deps-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const roots = readdirSync(dir).filter((name) => ['src', 'packages'].includes(name));
  const { output } = await cruise(roots, {
    ...config.options,
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  return [...new Set((output as ICruiseResult).summary.violations.map((v) => v.rule.name))].sort();
}

type Edge = [from: string, to: string, kind?: 'type'];

/** Modules importing each other (relative imports, type-only when marked); every module exports `x`. */
function tree(...edges: Edge[]): Tree {
  const lines = new Map<string, string[]>();
  const file = (path: string) => lines.get(path) ?? (lines.set(path, ['export const x = 1;']).get(path) as string[]);
  edges.forEach(([from, to, kind], i) => {
    file(to);
    let specifier = relative(dirname(from), to);
    if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    file(from).push(
      kind === 'type'
        ? `import type { x as x${i} } from '${specifier}';\nexport const y${i}: typeof x${i} | null = null;`
        : `import { x as x${i} } from '${specifier}';\nexport const y${i} = x${i};`,
    );
  });
  return Object.fromEntries([...lines].map(([path, body]) => [path, `${body.join('\n')}\n`]));
}

/** One module importing another. */
const imports = (from: string, to: string, kind?: 'type'): Tree => tree([from, to, kind]);

/** A module importing a bare specifier (an npm package or a Node built-in). */
function importsPackage(from: string, specifier: string): Tree {
  return { [from]: `import * as p from '${specifier}';\nexport const y = p;\n` };
}

const m = (path: string) => `src/main/${path}`;

/** A bad import inside src/main: `from` imports `to` (paths under src/main). */
const across = (from: string, to: string, what: string, kind?: 'type') => ({
  what,
  files: imports(m(from), m(to), kind),
});

/** Per rule: what the bad import is, and a tree holding it (and nothing else forbidden). */
const BAD_IMPORTS: Record<string, { what: string; files: Tree }> = {
  'no-cycle': {
    what: 'two store modules importing each other',
    files: {
      [m('store/a.ts')]: "import { b } from './b.ts';\nexport const a = () => b;\n",
      [m('store/b.ts')]: "import { a } from './a.ts';\nexport const b = () => a;\n",
    },
  },
  'base-is-a-leaf': {
    what: '@moba/base → @moba/sim',
    files: imports('packages/base/src/index.ts', 'packages/sim/src/index.ts'),
  },
  'base-is-browser-safe': {
    what: "@moba/base's main entry → node:fs",
    files: importsPackage('packages/base/src/index.ts', 'node:fs'),
  },
  'packages-never-import-the-app': {
    what: '@moba/sim → src/shared',
    files: imports('packages/sim/src/index.ts', 'src/shared/errors.ts'),
  },
  'sim-runs-without-testkit': {
    what: '@moba/sim → @moba/testkit',
    files: imports('packages/sim/src/index.ts', 'packages/testkit/src/index.ts'),
  },
  'only-through-public-entries': {
    what: '@moba/sim → a file inside @moba/base',
    files: imports('packages/sim/src/index.ts', 'packages/base/src/errors.ts'),
  },
  'app-only-through-public-entries': {
    what: 'src/main → a file inside @moba/base',
    files: imports(m('store/a.ts'), 'packages/base/src/errors.ts'),
  },
  'renderer-features-independent': {
    what: 'one renderer feature → another',
    files: imports('src/renderer/features/b/page.tsx', 'src/renderer/features/a/page.tsx'),
  },
  'renderer-features-never-imports-up': {
    what: 'renderer features → app',
    files: imports('src/renderer/features/a/shell.tsx', 'src/renderer/app/app.tsx'),
  },
  'renderer-ui-never-imports-up': {
    what: 'renderer ui → features',
    files: imports('src/renderer/ui/card.tsx', 'src/renderer/features/b/page.tsx'),
  },
  // Type-only imports count: a store that knows a component's type depends on it.
  'renderer-state-never-imports-up': {
    what: 'renderer state → ui (type only)',
    files: imports('src/renderer/state/view.ts', 'src/renderer/ui/widget.tsx', 'type'),
  },
  'renderer-routing-never-imports-up': {
    what: 'renderer routing → state',
    files: imports('src/renderer/routing/router.ts', 'src/renderer/state/store.ts'),
  },
  'renderer-client-never-imports-up': {
    what: 'renderer client → routing',
    files: imports('src/renderer/client/client.ts', 'src/renderer/routing/router.ts'),
  },
  'main-layer-foundation': across('paths.ts', 'store/database.ts', 'paths.ts → store'),
  'main-layer-adb': across('adb/adb-client.ts', 'device/device-service.ts', 'adb → device'),
  'main-layer-llm': across('llm/model-gateway.ts', 'sweep/jobs.ts', 'llm → sweep'),
  'main-layer-store': across('store/runs-repo.ts', 'mirror/mirror-service.ts', 'store → mirror', 'type'),
  'main-layer-perception': across('perception/marks.ts', 'device/observe.ts', 'perception → device'),
  'main-layer-demos': across('demos/recorder.ts', 'agent/gating.ts', 'demos → agent'),
  'main-layer-simulators': across('simulators/simulator-manager.ts', 'bench/phone-pool.ts', 'simulators → bench'),
  'main-layer-settings': across('settings/settings.ts', 'llm/endpoints.ts', 'settings → llm'),
  'main-layer-export': across('export/run-export.ts', 'agent/gating.ts', 'export → agent'),
  'main-layer-voice': across('voice/voice-service.ts', 'agent/run-service.ts', 'voice → agent'),
  'main-layer-agent-ports': across('agent/ports.ts', 'agent/run-service.ts', 'ports → run service', 'type'),
  // Strategies reach a device only through the agent's ports.
  'main-layer-agent': across('agent/strategies/moba/moba-loop.ts', 'device/observe.ts', 'a strategy → device'),
  'main-layer-device': across('device/agent-device.ts', 'agent/run-service.ts', 'device → the agent beyond its ports'),
  'main-layer-memory': across('memory/strategy-memory.ts', 'agent/strategies/moba/moba-loop.ts', 'memory → a strategy'),
  'main-layer-mirror': across('mirror/mirror-layer.ts', 'contract/router.ts', 'mirror → the contract router', 'type'),
  'main-layer-datasets': across('datasets/run-selection.ts', 'bench/bench-repo.ts', 'datasets → bench'),
  'main-layer-person': across('person/person-actions.ts', 'memory/memory-service.ts', 'person → memory'),
  'main-layer-annotations': across('annotations/annotation-service.ts', 'bench/bench-repo.ts', 'annotations → bench'),
  'main-layer-bench': across('bench/bench-service.ts', 'sweep/sweep-service.ts', 'bench → sweep', 'type'),
  'main-layer-sweep': across('sweep/worker.ts', 'person/person-actions.ts', 'sweep → person'),
  'main-layer-app': across('app.ts', 'cli/main.ts', 'app.ts → cli'),
  'main-layer-host': across('host/web-host.ts', 'cli/main.ts', 'host → cli'),
  'main-layer-electron': across('electron/window.ts', 'cli/main.ts', 'electron → cli'),
  'main-layer-cli': across('cli/main.ts', 'electron/window.ts', 'cli → electron'),
  'main-folder-in-floor-plan': {
    what: 'a folder of src/main missing from the floor plan',
    files: imports(m('gadgets/gadget.ts'), 'src/shared/errors.ts'),
  },
  'main-never-imports-renderer': {
    what: 'main → renderer',
    files: imports(m('export/html-report.ts'), 'src/renderer/ui/widget.tsx'),
  },
  'strategies-common-imports-no-strategy': across(
    'agent/strategies/common/step-kernel.ts',
    'agent/strategies/moba/moba-steps.ts',
    'strategies/common → moba',
  ),
  'declared-dependencies-only': {
    what: 'an npm package no package.json declares',
    files: {
      'package.json': '{ "name": "app", "dependencies": {} }\n',
      'node_modules/left-pad/package.json': '{ "name": "left-pad", "version": "1.0.0", "main": "index.js" }\n',
      'node_modules/left-pad/index.js': 'module.exports = 1;\n',
      ...importsPackage(m('store/a.ts'), 'left-pad'),
    },
  },
  resolvable: {
    what: 'an import of a file that does not exist',
    files: { [m('store/a.ts')]: "import { x } from './missing.ts';\nexport const y = x;\n" },
  },
};

/** Allowed imports across the floor plans: each layer using what it sits on. */
const CLEAN: Tree = tree(
  ['src/renderer/app/app.tsx', 'src/renderer/features/a/page.tsx'],
  ['src/renderer/features/b/page.tsx', 'src/renderer/ui/widget.tsx'],
  ['src/renderer/ui/card.tsx', 'src/renderer/state/store.ts'],
  ['src/renderer/state/view.ts', 'src/renderer/routing/router.ts'],
  ['src/renderer/routing/href.ts', 'src/renderer/client/client.ts'],
  ['src/renderer/client/call.ts', 'src/shared/contract.ts'],
  [m('perception/ocr.ts'), m('packaging/app-archive.ts')],
  [m('settings/settings-service.ts'), m('store/database.ts')],
  [m('agent/ports.ts'), m('perception/marks.ts')],
  [m('agent/run-service.ts'), m('llm/model-gateway.ts')],
  [m('agent/strategies/moba/moba-loop.ts'), m('agent/strategies/common/call-syntax.ts')],
  [m('device/agent-device.ts'), m('agent/ports.ts'), 'type'],
  [m('memory/strategy-memory.ts'), m('agent/ports.ts'), 'type'],
  [m('mirror/mirror-layer.ts'), m('event-hub.ts'), 'type'],
  [m('mirror/mirror-service.ts'), m('device/input/adb-input.ts')],
  [m('person/person-actions.ts'), m('mirror/mirror-service.ts')],
  [m('bench/phone-pool.ts'), m('simulators/simulator-manager.ts')],
  [m('bench/bench-memory.ts'), m('memory/index.ts')],
  [m('sweep/worker.ts'), m('bench/runner.ts')],
  [m('handlers/sweep-handlers.ts'), m('sweep/sweep-service.ts')],
  [m('host/web-host.ts'), m('app.ts')],
  [m('index.ts'), m('electron/window.ts')],
  [m('cli/commands/serve.ts'), m('host/web-host.ts')],
);

describe('import rules', () => {
  it('have a bad import shown for every rule in the config', () => {
    const names = (config.forbidden ?? []).map((rule) => rule.name ?? '(unnamed)');
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(BAD_IMPORTS).sort()).toEqual([...names].sort());
  });

  it('accept a tree where every layer imports only what it sits on', async () => {
    expect(await violations(CLEAN)).toEqual([]);
  });

  for (const [rule, { what, files }] of Object.entries(BAD_IMPORTS)) {
    it(`${rule} rejects ${what}`, async () => {
      expect(await violations(files)).toEqual([rule]);
    });
  }
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
    ).toEqual(['strategies-common-imports-no-strategy']);
  });
});
