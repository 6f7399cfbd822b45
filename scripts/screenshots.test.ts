import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeImages, savedShotNames, screenshotProblems } from './lib/screenshots.js';

const ROOT = join(import.meta.dirname, '..');

describe("the README's screenshots", () => {
  it('are each saved by one of the specs `npm run screenshots` runs, committed, and nothing else is committed', () => {
    expect(screenshotProblems(ROOT)).toEqual({ unsaved: [], missing: [], unshown: [] });
  });

  it('are found in the markdown by path, once each, and a spec’s shots by their literal names', () => {
    const md =
      '![A](docs/screenshots/a-1.png)\ntext ![B](docs/screenshots/b.png) ![A again](docs/screenshots/a-1.png)\n![elsewhere](img/c.png)';
    expect(readmeImages(md)).toEqual(['a-1', 'b']);
    const spec = "await savePanelShot(page, 'one');\nawait shot('two');\nawait savePanelShot(page, `dyn-${x}`);";
    expect(savedShotNames(spec)).toEqual(['one', 'two']);
  });
});
