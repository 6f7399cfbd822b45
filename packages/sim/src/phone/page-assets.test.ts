import { describe, expect, it } from 'vitest';
import { PAGE_ORIGIN, PAGE_URL, pageModule, pageResponse } from './page-assets.ts';

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

describe('pageResponse', () => {
  it('serves the page and its modules from the phone origin only, with 404 for the rest', () => {
    expect(pageResponse(new URL(PAGE_URL))).toMatchObject({
      status: 200,
      contentType: expect.stringContaining('text/html'),
      body: expect.stringContaining('/sim/phone/page/main.ts'),
    });
    expect(pageResponse(new URL(`${PAGE_ORIGIN}/sim/phone/page/text-edit.ts`))).toMatchObject({
      status: 200,
      contentType: expect.stringContaining('javascript'),
    });
    expect(pageResponse(new URL(`${PAGE_ORIGIN}/sim/phone/phone.ts`))).toMatchObject({ status: 404 });
    expect(pageResponse(new URL('https://example.com/sim/phone/page/text-edit.ts'))).toBeUndefined();
  });
});
