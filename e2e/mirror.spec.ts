/**
 * The live mirror in Chromium against the web host and a simulated phone: scrcpy 3.3.3
 * streaming (pixels match the phone's own screenshot), direct control (a click on the Clock
 * icon opens Clock), the element overlay aligned with the elements, and the screenshot
 * fallback when no scrcpy server file exists.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { contractCall, savePanelShot } from './fixtures.ts';
import type { ServedHost } from './fixtures.ts';
import { expect, test } from './phone-fixtures.ts';
import type { MirrorPhone } from '../test/support/mirror-phone.ts';

test.describe.configure({ mode: 'serial' });

let phone: MirrorPhone;
let host: ServedHost;

test.beforeEach(({ phone: p, phoneHost }) => {
  phone = p;
  host = phoneHost;
});

const call = contractCall;

async function openMirror(page: Page, serverPath: string): Promise<void> {
  // Start away from the cockpit (its Screen panel mirrors at once), set the server path, and
  // let the mirror of a previous test's window stop, so this one starts with the new settings.
  await page.goto(`${host.url}#/settings`);
  // A host file pushed to phones is a host-only setting: set on the host, as its operator would.
  execFileSync(process.execPath, [
    'bin/moba.js',
    '--data-dir',
    host.dataDir,
    'settings',
    'set',
    'mirror.scrcpyServerPath',
    serverPath,
  ]);
  await expect
    .poll(async () => ((await call(page, 'getMirrorState', {})) as { mirrors: unknown[] }).mirrors.length)
    .toBe(0);
  await page.locator('[data-nav="run"]').click();
  await expect(page.locator('[data-mirror-view]')).toBeVisible();
}

/** Mean absolute difference per channel (0–255) between the mirror picture and the phone's own screenshot. */
async function differenceFromPhone(page: Page): Promise<number> {
  const shot = await page.locator('[data-mirror-picture]').screenshot();
  const { width, height } = await sharp(shot).metadata();
  const mirror = await sharp(shot).removeAlpha().raw().toBuffer();
  const truth = await sharp(Buffer.from(await phone.phone.screencap()))
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < mirror.length; i++) sum += Math.abs((mirror[i] as number) - (truth[i] as number));
  return sum / mirror.length;
}

/** Device-pixel bounds of the first dump node whose attribute matches. */
async function boundsOf(attr: string, value: string): Promise<[number, number, number, number]> {
  const xml = await phone.phone.dumpUi({ compressed: false });
  for (const node of xml.matchAll(/<node [^>]*>/g)) {
    if (new RegExp(`\\s${attr}="([^"]*)"`).exec(node[0])?.[1] !== value) continue;
    const b = /bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(node[0]);
    if (b) return b.slice(1).map(Number) as [number, number, number, number];
  }
  throw new Error(`No node with ${attr}="${value}" in the dump`);
}

async function screenBox(page: Page) {
  const box = await page.locator('[data-mirror-screen]').boundingBox();
  if (!box) throw new Error('The mirror screen is not on the page');
  return box;
}

