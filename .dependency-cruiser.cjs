/**
 * Import boundaries between the workspace's packages, the layers inside src/main and the
 * renderer, and no import cycles (type-only imports included: a cycle of types is still two
 * modules that cannot be understood apart). `npm run lint` runs it; `npm run lint:deps` alone.
 * See ARCHITECTURE.md for the package map and src/main's floor plan.
 */

/** What other packages may import: the files named in each package.json's "exports". */
const PUBLIC_ENTRIES = [
  '^packages/agent-client/src/index\\.ts$',
  '^packages/base/src/(index|node|random|keycodes|disturbances)\\.ts$',
  '^packages/sim/src/(index|cli|constants|state|time|disturbance-spec)\\.ts$',
  '^packages/sim/src/testing/(index|vitest)\\.ts$',
  '^packages/testkit/src/index\\.ts$',
  '^packages/testkit/src/rigs/index\\.ts$',
  '^packages/testkit/src/speech/index\\.ts$',
];
const APP = '^(src|test|e2e|perf|scripts)/';

/**
 * The renderer's layers, top to bottom. A module imports its own layer and those below it,
 * never one above: app (the shell and its page list) → features (one folder per page) → ui
 * (components several pages use) → state (zustand stores, run selectors) → routing → client.
 */
const RENDERER_LAYERS = ['app', 'features', 'ui', 'state', 'routing', 'client'];
const rendererLayerRules = RENDERER_LAYERS.slice(1).map((layer, i) => ({
  name: `renderer-${layer}-never-imports-up`,
  severity: 'error',
  comment: `src/renderer/${layer}/ sits below ${RENDERER_LAYERS.slice(0, i + 1).join(', ')}: move what it needs down a layer instead.`,
  from: { path: `^src/renderer/${layer}/` },
  to: { path: `^src/renderer/(${RENDERER_LAYERS.slice(0, i + 1).join('|')})/` },
}));

/**
 * src/main's floor plan, bottom to top (ARCHITECTURE.md, "Inside src/main"). Each unit names
 * the units it sits on directly; a module imports its own unit, those below it (through the
 * units it sits on, transitively), src/shared and the packages, nothing else of src/main.
 * Tests beside the code are exempt (they assemble real services from any layer). A unit is a
 * folder of src/main unless `path` says otherwise; `within` is a unit it is carved out of.
 */
