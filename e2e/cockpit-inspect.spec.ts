/**
 * The cockpit's keys, points and inspector against the real web host and a simulated phone:
 * Esc only closes (a walk over every overlay of a waiting step, none of which decides it), R
 * opens the reason form; a point typed in the action editor is checked and drawn as it is
 * typed; the inspector's element tree and the screen select the same element (in the run, the
 * replay and on the Devices page); the replay plays from a link that opens at a step.
 */
import type { Page } from '@playwright/test';
import { contractCall, expect, savePanelShot, test } from './fixtures.ts';
import { approve, runModels, startTourRig, stopTourRig, TOUR_TASK, waitForProposal } from './cockpit-helpers.ts';
import type { TourRig } from './cockpit-helpers.ts';
import type { MirrorPhone } from '../test/support/mirror-phone.ts';
import type { ScriptedServer } from '@moba/testkit';
import { checkLayout, layoutProblems } from './layout.ts';

test.describe.configure({ mode: 'serial' });

let phone: MirrorPhone;
let model: ScriptedServer;
let host: TourRig['host'];
let page: Page;
let runId = '';

test.beforeAll(async ({ browser }) => {
  ({ phone, model, host, page } = await startTourRig(browser, { width: 1080, height: 2400, density: 420 }));
});

test.afterAll(async () => {
  await stopTourRig({ phone, model, host, page }, 'inspect e2e');
});

/** The person's decisions recorded in the run so far. */
async function decisions(): Promise<string[]> {
  const page1 = (await contractCall(page, 'getRunPage', { runId, from: 0, limit: 5000 })) as {
    events: Array<{ type: string; decision?: string }>;
  };
  return page1.events.filter((e) => e.type === 'human_decision').map((e) => e.decision ?? '');
}

test('Esc only closes: every overlay of a waiting step closes with Esc and none decides it; R opens the reason form', async () => {
  test.setTimeout(240_000);
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'open');
  const started = (await contractCall(page, 'startRun', {
    serial: phone.serial,
    task: TOUR_TASK,
    mode: 'step',
    models: runModels(model.baseUrl),
  })) as { runId: string };
  runId = started.runId;
  await page.goto(`${host.url}#/run/${runId}`);
  const step = await waitForProposal(page, /^Click\(\d+\)$/);
  const waiting = page.locator(`[data-testid="step-card"][data-wait="approve"][data-step="${step}"]`);
  const body = page.locator('body');

  // The shortcut sheet: Esc closes it and opens nothing (it used to open "Reject with feedback").
  await body.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('never decides a step');
  await body.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(page.getByTestId('reject-form')).toHaveCount(0);

  // The editor, picking on the screen first: Esc stops picking, Esc again closes the editor.
  await body.press('e');
  await expect(page.getByTestId('action-editor')).toBeVisible();
  await expect(page.locator('[data-testid="agent-screen"].screen-mode-pick')).toBeVisible();
  await body.press('Escape');
  await expect(page.locator('[data-testid="agent-screen"].screen-mode-view')).toBeVisible();
  await expect(page.getByTestId('action-editor')).toBeVisible();
  await page.locator('input[name="edit.index"]').press('Escape');
  await expect(page.getByTestId('action-editor')).toHaveCount(0);

  // Override mode, the reason form, the tree's rename form: each closes with Esc.
  await body.press('o');
  await expect(page.locator('[data-testid="agent-screen"].screen-mode-act')).toBeVisible();
  await body.press('Escape');
  await expect(page.locator('[data-testid="agent-screen"].screen-mode-view')).toBeVisible();
  await body.press('r');
  await expect(page.locator('textarea[name="reject.feedback"]')).toBeFocused();
  await page.locator('textarea[name="reject.feedback"]').press('Escape');
  await expect(page.getByTestId('reject-form')).toHaveCount(0);
  const tree = page.getByTestId('task-tree');
  await tree.locator('.tree-item[data-goal="Show the timer"] > .tree-row').click();
  await tree.locator('[data-action="tree-rename"]').click();
  await expect(tree.locator('input[name="tree.goal"]')).toBeVisible();
  await tree.locator('input[name="tree.goal"]').press('Escape');
  await expect(tree.locator('input[name="tree.goal"]')).toHaveCount(0);
  // With nothing open, Esc does nothing at all.
  await body.press('Escape');
  await body.press('Escape');
  await expect(waiting).toBeVisible();
  expect(await decisions()).toEqual([]);
  await savePanelShot(page, 'cockpit-keys');
});

