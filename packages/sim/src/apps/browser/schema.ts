/** The Browser's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, int, raiseCounter, uniqueList } from '../schema-kit.ts';
import type { BrowserData } from './model.ts';

const address = z.string().regex(/^(https?:\/\/\S+|about:newtab)$/, 'expected an http(s) address or about:newtab');

const tab = z
  .strictObject({ id, stack: z.array(address).min(1), index: int(0) })
  .refine((t) => t.index < t.stack.length, { message: 'index is past the end of stack', path: ['index'] });

export const browserStore: AppStore = {
  schema: z
    .strictObject({
      tabs: uniqueList(tab).min(1),
      current: id,
      nextTabId: id,
      bookmarks: uniqueList(z.strictObject({ id, title: z.string().min(1), url: address })),
      nextBookmarkId: id,
      history: uniqueList(z.strictObject({ id, url: address, title: z.string(), at: epochMs })).max(100),
      nextVisitId: id,
      settings: z.strictObject({
        searchEngine: z.enum(['moba', 'wiki']),
        textSize: int(50, 200).refine((n) => n % 10 === 0, 'expected a multiple of 10'),
        javascript: z.boolean(),
        popups: z.boolean(),
        desktopSite: z.boolean(),
        homepage: address,
      }),
    })
    .superRefine((d, ctx) => {
      if (!d.tabs.some((t) => t.id === d.current))
        ctx.addIssue({ code: 'custom', path: ['current'], message: 'not the id of an open tab' });
    }) satisfies z.ZodType<BrowserData>,
  normalize: (data: BrowserData) => {
    raiseCounter(data as never, 'nextTabId', data.tabs, (t) => t.id);
    raiseCounter(data as never, 'nextBookmarkId', data.bookmarks, (b) => b.id);
    raiseCounter(data as never, 'nextVisitId', data.history, (v) => v.id);
  },
};
