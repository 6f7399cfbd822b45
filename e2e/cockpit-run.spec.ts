/**
 * The cockpit as a researcher uses it, in Chromium against the real web host: a simulated phone
 * started from the Devices panel, a step-mode run of MobA's alarm case study against the
 * scripted model, decided with the keyboard — approve, edit (another element picked on the
 * screen), reject with feedback (which the next model call must carry), override (a click on
 * the screen), take over and hand back — until it succeeds; the task tree's nodes and statuses; the run in History,
 * stepped through, exported and downloaded as a report. Every panel is saved as a screenshot.
 */
import type { Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { downloadReport, expect, savePanelShot, serve, test } from './fixtures.ts';
import type { ServedHost } from './fixtures.ts';
import {
  ALARM_TASK,
  REJECT_FEEDBACK,
  alarmScript,
  approve,
  elementOnScreen,
  waitForProposal,
} from './cockpit-helpers.ts';
import { startAdbServer } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { scriptedModel } from '../test/support/scripted-model.ts';
import type { ScriptedServer } from '@moba/testkit';

test.describe.configure({ mode: 'serial' });

let adb: PrivateAdbServer;
let model: ScriptedServer;
let host: ServedHost & { stop(): Promise<void> };
let page: Page;
let serial = '';
let runId = '';

test.beforeAll(async ({ browser }) => {
  adb = await startAdbServer();
  model = await scriptedModel(alarmScript());
  host = await serve({ ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}` });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});

test.afterAll(async () => {
  // Each step runs even if one before it failed: nothing may outlive the tests.
  await page?.close().catch((e: unknown) => console.warn(`[cockpit e2e] closing the page: ${String(e)}`));
  // The host stops the simulated phone it started (and its Chromium) when it exits.
  await host?.stop().catch((e: unknown) => console.warn(`[cockpit e2e] stopping the host: ${String(e)}`));
  await adb?.dispose().catch((e: unknown) => console.warn(`[cockpit e2e] stopping adb: ${String(e)}`));
  await model?.close();
});

test('the Devices panel starts a simulated phone, lists it with its state and shows its details', async () => {
  test.setTimeout(180_000);
  await page.goto(`${host.url}#/devices`);
  await expect(page.getByTestId('adb-status')).toHaveAttribute('data-status', 'connected');
  await expect(page.locator('main')).toContainText('No devices yet');
  await savePanelShot(page, 'cockpit-devices-empty');
  const card = page.locator('.device-card[data-state="device"]');
  const failed = page.locator('.device-toolbar .step-error');
  // Starting Chromium and the apps can outlast the phone's own start-up limit on a loaded
  // machine; the panel then says why, and starting again is what a person would do.
  for (let attempt = 1; attempt <= 2; attempt++) {
    await page.locator('[data-action="start-simulator"]').click();
    await expect(page.locator('[data-action="start-simulator"]')).toContainText('Starting');
    await expect(card.or(failed)).toBeVisible({ timeout: 120_000 });
    if (await card.count()) break;
    console.warn(`[cockpit e2e] the simulated phone did not start (attempt ${attempt}): ${await failed.textContent()}`);
  }
  await expect(card).toHaveCount(1);
  serial = (await card.getAttribute('data-serial')) ?? '';
  expect(serial).toMatch(/^127\.0\.0\.1:\d+$/);
  await expect(card).toContainText('simulated');
  await expect(card).toContainText('Android 14');
  await card.locator('[data-action="device-details"]').click();
  await expect(page.getByTestId('device-facts')).toContainText('1080 × 2400');
  await expect(page.locator('[data-panel="device-details"] .app-list')).toContainText('com.android.deskclock');
  await savePanelShot(page, 'cockpit-devices');
  // The phone is the one the adb server sees.
  expect((await adb.devices()).map((d) => `${d.serial} ${d.state}`)).toContain(`${serial} device`);
});

test('a step-mode run of the alarm case study: approve, edit on the overlay, reject with feedback, override on the screen, take over, to success', async () => {
  test.setTimeout(600_000);
  await page.locator('[data-nav="run"]').click();
  const composer = page.getByTestId('composer');
  await expect(composer.locator('select[name="device"]')).toHaveValue(serial);
  await composer.locator('textarea[name="task"]').fill(ALARM_TASK);
  await composer.locator('select[name="mode"]').selectOption('step');
  await composer.locator('select[name="profile"]').selectOption('custom');
  await composer.locator('input[name="profile.baseUrl"]').fill(model.baseUrl);
  await composer.locator('input[name="profile.model"]').fill('scripted');
  await savePanelShot(page, 'cockpit-composer');
  await composer.locator('textarea[name="task"]').press('Control+Enter');
  await expect(page.getByTestId('run-header')).toBeVisible();
  runId = (await page.getByTestId('run-header').getAttribute('data-run')) ?? '';
  expect(runId).not.toBe('');

  // 1. Approve with Enter: the proposal is drawn on the screen the agent saw.
  await waitForProposal(page, /^Click\(\d+\)$/);
  await expect(page.locator('[data-testid="agent-screen"] [data-marker="box"]')).toBeVisible();
  await expect(page.getByTestId('step-card')).toContainText('One action does it.');
  await expect(page.getByTestId('task-tree')).toContainText('Set the alarm to repeat Monday to Thursday');
  await savePanelShot(page, 'cockpit-step-approve');
  // The plan is editable while the run waits: add a sub-goal after another, then remove it.
  const liveTree = page.getByTestId('task-tree');
  await liveTree.locator('.tree-item[data-goal="Turn on vibrate"] > .tree-row').click();
  await liveTree.locator('[data-action="tree-add-after"]').click();
  await liveTree.locator('input[name="tree.goal"]').fill('Check the new alarm in the list');
  await liveTree.locator('input[name="tree.goal"]').press('Enter');
  const added = liveTree.locator('.tree-item[data-goal="Check the new alarm in the list"]');
  await expect(added).toHaveAttribute('data-status', 'pending');
  await expect(added.locator('.chip-person')).toBeVisible();
  await expect(liveTree.locator('.tree-item[data-goal="Turn on vibrate"] + .tree-item')).toHaveAttribute(
    'data-goal',
    'Check the new alarm in the list',
  );
  await added.locator(':scope > .tree-row').click();
  await liveTree.locator('[data-action="tree-remove"]').click();
  await expect(added).toHaveCount(0);
  await approve(page, /^Click\(\d+\)$/);

  // 2. Edit: the model proposes the Stopwatch tab; pick the "Add alarm" button on the overlay instead.
  const editStep = await waitForProposal(page, /^Click\(\d+\)$/);
  await expect(page.getByTestId('step-card')).toContainText('Stopwatch');
  await page.locator('body').press('e');
  await expect(page.getByTestId('action-editor')).toBeVisible();
  await expect(page.locator('[data-testid="agent-screen"].screen-mode-pick')).toBeVisible();
  const addAlarm = elementOnScreen(page, 'Add alarm');
  const addIndex = await page
    .locator('[data-testid="agent-screen"] [data-element-label="Add alarm"]')
    .first()
    .getAttribute('data-element-index');
  await addAlarm.click({ force: true });
  await expect(page.locator('input[name="edit.index"]')).toHaveValue(addIndex!);
  await expect(page.locator('[data-testid="agent-screen"] .marker-person')).toBeVisible();
  await savePanelShot(page, 'cockpit-step-edit');
  await page.locator('[data-action="submit-edit"]').click();
  await expect(page.locator(`[data-testid="step-card"][data-step="${editStep}"]`)).toHaveCount(0, { timeout: 30_000 });

  // 3. Reject with feedback (R opens the box, Enter sends); the next act call must carry it.
  const rejectStep = await waitForProposal(page, /^Click\(\d+\)$/);
  const wrongHour = await page
    .locator('[data-testid="agent-screen"] [data-element-label="7"]')
    .first()
    .getAttribute('data-element-index');
  await expect(page.getByTestId('proposed-action')).toHaveText(`Click(${wrongHour})`);
  await page.locator('body').press('r');
  const feedback = page.locator('textarea[name="reject.feedback"]');
  await expect(feedback).toBeFocused();
  await feedback.fill(REJECT_FEEDBACK);
  await savePanelShot(page, 'cockpit-step-reject');
  await feedback.press('Enter');
  await expect(page.locator(`[data-testid="step-card"][data-step="${rejectStep}"]`)).toHaveCount(0, {
    timeout: 30_000,
  });
  const sixStep = await waitForProposal(page, /^Click\(\d+\)$/);
  const six = await page
    .locator('[data-testid="agent-screen"] [data-element-label="6"]')
    .first()
    .getAttribute('data-element-index');
  await expect(page.getByTestId('proposed-action')).toHaveText(`Click(${six})`);
  // The model saw the feedback: the script's step that answers only a request containing it was used…
  const answered = model
    .requests()
    .filter((r) => r.answeredBy.includes('act: Select 6 on the hour dial (after feedback)'));
  expect(answered).toHaveLength(1);
  expect(JSON.stringify(answered[0]!.body)).toContain(REJECT_FEEDBACK);
  // …and the model-call inspector shows it in that call's prompt.
  await page.locator('[data-tab="calls"]').click();
  const lastCall = page.locator('[data-testid="model-calls"] tbody tr').last();
  await lastCall.click();
  await expect(page.getByTestId('call-detail')).toContainText(REJECT_FEEDBACK);
  await expect(page.getByTestId('call-reply')).toContainText('The person says 7 was wrong');
  await savePanelShot(page, 'cockpit-model-calls');
  await page.locator('[data-tab="timeline"]').click();
  await expect(page.getByTestId('timeline')).toContainText(REJECT_FEEDBACK);
  expect(sixStep).not.toBe('');
  await approve(page, new RegExp(`^Click\\(${six}\\)$`));
  await approve(page, /^Click\(\d+\)$/); // 30 minutes

  // 4. Override: the model proposes AM; click PM on the screen instead.
  const overrideStep = await waitForProposal(page, /^Click\(\d+\)$/);
  const am = await page
    .locator('[data-testid="agent-screen"] [data-element-label="AM"]')
    .first()
    .getAttribute('data-element-index');
  await expect(page.getByTestId('proposed-action')).toHaveText(`Click(${am})`);
  await page.locator('body').press('o');
  await expect(page.locator('[data-testid="agent-screen"].screen-mode-act')).toBeVisible();
  await savePanelShot(page, 'cockpit-step-override');
  const pmIndex = await page
    .locator('[data-testid="agent-screen"] [data-element-label="PM"]')
    .first()
    .getAttribute('data-element-index');
  await elementOnScreen(page, 'PM').click({ force: true });
  await expect(page.locator(`[data-testid="step-card"][data-step="${overrideStep}"]`)).toHaveCount(0, {
    timeout: 30_000,
  });

  // The rest: OK, label (open, type, OK), vibrate, Monday; the reflection finds the other days missing; Tuesday–Thursday.
  await approve(page, /^Click\(\d+\)$/); // OK
  await approve(page, /^Click\(\d+\)$/); // Add label
  await approve(page, /^Type\("Work"\)$/);
  await approve(page, /^Click\(\d+\)$/); // OK
  await approve(page, /^Click\(\d+\)$/); // Vibrate
  await approve(page, /^Click\(\d+\)$/); // Monday
  await savePanelShot(page, 'cockpit-step-replan');
  await approve(page, /^Click\(\d+\)$/); // Tuesday
  await approve(page, /^Click\(\d+\)$/); // Wednesday
  // 5. Take over for the last day: act on the screen yourself, then hand back (T, then H).
  const thursday = await waitForProposal(page, /^Click\(\d+\)$/);
  await page.locator('body').press('t');
  await expect(page.locator('[data-testid="step-card"][data-wait="take_over"]')).toBeVisible();
  await expect(page.locator('[data-testid="agent-screen"].screen-mode-act')).toBeVisible();
  await elementOnScreen(page, 'Thursday').click({ force: true });
  await expect(page.locator('[data-testid="agent-screen"] figcaption')).toHaveText(
    'The phone now, after your actions',
    { timeout: 30_000 },
  );
  await savePanelShot(page, 'cockpit-step-takeover');
  await page.locator('body').press('h');
  await expect(page.locator(`[data-testid="step-card"][data-step="${thursday}"]`)).toHaveCount(0, { timeout: 30_000 });

  const outcome = page.getByTestId('run-outcome');
  await expect(outcome).toHaveAttribute('data-status', 'succeeded', { timeout: 90_000 });
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'succeeded');

  // The task tree: the six sub-goals, the two that were split, every node done.
  const tree = page.getByTestId('task-tree');
  const goals = [
    'Open the Clock app',
    'Add a new alarm',
    'Set the time to 6:30 PM',
    'Select 6 on the hour dial',
    'Select 30 on the minute dial',
    'Choose PM',
    'Confirm the time with OK',
    'Set the label to Work',
    'Open the label editor',
    'Type Work as the label',
    'Confirm the label with OK',
    'Turn on vibrate',
    'Set the alarm to repeat Monday to Thursday',
    'Select Tuesday',
    'Select Wednesday',
    'Select Thursday',
  ];
  for (const g of goals)
    await expect(tree.locator(`.tree-item[data-goal="${g}"]`)).toHaveAttribute('data-status', 'done');
  await expect(tree.locator('.tree-item[data-status="done"]')).toHaveCount(goals.length + 1);
  await expect(tree.locator('.tree-item[data-goal="Set the time to 6:30 PM"] .tree-item')).toHaveCount(4);
  await expect(
    tree.locator('.tree-item[data-goal="Set the alarm to repeat Monday to Thursday"] .tree-item'),
  ).toHaveCount(3);
  await expect(tree).toContainText('Only Monday is selected; Tuesday, Wednesday and Thursday are still missing.');
  // The steps: the edit, the rejection, the override are recorded with the person as author.
  await page.locator('[data-tab="steps"]').click();
  const steps = page.getByTestId('steps');
  await expect(steps.locator('.chip-edit')).toHaveCount(1);
  await expect(steps.locator('.chip-reject')).toHaveCount(1);
  await expect(steps.locator('.chip-override')).toHaveCount(1);
  // The taken-over step ends with the hand-back (its last decision); what the person did is its own step.
  await expect(steps.locator('.chip-hand_back')).toHaveCount(1);
  // The edit and the override are the person's actions too (the proposal struck beside them).
  const byPerson = steps.locator('tr', { hasText: 'by person' });
  await expect(byPerson).toHaveCount(3);
  await expect(byPerson.filter({ has: page.locator('.chip-edit') }).locator('.strike')).toHaveCount(1);
  await expect(byPerson.filter({ has: page.locator('.chip-override') }).locator('.strike')).toHaveCount(1);
  const performed = byPerson.filter({ hasNot: page.locator('.chip-edit, .chip-override') });
  await expect(performed).toHaveCount(1);
  await expect(performed).toContainText('Select Thursday');
  await expect(steps).toContainText(`→ Click(${addIndex})`);
  await expect(steps).toContainText(`→ Click(${pmIndex})`);
  await savePanelShot(page, 'cockpit-run-done-steps');
  await page.locator('[data-tab="timeline"]').click();
  await savePanelShot(page, 'cockpit-run-done');

  // The phone has the alarm: 18:30, "Work", vibrate, Monday to Thursday.
  const state = JSON.parse(
    (await adb.adb(['-s', serial, 'shell', 'sim-state', 'com.android.deskclock'])).stdout.toString('utf8'),
  ) as { alarms: Array<{ hour: number; minute: number; label: string; vibrate: boolean; repeat: string[] }> };
  expect(state.alarms).toContainEqual(
    expect.objectContaining({
      hour: 18,
      minute: 30,
      label: 'Work',
      vibrate: true,
      repeat: ['MON', 'TUE', 'WED', 'THU'],
    }),
  );

  // The same cockpit at 1280×800 and in dark mode.
  await page.setViewportSize({ width: 1280, height: 800 });
  await savePanelShot(page, 'cockpit-run-done-1280');
  await page.emulateMedia({ colorScheme: 'dark' });
  await savePanelShot(page, 'cockpit-run-done-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the run is in History: search finds it, the replay steps and scrubs to any step, and it exports', async () => {
  test.setTimeout(180_000);
  await page.locator('[data-nav="history"]').click();
  const list = page.getByTestId('run-list');
  await list.locator('input[name="history.search"]').fill('6:30 PM titled Work');
  await expect(list.locator(`tr[data-run="${runId}"]`)).toBeVisible();
  await list.locator('select[name="history.status"]').selectOption('failed');
  await expect(list).toContainText('No run matches these filters');
  await list.locator('select[name="history.status"]').selectOption('succeeded');
  await list.locator('select[name="history.device"]').selectOption(serial);
  await expect(list.locator(`tr[data-run="${runId}"]`)).toBeVisible();
  await savePanelShot(page, 'cockpit-history');
  await list.locator(`tr[data-run="${runId}"]`).click();

  const position = page.getByTestId('replay-position');
  await expect(position).toHaveAttribute('data-step', '1');
  await expect(page.getByTestId('replay-step')).toContainText('Open the Clock app');
  await expect(page.locator('[data-testid="replay-screen"] img')).toBeVisible();
  // At step 1 only the first sub-goal is done.
  const tree = page.locator('[data-panel="replay-tree"]');
  await expect(tree.locator('.tree-item[data-goal="Open the Clock app"]')).toHaveAttribute('data-status', 'done');
  await expect(tree.locator('.tree-item[data-goal="Add a new alarm"]')).toHaveAttribute('data-status', 'pending');
  // Arrow keys step; step 2 was edited by the person.
  await page.locator('body').press('ArrowRight');
  await expect(position).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('replay-step')).toContainText('edit');
  await expect(page.locator('[data-testid="replay-screen"] .marker-person')).toBeVisible();
  await savePanelShot(page, 'cockpit-replay');
  // Step 3 was rejected with feedback (no execution).
  await page.locator('body').press('ArrowRight');
  await expect(position).toHaveAttribute('data-step', '3');
  await expect(page.getByTestId('replay-step')).toContainText(REJECT_FEEDBACK);
  // Any step: open step 6 (the override) by its link, and the end with End.
  await page.evaluate((id) => (location.hash = `#/history/${id}/6`), runId);
  await expect(position).toHaveAttribute('data-step', '6');
  await expect(page.getByTestId('replay-step')).toContainText('override');
  // The end: step 16 is the person's tap during the take-over.
  await page.locator('body').press('End');
  await expect(position).toHaveAttribute('data-step', '16');
  await expect(page.getByTestId('replay-step')).toContainText('by person');
  await expect(tree.locator('.tree-item[data-status="done"]')).toHaveCount(17);
  await page.locator('body').press('ArrowLeft');
  await expect(position).toHaveAttribute('data-step', '16');
  await page.locator('body').press('ArrowLeft');
  await expect(position).toHaveAttribute('data-step', '15');
  // The model I/O of the step: its act and reflect calls.
  await expect(page.locator('[data-panel="replay-step"] [data-testid="model-calls"]')).toContainText('act');
  await expect(page.locator('[data-panel="replay-step"] [data-testid="model-calls"]')).toContainText('reflect');
  await savePanelShot(page, 'cockpit-replay-end');
  // The slider reaches any event, also before the first step.
  await page.locator('input[name="replay.position"]').fill('0');
  await expect(position).toHaveAttribute('data-event', '0');
  await expect(position).toHaveAttribute('data-step', '0');

  // Export: run.json + assets/ + report.html in the data folder, images outside the HTML.
  await page.locator('[data-action="export-run"]').click();
  // Writing every screenshot and the report's viewer takes a while on a loaded machine.
  await expect(page.getByTestId('export-result')).toContainText('Exported', { timeout: 60_000 });
  const dir = join(host.dataDir, 'exports', runId);
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  expect(html).toContain(ALARM_TASK);
  expect(html).not.toMatch(/data:image/);
  for (const [, src] of html.matchAll(/<img src="([^"]+)"/g)) expect(existsSync(join(dir, src!))).toBe(true);
  const exported = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as {
    trajectory: Array<{ corrected: boolean; decision: { kind: string } | null; executed: { by: string } | null }>;
  };
  // The corrections as training data: the edit, the override, and the person's own step.
  expect(exported.trajectory.filter((s) => s.corrected).map((s) => s.decision?.kind ?? s.executed?.by)).toEqual([
    'edit',
    'override',
    'person',
  ]);
  await savePanelShot(page, 'cockpit-replay-exported');
});

test('the replay\'s "Download report" saves the run as JSON, its steps as CSV and one HTML file that replays offline', async ({
  browser,
}) => {
  const json = await downloadReport(page, 'json');
  expect(json.name).toMatch(new RegExp(`^moba-run-${runId}-create-an-alarm-at-630-pm.*\\.json$`));
  const data = JSON.parse(json.text) as {
    summary: { task: string; status: string };
    trajectory: Array<{ stepId: string; decision: { kind: string; feedback?: string } | null }>;
  };
  expect(data.summary).toMatchObject({ task: ALARM_TASK, status: 'succeeded' });
  expect(data.trajectory).toHaveLength(16);
  expect(data.trajectory[2]!.decision).toMatchObject({ kind: 'reject', feedback: REJECT_FEEDBACK });
  // One row per step, in the JSON's order, the rejection with its feedback.
  const csv = (await downloadReport(page, 'csv')).text.trim().split('\n');
  expect(csv[0]).toMatch(/^step,sub_goal,proposed,decision,decided_by,feedback,executed,/);
  expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(data.trajectory.map((t) => t.stepId));
  expect(csv[3]).toContain(`,reject,person,${REJECT_FEEDBACK},`);
  // The HTML file, opened with the network cut off: the task, and the replay at its last step.
  const html = await downloadReport(page, 'html');
  const dir = mkdtempSync(join(tmpdir(), 'moba-run-report-'));
  const file = join(dir, html.name);
  writeFileSync(file, html.text);
  const context = await browser.newContext({ offline: true });
  try {
    const report = await context.newPage();
    await report.goto(pathToFileURL(file).href);
    await expect(report.locator('[data-testid="replay"][data-ready="true"]')).toBeVisible();
    await expect(report.locator('body')).toContainText(ALARM_TASK);
    await report.locator('body').press('End');
    await expect(report.getByTestId('replay-position')).toHaveAttribute('data-step', '16');
    await expect(report.locator('[data-testid="replay-screen"] img').first()).toBeVisible();
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('settings: test a model connection and edit the approval rules of guarded mode', async () => {
  await page.locator('[data-nav="settings"]').click();
  await page.locator('input[name="default.baseUrl"]').fill(model.baseUrl);
  await page.locator('input[name="default.model"]').fill('scripted');
  // The unsaved draft is tested: the scripted model answers a connection test whatever its script.
  await page.locator('[data-action="test-default"]').click();
  await expect(page.locator('[data-test-role="default"] .test-ok')).toContainText('scripted answered', {
    timeout: 20_000,
  });
  await expect(page.locator('[data-test-role="default"] .test-ok')).toContainText('“OK”');
  // An embedding endpoint answers with vectors.
  await page.locator('[data-role="embedder"] .role-choice input').check();
  await page.locator('input[name="embedder.baseUrl"]').fill(model.baseUrl);
  await page.locator('[data-action="test-embedder"]').click();
  await expect(page.locator('[data-test-role="embedder"] .test-ok')).toContainText('dimensional vectors', {
    timeout: 20_000,
  });
  await page.locator('[data-test-role="embedder"]').scrollIntoViewIfNeeded();
  await savePanelShot(page, 'cockpit-settings-models');
  await page.locator('[data-section="models"] button', { hasText: 'Revert' }).click();
  const rules = page.getByTestId('approval-rules');
  await rules.locator('[data-action="add-rule"]').click();
  const row = rules.locator('.rule-row').last();
  await row.locator('input[name$=".label"]').fill('Alarms at night');
  await row.locator('input[name$=".pattern"]').fill('(unclosed');
  await expect(row.locator('.field-error')).toContainText('Not a regular expression');
  await expect(page.locator('[data-action="save-agent"]')).toBeDisabled();
  await row.locator('input[name$=".pattern"]').fill('\\b(2[2-3]|0[0-5]):\\d\\d');
  await row.locator('.chip-toggle', { hasText: /^Click$/ }).click();
  await page.locator('[data-action="save-agent"]').click();
  await expect(page.locator('[data-section="agent"] .save-ok')).toHaveText('Saved');
  await row.scrollIntoViewIfNeeded();
  await savePanelShot(page, 'cockpit-settings-rules');
  const saved = (await page.evaluate(async () => {
    const ws = new WebSocket(`ws://${location.host}/ws`);
    await new Promise((r) => (ws.onopen = r));
    const reply = new Promise<{ result: { settings: { agent: { approvalRules: unknown[] } } } }>((resolve) => {
      ws.onmessage = (e) => {
        const frame = JSON.parse(String(e.data)) as { t: string; id?: number };
        if (frame.t === 'result' && frame.id === 1) resolve(frame as never);
      };
    });
    ws.send(JSON.stringify({ t: 'call', id: 1, method: 'getSettings', input: {} }));
    const r = await reply;
    ws.close();
    return r.result.settings.agent.approvalRules;
  })) as Array<{ label: string; pattern: string; actions: string[] }>;
  expect(saved.at(-1)).toMatchObject({
    label: 'Alarms at night',
    pattern: '\\b(2[2-3]|0[0-5]):\\d\\d',
    actions: ['Click'],
  });
});

test('the Devices panel stops the simulated phone', async () => {
  test.setTimeout(120_000);
  await page.locator('[data-nav="devices"]').click();
  await page.locator(`.device-card[data-serial="${serial}"] [data-action="stop-simulator"]`).click();
  await expect(page.locator(`.device-card[data-serial="${serial}"]`)).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('main')).toContainText('No devices yet');
});
