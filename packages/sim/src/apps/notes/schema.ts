/** Notes' stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, raiseCounter, uniqueList } from '../schema-kit.ts';
import type { NotesData } from './model.ts';

const note = z.strictObject({
  id,
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  createdAt: epochMs,
  updatedAt: epochMs,
});

export const notesStore: AppStore = {
  schema: z.strictObject({ notes: uniqueList(note), nextId: id }) satisfies z.ZodType<NotesData>,
  normalize: (data: NotesData) => raiseCounter(data as never, 'nextId', data.notes, (n) => n.id),
};
