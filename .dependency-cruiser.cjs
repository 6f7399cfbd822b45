/**
 * Import boundaries between the workspace's packages, and no import cycles (type-only imports
 * included: a cycle of types is still two modules that cannot be understood apart).
 * `npm run lint` runs it; `npm run lint:deps` alone. See ARCHITECTURE.md for the package map.
 */

/** What other packages may import: the files named in each package.json's "exports". */
const PUBLIC_ENTRIES = [
  '^packages/base/src/(index|node|random)\\.ts$',
  '^packages/sim/src/(index|cli|constants|time)\\.ts$',
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
