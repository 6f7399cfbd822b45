/**
 * Connecting a real model in the browser against the real web host: choosing the Azure OpenAI
 * preset asks for its deployment and API version and saves them with the endpoint's
 * capabilities; a thinking model's reasoning shows in the model-call inspector apart from the
 * reply it gave.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { writeSyntheticRun } from '../test/support/synthetic-run.ts';
import { expect, savePanelShot, serve, test } from './fixtures.ts';

test('a provider preset: Azure OpenAI with its deployment, API version and capabilities', async ({ page, host }) => {
  await page.goto(host.url);
  await page.locator('[data-nav="settings"]').click();
  const models = page.locator('[data-section="models"]');
  await models.locator('select[name="default.provider"]').selectOption('azure');
  await expect(models.locator('input[name="default.baseUrl"]')).toHaveValue('https://RESOURCE.openai.azure.com');
  // The key variable is host-only: the preset suggests it, a web client does not set it.
  await expect(models.locator('input[name="default.apiKeyEnv"]')).toHaveAttribute(
    'placeholder',
    'AZURE_OPENAI_API_KEY',
  );
  // The deployment is required before the section can be saved.
  await expect(models.locator('input[name="default.azure.apiVersion"]')).toHaveValue('2024-10-21');
  await expect(page.locator('[data-action="save-models"]')).toBeDisabled();
  await models.locator('input[name="default.baseUrl"]').fill('https://moba-lab.openai.azure.com');
  await models.locator('input[name="default.azure.deployment"]').fill('gpt4o-prod');
  await models.locator('select[name="default.capabilities.vision"]').selectOption('no');
  await models.locator('select[name="default.capabilities.structured"]').selectOption('tool');
  await savePanelShot(page, 'settings-provider-azure');
  await page.locator('[data-action="save-models"]').click();
  await expect(models.locator('.save-ok')).toHaveText('Saved');
  const db = new Database(join(host.dataDir, 'moba.sqlite'), { readonly: true });
  const row = db.prepare("SELECT value FROM settings WHERE section = 'models'").get() as { value: string };
  db.close();
  expect(JSON.parse(row.value).default).toMatchObject({
    baseUrl: 'https://moba-lab.openai.azure.com',
    provider: 'azure',
    azure: { deployment: 'gpt4o-prod', apiVersion: '2024-10-21' },
    capabilities: { vision: false, structured: 'tool' },
  });
  // Back to the URL's own provider: Azure's fields go away with it.
  await models.locator('select[name="default.provider"]').selectOption('auto');
  await expect(models.locator('input[name="default.azure.deployment"]')).toBeVisible(); // still an azure.com URL
  await models.locator('input[name="default.baseUrl"]').fill('http://localhost:11434/v1');
  await expect(models.locator('input[name="default.azure.deployment"]')).toHaveCount(0);
  await expect(models.locator('select[name="default.provider"] option[value="auto"]')).toHaveText('Auto: Ollama');
});

test("a thinking model's reasoning shows apart from its reply in the inspector", async ({ page }) => {
  const host = await serve();
  try {
    await writeSyntheticRun({
      dataDir: host.dataDir,
      steps: 2,
      screens: 2,
      runId: 'run-thinking',
      reasoning: 'The Alarm tab is at the bottom left; its index is 3.',
    });
    await page.goto(`${host.url}#/history/run-thinking/1`);
    await expect(page.locator('[data-testid="replay"][data-ready="true"]')).toBeVisible();
    const act = page.locator('[data-testid="model-calls"] tbody tr').filter({ hasText: 'act' }).first();
    await act.click();
    const reasoning = page.getByTestId('call-reasoning');
    await expect(reasoning).toContainText('Reasoning — kept apart from the answer, never parsed');
    await reasoning.locator('summary').click();
    await expect(reasoning).toContainText('The Alarm tab is at the bottom left');
    await expect(page.getByTestId('call-reply')).not.toContainText('bottom left');
    await expect(page.getByTestId('call-structured')).toHaveText('json_schema');
    await savePanelShot(page, 'inspector-reasoning');
  } finally {
    await host.stop();
  }
});
