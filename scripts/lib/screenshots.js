// The README's screenshots: which images it shows, which e2e specs save them (each through
// `savePanelShot` into test-results/screenshots/), and how a saved shot becomes the committed
// image in docs/screenshots/ (an 8-bit palette PNG, a third of the size, text still sharp).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The e2e specs whose shots the README shows; `npm run screenshots` runs exactly these. */
export const SCREENSHOT_SPECS = [
  'e2e/cockpit-run.spec.ts',
  'e2e/cockpit-inspect.spec.ts',
  'e2e/cockpit-memory.spec.ts',
  'e2e/no-key.spec.ts',
  'e2e/history-research.spec.ts',
  'e2e/memory-trust.spec.ts',
  'e2e/strategy-panels.spec.ts',
  'e2e/voice.spec.ts',
  'e2e/shell.spec.ts',
  'e2e/benchmarks.spec.ts',
  'e2e/benchmarks-workers.spec.ts',
];

export const SHOTS_DIR = join('test-results', 'screenshots');
export const DOCS_DIR = join('docs', 'screenshots');

/**
 * The names (without `.png`) of the images a markdown text shows from docs/screenshots/, in
 * order of first appearance.
 * @param {string} markdown
 * @returns {string[]}
 */
export function readmeImages(markdown) {
  const names = [...markdown.matchAll(/!\[[^\]]*\]\(docs\/screenshots\/([\w.-]+)\.png\)/g)].map((m) => m[1]);
  return [...new Set(names)];
}

/**
 * The shot names a spec saves: the literal first-or-second arguments of `savePanelShot(page,
 * 'name')` and of a spec's own `shot('name')`.
 * @param {string} source
 * @returns {string[]}
 */
export function savedShotNames(source) {
  const names = [...source.matchAll(/\b(?:savePanelShot\(\s*\w+\s*,|shot\()\s*'([\w.-]+)'/g)].map((m) => m[1]);
  return [...new Set(names)];
}

/**
 * README images that none of the specs saves, and docs/screenshots/ files the README does not show.
 * @param {string} root the repository folder
 */
export function screenshotProblems(root) {
  const shown = readmeImages(readFileSync(join(root, 'README.md'), 'utf8'));
  const saved = new Set(SCREENSHOT_SPECS.flatMap((spec) => savedShotNames(readFileSync(join(root, spec), 'utf8'))));
  const committed = readdirSync(join(root, DOCS_DIR))
    .filter((f) => f.endsWith('.png'))
    .map((f) => f.slice(0, -4));
  return {
    unsaved: shown.filter((n) => !saved.has(n)),
    missing: shown.filter((n) => !committed.includes(n)),
    unshown: committed.filter((n) => !shown.includes(n)),
  };
}

/** sharp's options for a committed screenshot: a palette PNG at the highest compression. */
export const DOCS_PNG = { palette: true, quality: 90, effort: 10, compressionLevel: 9 };