test('the scrcpy mirror shows the home screen, and a click on Clock opens Clock', async ({ page }) => {
  await phone.phone.keyevent(3);
  await openMirror(page, phone.standInServerPath);
  const view = page.locator('[data-mirror-view]');
  await expect(view).toHaveAttribute('data-mode', 'scrcpy');
  // Chromium shows the decoded frames in a <video> fed by an insertable stream.
  await expect(view).toHaveAttribute('data-renderer', 'video');
  // It is the phone's screen, not a media file: the browser's video menu is held back.
  const menuPrevented = await page
    .locator('[data-mirror-picture]')
    .evaluate((el) => !el.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
  expect(menuPrevented).toBe(true);
  await expect(page.getByTestId('mirror-mode')).toHaveText(/^scrcpy · \d+ fps$/);
  // The picture alone: the element boxes would count as differences.
  await page.locator('[data-action="toggle-overlay"]').uncheck();
  await expect.poll(() => differenceFromPhone(page), { timeout: 20_000 }).toBeLessThan(10);
  await expect(page.getByTestId('mirror-mode')).toHaveText(/^scrcpy · [1-9]\d* fps$/);
  await savePanelShot(page, 'mirror-scrcpy-home');

  const [x1, y1, x2, y2] = await boundsOf('text', 'Clock');
  const box = await screenBox(page);
  const { width, height } = phone.phone.props;
  await page.mouse.click(
    box.x + (((x1 + x2) / 2) * box.width) / width,
    box.y + (((y1 + y2) / 2) * box.height) / height,
  );
  await expect
    .poll(async () => (await phone.phone.focus()).packageName, { timeout: 10_000 })
    .toBe('com.android.deskclock');
  await expect.poll(() => differenceFromPhone(page), { timeout: 20_000 }).toBeLessThan(10);
  await savePanelShot(page, 'mirror-scrcpy-clock');

  await page.locator('[data-action="home"]').click();
  await expect
    .poll(async () => (await phone.phone.focus()).packageName, { timeout: 10_000 })
    .toBe('com.android.launcher3');
});

test('the overlay boxes sit on the elements; hover shows details and select mode picks one', async ({ page }) => {
  await openMirror(page, phone.standInServerPath);
  await expect(page.locator('[data-mirror-view]')).toHaveAttribute('data-mode', 'scrcpy');
  const rects = page.locator('[data-mirror-overlay] rect[data-index]');
  await expect.poll(() => rects.count(), { timeout: 20_000 }).toBeGreaterThan(3);
  const box = await screenBox(page);
  const { width, height } = phone.phone.props;
  const placed = await rects.evaluateAll((els) =>
    els.map((el) => ({
      bounds: (el.getAttribute('data-bounds') ?? '').split(',').map(Number),
      rect: el.getBoundingClientRect().toJSON() as DOMRect,
    })),
  );
  for (const { bounds, rect } of placed) {
    const [bx1, by1, bx2, by2] = bounds as [number, number, number, number];
    expect(Math.abs(rect.x - (box.x + (bx1 * box.width) / width))).toBeLessThanOrEqual(2);
    expect(Math.abs(rect.y - (box.y + (by1 * box.height) / height))).toBeLessThanOrEqual(2);
    expect(Math.abs(rect.width - ((bx2 - bx1) * box.width) / width)).toBeLessThanOrEqual(2);
    expect(Math.abs(rect.height - ((by2 - by1) * box.height) / height)).toBeLessThanOrEqual(2);
  }
  // The Clock icon's box is where the phone's own dump puts the icon.
  const [cx1, cy1, cx2, cy2] = await boundsOf('text', 'Clock');
  const cx = (cx1 + cx2) / 2;
  const cy = (cy1 + cy2) / 2;
  const clockBox = placed.find(
    ({ bounds: [a, b, c, d] }) =>
      (a as number) <= cx && cx < (c as number) && (b as number) <= cy && cy < (d as number),
  );
  expect(clockBox, 'an overlay box covers the Clock icon').toBeDefined();

  await page.mouse.move(box.x + (cx * box.width) / width, box.y + (cy * box.height) / height);
  await expect(page.locator('.mirror-tooltip')).toContainText('Clock');
  await savePanelShot(page, 'mirror-overlay-hover');

  await page.locator('[data-action="toggle-select"]').check();
  await page.mouse.click(box.x + (cx * box.width) / width, box.y + (cy * box.height) / height);
  await expect(page.locator('.overlay-selected rect[data-index]')).toHaveCount(1);
  // Select mode does not tap the phone.
  expect((await phone.phone.focus()).packageName).toBe('com.android.launcher3');

  await page.locator('[data-action="toggle-overlay"]').uncheck();
  await expect(page.locator('[data-mirror-overlay]')).toHaveCount(0);
  await savePanelShot(page, 'mirror-overlay-off');
});

test('drag = swipe and typing = text: swiping up opens the app drawer, typed keys reach its search field', async ({
  page,
}) => {
  await phone.phone.keyevent(3);
  await openMirror(page, phone.standInServerPath);
  await expect(page.locator('[data-mirror-view]')).toHaveAttribute('data-mode', 'scrcpy');
  await page.locator('[data-action="toggle-overlay"]').uncheck();
  const box = await screenBox(page);
  const swipeUp = async () => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.8);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2, box.y + box.height * (0.8 - 0.05 * i));
    await page.mouse.up();
  };
  const dump = () => phone.phone.dumpUi({ compressed: false });
  const drawerOpen = async () => (await dump()).includes('com.android.launcher3:id/search_box_input');
  await swipeUp();
  // The phone takes a touch held 500 ms without moving as a long press. On a heavily loaded
  // machine the first move can reach it later than that, and the swipe is then ignored, as a
  // real launcher ignores a long press on empty space. One more swipe settles it.
  const opened = await expect
    .poll(drawerOpen, { timeout: 5_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  if (!opened) await swipeUp();
  await expect.poll(drawerOpen, { timeout: 10_000 }).toBe(true);
  const [x1, y1, x2, y2] = await boundsOf('resource-id', 'com.android.launcher3:id/search_box_input');
  const { width, height } = phone.phone.props;
  await page.mouse.click(
    box.x + (((x1 + x2) / 2) * box.width) / width,
    box.y + (((y1 + y2) / 2) * box.height) / height,
  );
  await expect.poll(() => phone.phone.keyboardShown(), { timeout: 10_000 }).toBe(true);
  await page.keyboard.type('cal');
  const typed = async () =>
    [...(await dump()).matchAll(/<node [^>]*>/g)].some(
      (n) => n[0].includes('search_box_input') && n[0].includes(' text="cal"'),
    );
  await expect.poll(typed, { timeout: 10_000 }).toBe(true);
  await expect.poll(() => differenceFromPhone(page), { timeout: 20_000 }).toBeLessThan(10);
  await savePanelShot(page, 'mirror-drawer-typed');
  await page.locator('[data-action="home"]').click();
  await expect
    .poll(async () => (await phone.phone.focus()).packageName, { timeout: 10_000 })
    .toBe('com.android.launcher3');
});

