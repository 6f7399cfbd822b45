/** Email's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, int, raiseCounter, uniqueList } from '../schema-kit.ts';
import { FOLDERS } from './model.ts';
import type { MailData } from './model.ts';

const person = z.strictObject({
  name: z.string(),
  address: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'expected an email address'),
});
const folder = z.enum(FOLDERS);

const mail = z.strictObject({
  id,
  folder,
  from: person,
  to: z.array(person),
  cc: z.array(person),
  subject: z.string(),
  body: z.string(),
  at: epochMs,
  read: z.boolean(),
  starred: z.boolean(),
  attachments: z.array(z.strictObject({ name: z.string().min(1), size: int(0) })),
  trashedFrom: folder.nullable(),
});

export const mailStore: AppStore = {
  schema: z.strictObject({
    account: person,
    mails: uniqueList(mail),
    nextId: id,
    settings: z.strictObject({
      signature: z.string(),
      signatureOn: z.boolean(),
      confirmDelete: z.boolean(),
      notifications: z.boolean(),
      defaultReply: z.enum(['reply', 'reply-all']),
    }),
  }) satisfies z.ZodType<MailData>,
  normalize: (data: MailData) => raiseCounter(data as never, 'nextId', data.mails, (m) => m.id),
};
