/** Wait, Ask_User, Finish, Failed: no device effect (the run asks the person for Ask_User). */
import { delay } from '@moba/base';
import type { ActionExecutors } from './types.ts';

export const controlExecutors: Pick<ActionExecutors, 'Wait' | 'Ask_User' | 'Finish' | 'Failed'> = {
  async Wait({ seconds }, ctx) {
    await delay(seconds * 1000, ctx.signal);
    return { detail: `waited ${seconds} s`, settle: false };
  },
  async Ask_User({ question }) {
    return { detail: `asked the person: ${question}`, settle: false };
  },
  async Finish({ message }) {
    return { detail: message ? `finished: ${message}` : 'finished', settle: false };
  },
  async Failed({ reason }) {
    return { detail: reason ? `failed: ${reason}` : 'failed', settle: false };
  },
};
