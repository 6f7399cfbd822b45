/**
 * A run driven by an external agent (the TypeScript client, started by `moba run --strategy
 * external` on the simulated phone) opens in History with the agent's thought on each step.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from './phone-fixtures.ts';

const run = promisify(execFile);

test('an external agent’s run replays in History with its thought on each step', async ({ page, phone, phoneHost }) => {
  const { stdout } = await run(
    process.execPath,
    [
      'bin/moba.js',
      'run',
      '-d',
      phone.serial,
      '--mode',
      'auto',
      '--strategy',
      'external',
      '--external-cmd',
      'node e2e/agents/thought-agent.ts',
      '--task',
      'Open the Clock app and go back',
      '--json',
    ],
    { env: { ...process.env, ...phone.hostEnv, MOBA_HOME: phoneHost.dataDir, MOBA_ADB_AUTOSTART: '0' } },
  );
  const { runId } = JSON.parse(stdout.split('\n').find((l) => l.startsWith('{"runId"'))!) as { runId: string };

  const thoughts = ['First I open the Clock app', 'Then I go back home'];
  for (const [i, thought] of thoughts.entries()) {
    await page.goto(`${phoneHost.url}#/history/${runId}/${i + 1}`);
    await expect(page.locator('[data-testid="replay"][data-ready="true"]')).toBeVisible();
    const shown = page.locator('[data-testid="replay-step"]');
    await expect(shown).toContainText(thought);
    await expect(shown).not.toContainText(thoughts[1 - i]!);
  }
});