test('a point typed in the action editor is checked against the screen and drawn on it as it is typed', async () => {
  const body = page.locator('body');
  await body.press('e');
  await page.locator('select[name="edit.action"]').selectOption('Click_by_Coordinate');
  await expect(page.locator('select[name="edit.unit"]')).toHaveValue('px');
  await page.locator('input[name="edit.x"]').fill('540');
  await page.locator('input[name="edit.y"]').fill('1537');
  const status = page.getByTestId('edit-status');
  await expect(status).toHaveText('Will run Click_by_Coordinate(540, 1537, px)');
  const point = page.locator('[data-testid="agent-screen"] .marker-person[data-marker="point"] circle').first();
  await expect(point).toHaveAttribute('cx', '540');
  await expect(point).toHaveAttribute('cy', '1537');
  // The editor's fields show their whole values ("pixels of the screenshot" once was cut off).
  expect(await layoutProblems(page)).toEqual([]);
  await savePanelShot(page, 'cockpit-step-point');
  // The grid keeps the point where it was; a pixel value on the grid is refused as it is typed.
  await page.locator('select[name="edit.unit"]').selectOption('grid');
  await expect(page.locator('input[name="edit.x"]')).toHaveValue('500');
  await expect(page.locator('input[name="edit.y"]')).toHaveValue('640');
  await page.locator('input[name="edit.y"]').fill('1537');
  await expect(status).toContainText('(500, 1537) is outside the 0–1000 grid');
  await expect(page.locator('[data-action="submit-edit"]')).toBeDisabled();
  await expect(page.locator('[data-testid="agent-screen"] .marker-person')).toHaveCount(0);
  // A point picked on the screen lands in the fields, in the unit chosen.
  await page.locator('select[name="edit.unit"]').selectOption('px');
  // The editor opens picking; the button says so and turns it off and on.
  const pick = page.locator('[data-action="pick-point"]');
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'false');
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
  const svg = page.locator('[data-testid="agent-screen"] svg');
  const box = (await svg.boundingBox())!;
  await svg.click({ position: { x: box.width / 4, y: box.height / 2 }, force: true });
  await expect(page.locator('input[name="edit.x"]')).toHaveValue(/^2[67]\d$/);
  await expect(page.locator('input[name="edit.y"]')).toHaveValue(/^1[12]\d\d$/);
  await expect(status).toHaveText(/^Will run Click_by_Coordinate\(\d+, \d+, px\)$/);
  await body.press('Escape');
  await expect(page.getByTestId('action-editor')).toHaveCount(0);
  expect(await decisions()).toEqual([]);
});

/** Selects an element in the inspector's tree and checks the screen outlines the same box, and back. */
async function treeAndScreenAgree(testId: string, label: string) {
  const screen = page.locator(`[data-testid="${testId}"]`);
  const tree = page.getByTestId('element-tree');
  // The choice to inspect is kept from page to page and visit to visit.
  await expect(tree).toBeVisible();
  const row = tree.locator('button.etree-row', { hasText: `“${label}”` }).first();
  await row.click();
  await expect(row).toHaveClass(/focused/);
  const pane = page.getByTestId('attribute-pane');
  const bounds = (await pane.locator('[data-attr="bounds"]').textContent()) ?? '';
  const m = /^\[(\d+),(\d+)\]\[(\d+),(\d+)\] px$/.exec(bounds);
  expect(m, `bounds in pixels: ${bounds}`).not.toBeNull();
  const outline = screen.locator('[data-outline="el-outline-focus"]');
  await expect(outline).toHaveAttribute('x', m![1]!);
  await expect(outline).toHaveAttribute('y', m![2]!);
  // Back: a click on the screen inside another element selects it in the tree.
  const other = tree.locator('button.etree-row[data-element-index]:not(.focused)').last();
  const index = await other.getAttribute('data-element-index');
  const box = screen.locator(`[data-element-index="${index}"] .el-box`).first();
  await box.click({ force: true });
  await expect(tree.locator('button.etree-row.focused')).toHaveAttribute('data-element-index', index!);
  await expect(pane).toHaveAttribute('data-element-index', index!);
  await expect(pane.locator('[data-copy]').first()).toHaveAttribute('data-copy', `Click(${index})`);
}