test('a browser without insertable streams draws the decoded frames on a canvas', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { MediaStreamTrackGenerator?: unknown }).MediaStreamTrackGenerator;
  });
  await phone.phone.keyevent(3);
  await openMirror(page, phone.standInServerPath);
  const view = page.locator('[data-mirror-view]');
  await expect(view).toHaveAttribute('data-mode', 'scrcpy');
  // No GPU here, so not WebGL (a software one would be slower) but the bitmap renderer.
  await expect(view).toHaveAttribute('data-renderer', 'bitmap');
  await page.locator('[data-action="toggle-overlay"]').uncheck();
  await expect.poll(() => differenceFromPhone(page), { timeout: 20_000 }).toBeLessThan(10);
  await expect(page.getByTestId('mirror-mode')).toHaveText(/^scrcpy · [1-9]\d* fps$/);
});

test('without a scrcpy server file the mirror polls screenshots and says why', async ({ page }) => {
  await openMirror(page, phone.missingServerPath);
  const view = page.locator('[data-mirror-view]');
  await expect(view).toHaveAttribute('data-mode', 'screenshots', { timeout: 20_000 });
  await expect(page.getByTestId('mirror-mode')).toHaveText(/^screenshots — .*scrcpy server file .* does not exist/);
  await page.locator('[data-action="toggle-overlay"]').uncheck();
  await expect.poll(() => differenceFromPhone(page), { timeout: 20_000 }).toBeLessThan(10);
  await savePanelShot(page, 'mirror-fallback');

  // Direct control still works (through adb input).
  const [x1, y1, x2, y2] = await boundsOf('text', 'Clock');
  const box = await screenBox(page);
  const { width, height } = phone.phone.props;
  await page.mouse.click(
    box.x + (((x1 + x2) / 2) * box.width) / width,
    box.y + (((y1 + y2) / 2) * box.height) / height,
  );
  await expect
    .poll(async () => (await phone.phone.focus()).packageName, { timeout: 10_000 })
    .toBe('com.android.deskclock');
  await page.locator('[data-action="back"]').click();
  await expect
    .poll(async () => (await phone.phone.focus()).packageName, { timeout: 10_000 })
    .toBe('com.android.launcher3');
});
