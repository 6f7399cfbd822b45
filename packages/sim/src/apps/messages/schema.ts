/** Messages' stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, raiseCounter, uniqueList } from '../schema-kit.ts';
import type { MessagesData } from './model.ts';

const message = z.strictObject({
  id,
  from: z.string().min(1),
  to: z.string().min(1),
  text: z.string(),
  at: epochMs,
  type: z.enum(['received', 'sent']),
});

const conversation = z.strictObject({
  id,
  address: z.string().min(1),
  name: z.string(),
  unread: z.boolean(),
  messages: uniqueList(message),
});

export const messagesStore: AppStore = {
  schema: z.strictObject({
    conversations: uniqueList(conversation).superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((c, i) =>
        c.messages.forEach((m, j) => {
          if (seen.has(m.id))
            ctx.addIssue({ code: 'custom', path: [i, 'messages', j, 'id'], message: `duplicate message id ${m.id}` });
          seen.add(m.id);
        }),
      );
    }),
    nextId: id,
    nextMessageId: id,
  }) satisfies z.ZodType<MessagesData>,
  normalize: (data: MessagesData) => {
    raiseCounter(data as never, 'nextId', data.conversations, (c) => c.id);
    raiseCounter(
      data as never,
      'nextMessageId',
      data.conversations.flatMap((c) => c.messages),
      (m) => m.id,
    );
  },
};