test('the inspector: the element tree and the screen select the same element, with its attributes in pixels', async () => {
  await page.locator('label.toggle', { hasText: 'Inspect' }).first().click();
  await expect(page.getByTestId('element-tree')).toBeVisible();
  // The numbers on the screen never overlap.
  const labels = await page
    .locator('[data-testid="agent-screen"] .el-label-bg')
    .evaluateAll((rects) => rects.map((r) => (r as SVGGraphicsElement).getBoundingClientRect()));
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i]!;
      const b = labels[j]!;
      expect(
        a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5,
      ).toBe(true);
    }
  await treeAndScreenAgree('agent-screen', 'Clock');
  await savePanelShot(page, 'cockpit-inspector');
  // Zoom: the screen grows inside its panel, the page does not move.
  await page.locator('[data-action="zoom-in"]').first().click();
  await expect(page.locator('[data-testid="agent-screen"].zoomed')).toBeVisible();
  await page.locator('[data-action="zoom-fit"]').first().click();
  await approve(page, /^Click\(\d+\)$/);
  await approve(page, /^Click\(\d+\)$/);
  await approve(page, /^Click\(\d+\)$/);
  await expect(page.getByTestId('run-outcome')).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
});

test('the replay opens at a step from a link, plays step by step, and its inspector works as in the run', async () => {
  await page.goto(`${host.url}#/history/${runId}/1/play`);
  const position = page.getByTestId('replay-position');
  await expect(position).toHaveAttribute('data-step', '1');
  await expect(page.locator('[data-action="pause-replay"]')).toBeVisible();
  await expect(position).toHaveAttribute('data-step', '2', { timeout: 10_000 });
  await expect(position).toHaveAttribute('data-step', '3', { timeout: 10_000 });
  // At the last step it stops by itself.
  await expect(page.locator('[data-action="play-replay"]')).toBeVisible({ timeout: 10_000 });
  // The address follows the step shown; "Copy link" gives that address.
  await page.locator('[data-action="prev-step"]').click();
  await expect(position).toHaveAttribute('data-step', '2');
  await expect(page).toHaveURL(new RegExp(`#/history/${runId}/2$`));
  const link = (await page.locator('[data-action="copy-link"]').getAttribute('data-link')) ?? '';
  expect(link).toMatch(new RegExp(`#/history/${runId}/2$`));
  await page.locator('select[name="replay.speed"]').selectOption('4');
  await savePanelShot(page, 'history-replay-play');
  // Opened afresh, the link shows that step.
  await page.goto('about:blank');
  await page.goto(link);
  await expect(position).toHaveAttribute('data-step', '2');
  await expect(page.locator('[data-action="play-replay"]')).toBeVisible();
  await treeAndScreenAgree('replay-screen', 'Stopwatch');
});

test('the Devices page inspects a phone: its screen, the element tree and the attributes', async () => {
  await page.locator('[data-nav="devices"]').click();
  const card = page.locator(`[data-testid="device-list"] [data-serial="${phone.serial}"]`);
  await card.locator('[data-action="inspect-device"]').click();
  await expect(page.locator('[data-testid="device-screen"] img')).toBeVisible({ timeout: 30_000 });
  await treeAndScreenAgree('device-screen', 'Timer');
  await savePanelShot(page, 'devices-inspector');
});

test('every page keeps one scroll container at 1280×720, 1440×900 and 1920×1080: nothing nested, nothing cut off', async () => {
  test.setTimeout(120_000);
  const go = (hash: string, ready: string) => async () => {
    await page.evaluate((h) => (location.hash = h), hash);
    await expect(page.locator(ready).first()).toBeVisible();
  };
  await checkLayout(page, 'layout-run', go(`#/run/${runId}`, '[data-testid="run-outcome"]'));
  await checkLayout(page, 'layout-history', go('#/history', '[data-testid="run-list"]'));
  await checkLayout(page, 'layout-replay', go(`#/history/${runId}/2`, '[data-testid="replay"][data-ready="true"]'));
  await checkLayout(page, 'layout-devices', go('#/devices', '[data-testid="device-list"]'));
  await checkLayout(page, 'layout-memory', go('#/memory', '.page'));
  await checkLayout(page, 'layout-benchmarks', go('#/benchmarks', '[data-testid="bench-new"] [data-task]'));
  // A Settings section picked in its table of contents scrolls the page, never the window.
  await checkLayout(page, 'layout-settings', async () => {
    await go('#/settings', '.settings-toc')();
    await page.locator('.settings-toc a', { hasText: 'Appearance' }).click();
    await expect(page.locator('.topbar')).toBeInViewport();
    await expect(page.locator('[data-section="ui"]')).toBeInViewport();
  });
});
