/**
 * One Chromium simulated phone for an app test file: registers the Vitest hooks that create it
 * (optionally on its own kept-alive browser, for files that start more phones), reset it
 * before every test, check after every test that its page logged no errors, and close it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { createSharedBrowser, createSimulatedPhone } from '../index.ts';
import type { SharedBrowser, SimulatedPhone } from '../index.ts';
import type { SimulatedPhoneOptions } from '../index.ts';

export interface AppPhone {
  phone: SimulatedPhone;
  /** Set when `ownBrowser` was asked for: pass it to further phones of the file. */
  browser: SharedBrowser | undefined;
}

/** @param onReady receives the phone once it runs (files keep it in their own `let phone`). */
export function useAppPhone(
  options: Omit<SimulatedPhoneOptions, 'browser'> & { ownBrowser?: boolean },
  onReady: (t: AppPhone) => void,
): void {
  const t = {} as AppPhone;
  const { ownBrowser, ...phoneOptions } = options;
  beforeAll(async () => {
    t.browser = ownBrowser ? createSharedBrowser({ keepAlive: true }) : undefined;
    t.phone = await createSimulatedPhone({ ...phoneOptions, ...(t.browser ? { browser: t.browser } : {}) });
    onReady(t);
  });
  afterAll(async () => {
    await t.phone?.close();
    await t.browser?.close();
  });
  beforeEach(async () => {
    await t.phone.reset();
  });
  afterEach(() => {
    expect(t.phone.errors()).toEqual([]);
  });
}
