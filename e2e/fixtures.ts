import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServedHost {
  /** The URL `moba serve` printed, with its token. */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  process: ChildProcess;
}

/** Starts the real `moba serve` in a temp data folder and stops it by pid afterwards. */
/** `prepare` runs on the fresh data folder before the host starts (e.g. host-only settings set with the local CLI). */
export async function serve(
  env: NodeJS.ProcessEnv = {},
  prepare?: (dataDir: string) => void,
): Promise<ServedHost & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'moba-e2e-'));
  prepare?.(dataDir);
  const token = randomBytes(16).toString('hex');
  const child = spawn(process.execPath, ['bin/moba.js', 'serve', '--port', '0', '--token', token], {
    env: { ...process.env, MOBA_HOME: dataDir, MOBA_ADB_AUTOSTART: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`moba serve did not print its URL:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /open: (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`moba serve exited with ${code}:\n${output}`)));
  });
  return {
    url,
    origin: new URL(url).origin,
    token,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every e2e file saves a screenshot of each panel it shows, for people to look at. */
export async function savePanelShot(page: Page, name: string): Promise<void> {
  const dir = join('test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** Saves the report offered on the page ("Download report") in one format: the file's name and text. */
export async function downloadReport(
  page: Page,
  format: 'html' | 'csv' | 'json',
): Promise<{ name: string; text: string }> {
  const box = page.getByTestId('download-report');
  await box.locator('select[name="report.format"]').selectOption(format);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    box.locator('[data-action="download-report"]').click(),
  ]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

export const test = base.extend<object, { host: ServedHost & { stop(): Promise<void> } }>({
  host: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const h = await serve();
      await use(h);
      await h.stop();
    },
    { scope: 'worker' },
  ],
});

/** One contract call over the page's own WebSocket (the token is in its cookie). */
export async function contractCall(page: Page, method: string, input: unknown): Promise<unknown> {
  return page.evaluate(
    async ([m, i]) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      await new Promise((r) => (ws.onopen = r));
      const reply = new Promise<{ ok: boolean; result?: unknown; error?: { message: string } }>((resolve) => {
        ws.onmessage = (e) => {
          const frame = JSON.parse(String(e.data)) as { t: string; id?: number };
          if (frame.t === 'result' && frame.id === 1) resolve(frame as never);
        };
      });
      ws.send(JSON.stringify({ t: 'call', id: 1, method: m, input: i }));
      const r = await reply;
      ws.close();
      if (!r.ok) throw new Error(r.error?.message);
      return r.result;
    },
    [method, input] as const,
  );
}

export { expect };