const MAIN_UNITS = [
  {
    name: 'foundation',
    path: '^src/main/(packaging/|(paths|private-files|package-root|version|event-hub|linear-regex|bounded-read|capped-fetch|safe-id)\\.ts$)',
    uses: [],
  },
  { name: 'adb', uses: ['foundation'] },
  { name: 'llm', uses: ['foundation'] },
  { name: 'store', uses: ['foundation'] },
  { name: 'perception', uses: ['foundation'] },
  { name: 'demos', uses: ['foundation'] },
  { name: 'simulators', uses: ['foundation'] },
  { name: 'settings', uses: ['store'] },
  { name: 'export', uses: ['store'] },
  { name: 'voice', uses: ['llm', 'store'] },
  // What the agent needs from devices and memory, as interfaces their adapters implement.
  {
    name: 'agent-ports',
    path: '^src/main/agent/(ports|device-clock)\\.ts$',
    within: 'agent',
    uses: ['perception'],
  },
  { name: 'agent', uses: ['agent-ports', 'llm', 'settings'] },
  { name: 'device', uses: ['agent-ports', 'adb', 'perception', 'settings'] },
  { name: 'memory', uses: ['agent-ports', 'store'] },
  { name: 'mirror', uses: ['device'] },
  { name: 'datasets', uses: ['device'] },
  { name: 'person', uses: ['agent', 'mirror'] },
  { name: 'annotations', uses: ['agent', 'datasets'] },
  { name: 'bench', uses: ['agent', 'datasets', 'memory', 'simulators'] },
  { name: 'sweep', uses: ['bench'] },
  {
    name: 'app',
    path: '^src/main/(contract/|handlers/|app(-services)?\\.ts$)',
    uses: ['sweep', 'person', 'annotations', 'voice', 'export', 'demos'],
  },
  { name: 'host', uses: ['app'] },
  { name: 'electron', path: '^src/main/(electron/|index\\.ts$)', uses: ['app'] },
  { name: 'cli', uses: ['app', 'host'] },
];
const unitPath = (unit) => unit.path ?? `^src/main/${unit.name}/`;
const unitNamed = (name) => MAIN_UNITS.find((u) => u.name === name);
/** The unit and every unit below it. */
function reachable(unit, seen = new Set()) {
  if (seen.has(unit.name)) return seen;
  seen.add(unit.name);
  for (const name of unit.uses) reachable(unitNamed(name), seen);
  return seen;
}
const mainLayerRules = MAIN_UNITS.map((unit) => {
  const allowed = [...reachable(unit)];
  const carvedOut = MAIN_UNITS.filter((u) => u.within === unit.name).map(unitPath);
  return {
    name: `main-layer-${unit.name}`,
    severity: 'error',
    comment: `src/main's ${unit.name} sits on ${unit.uses.join(', ') || 'nothing of src/main'}: it imports only ${allowed.join(', ')} (ARCHITECTURE.md's floor plan); move what it needs down instead.`,
    from: { path: unitPath(unit), pathNot: [...carvedOut, '\\.test\\.tsx?$'] },
    to: { path: '^src/main/', pathNot: allowed.map((name) => unitPath(unitNamed(name))) },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle (type-only imports count): move the shared piece into a module both can import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'base-is-a-leaf',
      severity: 'error',
      comment: '@moba/base imports nothing but itself (and Node built-ins in its node entry).',
      from: { path: '^packages/base/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^packages/base/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'base-is-browser-safe',
      severity: 'error',
      comment:
        "@moba/base's main entry runs in the renderer and the phone's page: Node built-ins only in its node entry's modules.",
      from: {
        path: '^packages/base/src/',
        pathNot: ['^packages/base/src/(package-root|signals)\\.ts$', '\\.test\\.ts$'],
      },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'packages-never-import-the-app',
      severity: 'error',
      comment:
        'A package is usable without MobA Studio: it never imports the app (src/, test/, e2e/, perf/, scripts/).',
      from: { path: '^packages/' },
      to: { path: APP },
    },
    {
      name: 'sim-runs-without-testkit',
      severity: 'error',
      comment: "The simulated phone's own code does not need the test tools (its tests may).",
      from: { path: '^packages/sim/src/' },
      to: { path: '^packages/testkit/' },
    },
    {
      name: 'only-through-public-entries',
      severity: 'error',
      comment:
        "Import another package through its name (@moba/x or an entry in its package.json's exports), never a file inside it.",
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^packages/', pathNot: ['^packages/$1/', ...PUBLIC_ENTRIES] },
    },
    {
      name: 'app-only-through-public-entries',
      severity: 'error',
      comment:
        "Import a package through its name (@moba/x or an entry in its package.json's exports), never a file inside it.",
      from: { path: APP },
      to: { path: '^packages/', pathNot: PUBLIC_ENTRIES },
    },
    {
      name: 'renderer-features-independent',
      severity: 'error',
      comment:
        'A renderer feature never imports another feature: what two features share moves below them (src/renderer/ui, state, routing).',
      from: { path: '^src/renderer/features/([^/]+)/' },
      to: { path: '^src/renderer/features/', pathNot: '^src/renderer/features/$1/' },
    },
    ...rendererLayerRules,
    ...mainLayerRules,
    {
      name: 'main-folder-in-floor-plan',
      severity: 'error',
      comment:
        'Every module of src/main belongs to a unit of the floor plan: add a new folder to MAIN_UNITS (and ARCHITECTURE.md).',
      from: { path: '^src/main/', pathNot: [...MAIN_UNITS.map(unitPath), '\\.test\\.tsx?$'] },
      to: {},
    },
    {
      name: 'main-never-imports-renderer',
      severity: 'error',
      comment: 'src/main reaches the renderer only through the contract in src/shared, never by importing it.',
      from: { path: '^src/main/' },
      to: { path: '^src/(renderer|preload)/' },
    },
    {
      name: 'strategies-common-imports-no-strategy',
      severity: 'error',
      comment:
        "strategies/common is what every strategy shares: it imports no single strategy's folder (move the shared piece into common instead).",
      from: {
        path: '^src/main/agent/strategies/common/',
        pathNot: '\\.test\\.tsx?$',
      },
      to: { path: '^src/main/agent/strategies/[^/]+/', pathNot: '^src/main/agent/strategies/common/' },
    },
    {
      name: 'declared-dependencies-only',
      severity: 'error',
      comment:
        "Every npm package a file imports is declared in the package.json nearest to it (a package never leans on the app's dependencies).",
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true, pathNot: ['^electron$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^out/', '^test-results/', '(^|/)__snapshots__/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
