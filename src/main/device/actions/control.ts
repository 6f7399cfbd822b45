/** Wait, Finish, Failed: no device effect. */
import { delay } from '@moba/base';
import type { ActionExecutors } from './types.ts';

export const controlExecutors: Pick<ActionExecutors, 'Wait' | 'Finish' | 'Failed'> = {
  async Wait({ seconds }, ctx) {
    await delay(seconds * 1000, ctx.signal);
    return { detail: `waited ${seconds} s`, settle: false };
  },
  async Finish({ message }) {
    return { detail: message ? `finished: ${message}` : 'finished', settle: false };
  },
  async Failed({ reason }) {
    return { detail: reason ? `failed: ${reason}` : 'failed', settle: false };
  },
};
