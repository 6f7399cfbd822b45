import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect, savePanelShot, test } from './fixtures.ts';

test.describe('app shell against the web host', () => {
  test('navigates every panel; each empty panel says what appears there and what to do', async ({ page, host }) => {
    await page.goto(host.url);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'open');
    // The token left the address bar for an HttpOnly cookie.
    expect(page.url()).not.toContain('token=');
    const expectations: Array<[string, string[], RegExp]> = [
      ['devices', ['devices'], /No devices yet/],
      ['run', ['mirror', 'run', 'task-tree'], /No run yet/],
      ['history', ['history'], /No runs recorded yet/],
      ['memory', ['memory'], /No memories yet/],
      ['settings', ['settings'], /Default endpoint/],
    ];
    for (const [route, panels, text] of expectations) {
      await page.locator(`[data-nav="${route}"]`).click();
      await expect(page.locator('main')).toHaveAttribute('data-route', route);
      await expect(page.locator(`[data-nav="${route}"]`)).toHaveAttribute('aria-current', 'page');
      for (const p of panels) await expect(page.locator(`[data-panel="${p}"]`)).toBeVisible();
      await expect(page.locator('main')).toContainText(text);
      await savePanelShot(page, `shell-${route}`);
    }
  });

  test('saves a setting that survives a reload and lands in the SQLite file', async ({ page, host }) => {
    await page.goto(host.url);
    await page.locator('[data-nav="settings"]').click();
    const steps = page.locator('input[name="agent.maxSteps"]');
    await steps.fill('0');
    await expect(page.locator('[data-section="agent"] .field-error')).toBeVisible();
    await expect(page.locator('[data-action="save-agent"]')).toBeDisabled();
    await steps.fill('42');
    await page.locator('select[name="agent.mode"]').selectOption('guarded');
    await page.locator('[data-action="save-agent"]').click();
    await expect(page.locator('[data-section="agent"] .save-ok')).toHaveText('Saved');
    await page.reload();
    await page.locator('[data-nav="settings"]').click();
    await expect(page.locator('input[name="agent.maxSteps"]')).toHaveValue('42');
    await expect(page.locator('select[name="agent.mode"]')).toHaveValue('guarded');
    const db = new Database(join(host.dataDir, 'moba.sqlite'), { readonly: true });
    const row = db.prepare("SELECT value FROM settings WHERE section = 'agent'").get() as { value: string };
    db.close();
    expect(JSON.parse(row.value)).toMatchObject({ maxSteps: 42, mode: 'guarded' });
    await savePanelShot(page, 'settings-saved');
  });

  test('a request without the token gets 401', async ({ request, host }) => {
    const res = await request.get(host.origin + '/', { headers: { cookie: '' } });
    expect(res.status()).toBe(401);
    expect(await res.text()).toMatch(/open the URL that `moba serve` printed/);
  });

  test('a malformed contract call gets a validation error and the host stays up', async ({ page, host }) => {
    await page.goto(host.url);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'open');
    const replies = await page.evaluate(async () => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      const frames: unknown[] = [];
      await new Promise((r) => (ws.onopen = r));
      ws.onmessage = (m) => frames.push(JSON.parse(String(m.data)));
      ws.send(
        JSON.stringify({
          t: 'call',
          id: 1,
          method: 'updateSettings',
          input: { patch: { agent: { maxSteps: 'many' } } },
        }),
      );
      ws.send('garbage');
      ws.send(JSON.stringify({ t: 'call', id: 2, method: 'ping', input: { value: 'still here' } }));
      await new Promise((r) => setTimeout(r, 500));
      ws.close();
      return frames;
    });
    expect(replies).toContainEqual(
      expect.objectContaining({
        t: 'result',
        id: 1,
        ok: false,
        error: expect.objectContaining({ code: 'INVALID_INPUT' }),
      }),
    );
    expect(replies).toContainEqual(
      expect.objectContaining({ t: 'error', error: expect.objectContaining({ code: 'INVALID_INPUT' }) }),
    );
    expect(replies).toContainEqual(expect.objectContaining({ t: 'result', id: 2, ok: true }));
    await page.reload();
    await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'open');
  });

  test('follows a dark OS theme, and the setting can pin light', async ({ browser, host }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(host.url);
    await page.locator('[data-nav="settings"]').click();
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await bg()).toBe('rgb(15, 17, 21)');
    await savePanelShot(page, 'settings-dark');
    await page.locator('select[name="ui.theme"]').selectOption('light');
    await page.locator('[data-action="save-ui"]').click();
    await expect.poll(bg).toBe('rgb(244, 245, 248)');
    await page.locator('select[name="ui.theme"]').selectOption('system');
    await page.locator('[data-action="save-ui"]').click();
    await expect.poll(bg).toBe('rgb(15, 17, 21)');
    await context.close();
  });
});
