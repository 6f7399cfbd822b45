/**
 * How `npm run dist` packages the desktop app (electron-builder). The app is the built bundles
 * in out/ plus the production dependencies in node_modules; the workspace's packages are
 * bundled into out/main, but @moba/sim and @moba/base still ship as packages, because the
 * simulated phone reads its page sources and resources from its package folder at run time
 * (`findPackageRoot('@moba/sim', …)` finds node_modules/@moba/sim inside the app).
 *
 * `test/integration/packaging.test.ts` builds this layout with a stand-in Electron and checks
 * that every file the app opens at run time is where the code looks for it.
 */
import type { Configuration } from 'electron-builder';

/**
 * Files that must be ordinary files on disk, outside app.asar. Electron reads inside the archive
 * for its own `fs` and `require`, but not for everything else:
 * - native code: better-sqlite3's and sharp's Node-API binaries, and libvips beside sharp's, are
 *   loaded by the OS loader;
 * - the OCR language data is linked into a temporary folder for tesseract's worker, and a link
 *   cannot point into an archive;
 * - what the simulated phone reads at run time: the page and app sources it serves into its
 *   Chromium, @moba/base's random generator that the page imports, and its resources (the
 *   scrcpy stand-in pushed to the phone). Electron's fs would read them inside the archive, but
 *   as plain files any reader outside it (a child process, a worker) can open them, and a person
 *   debugging a phone sees the very files it runs;
 * - the example scripts and memory seed, which a person opens from a file picker.
 */
export const ASAR_UNPACK = [
  'node_modules/better-sqlite3/**',
  'node_modules/sharp/**',
  'node_modules/@img/**',
  'node_modules/@tesseract.js-data/**',
  'node_modules/@moba/sim/src/phone/page/**',
  'node_modules/@moba/sim/src/apps/**',
  'node_modules/@moba/sim/resources/**',
  'node_modules/@moba/base/src/random.ts',
  'resources/memory/**',
  'resources/scripts/**',
];

const config: Configuration = {
  appId: 'org.moba.studio',
  productName: 'MobA Studio',
  executableName: 'moba-studio',
  copyright: 'MobA Studio contributors',
  directories: { output: 'dist', buildResources: 'build' },
  // The app's own files; production dependencies (node_modules) are added by electron-builder.
  // The scrcpy server is never shipped (resources/scrcpy-server is a person's own download).
  files: [
    'package.json',
    'out/**',
    'resources/memory/**',
    'resources/scripts/**',
    '!**/*.map',
    '!**/*.test.ts',
    '!node_modules/@moba/*/test/**',
    '!node_modules/@moba/*/README.md',
    // better-sqlite3's C sources: its prebuilds are what runs.
    '!node_modules/better-sqlite3/{deps,src}/**',
  ],
  asar: true,
  asarUnpack: ASAR_UNPACK,
  // better-sqlite3 13 and sharp ship Node-API prebuilds, which Electron loads as they are: no
  // compiler and no Electron headers are needed to package.
  npmRebuild: false,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,
  publish: null,
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Development',
    maintainer: 'MobA Studio contributors',
    synopsis: 'A control center for LLM-driven Android agents',
  },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.developer-tools',
  },
  win: {
    target: ['nsis'],
  },
};

export default config;
