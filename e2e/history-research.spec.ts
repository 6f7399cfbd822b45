/**
 * History's research views in the browser against the real web host: tag a step in the replay
 * with a failure category (keyboard: `2` = grounding, a note, Enter) and see the tag kept in
 * the run's log; tick two runs of a task and compare them, seeing the first divergence with
 * both screens, proposals and reflections.
 */
import { writeSyntheticRun } from '../test/support/synthetic-run.ts';
import { expect, savePanelShot, serve, test } from './fixtures.ts';

const TASK = 'Create an alarm at 6:30 PM titled Work that vibrates, Monday to Thursday';

test('annotate a step in replay; compare two runs and see the first divergence', async ({ page }) => {
  // Its own host: the runs written here must not show in other files' (empty) History.
  const host = await serve();
  try {
    await writeSyntheticRun({
      dataDir: host.dataDir,
      steps: 8,
      screens: 4,
      runId: 'run-a',
      task: TASK,
      now: Date.now() - 600_000,
    });
    await writeSyntheticRun({
      dataDir: host.dataDir,
      steps: 8,
      screens: 4,
      runId: 'run-b',
      task: TASK,
      now: Date.now() - 300_000,
      decide: (i) => (i === 2 ? { decision: 'edit', action: { name: 'Back', params: {} } } : { decision: 'approve' }),
    });

    // Replay: step 3 of run B, tag it.
    await page.goto(`${host.url}#/history/run-b/3`);
    await expect(page.locator('[data-testid="replay"][data-ready="true"]')).toBeVisible();
    await expect(page.locator('[data-testid="replay-position"]')).toHaveAttribute('data-step', '3');
    const tags = page.locator('[data-testid="step-annotations"]');
    await page.keyboard.press('2');
    await page.locator('input[name="annotation.note"]').fill('Pressed Back instead of the hour dial');
    await page.keyboard.press('Enter');
    const tag = tags.locator('li[data-category="grounding"]');
    await expect(tag).toContainText('Pressed Back instead of the hour dial');
    await expect(page.locator('[data-testid="tag-summary"]')).toContainText('Grounding 1');
    await savePanelShot(page, 'history-annotate');
    // It is in the run's log: a fresh page shows it too.
    await page.reload();
    await expect(page.locator('[data-testid="replay"][data-ready="true"]')).toBeVisible();
    await expect(page.locator('[data-testid="step-annotations"] li[data-category="grounding"]')).toContainText(
      'Pressed Back',
    );

    // Compare: tick both runs in the list.
    await page.goto(`${host.url}#/history`);
    const list = page.locator('[data-testid="run-list"]');
    await list.locator('tr[data-run="run-a"] input[name="history.pick"]').check();
    await list.locator('tr[data-run="run-b"] input[name="history.pick"]').check();
    await list.locator('[data-action="compare-runs"]').click();
    const compare = page.locator('[data-testid="compare"][data-ready="true"]');
    await expect(compare).toBeVisible();
    await expect(compare.locator('[data-testid="divergence-summary"]')).toContainText(
      'The same for 2 steps; at step 3 the agents acted differently on the same screen',
    );
    await expect(compare.locator('[data-testid="divergence-a"]')).toContainText('Click(4)');
    await expect(compare.locator('[data-testid="divergence-b"]')).toContainText('Back()');
    await expect(compare.locator('[data-testid="divergence-b"]')).toContainText('Step 3 worked.');
    await expect(compare.locator('[data-testid="divergence-a"] img').first()).toBeVisible();
    await expect(compare.locator('[data-testid="alignment"] tr.differs')).toHaveCount(1);
    await savePanelShot(page, 'history-compare');

    // Export the ticked run as a dataset: the result names the folder and the counts.
    await page.goto(`${host.url}#/history`);
    await list.locator('tr[data-run="run-b"] input[name="history.pick"]').check();
    await list.locator('[data-action="export-dataset"]').click();
    const result = list.locator('[data-testid="dataset-result"]');
    await expect(result).toContainText('8 steps of 1 run (');
    await expect(result).toContainText(`${host.dataDir}/datasets/`);
    await expect(result).toContainText('1 preference pair, 7 approved proposals');
  } finally {
    await host.stop();
  }
});
