import { describe, expect, it } from 'vitest';
import { pageModule } from './page-assets.ts';

describe('pageModule', () => {
  it('serves the in-page modules with their types stripped', () => {
    const code = pageModule('/sim/phone/page/text-edit.ts');
    expect(code).toContain('export function insertText(spec');
    expect(code).not.toMatch(/spec: FieldSpec/);
    expect(pageModule('/sim/apps/catalog.ts')).toContain('com.android.deskclock');
  });

  it('refuses Node-side files, tests, traversal and non-TypeScript paths', () => {
    expect(pageModule('/sim/phone/phone.ts')).toBeUndefined();
    expect(pageModule('/sim/apps/../phone/phone.ts')).toBeUndefined();
    expect(pageModule('/sim/phone/page/text-edit.test.ts')).toBeUndefined();
    expect(pageModule('/sim/phone/page/missing.ts')).toBeUndefined();
    expect(pageModule('/etc/passwd')).toBeUndefined();
  });
});
