/** Contacts' stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { id, raiseCounter, uniqueList } from '../schema-kit.ts';
import type { ContactsData } from './model.ts';

const contact = z.strictObject({
  id,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  company: z.string(),
  starred: z.boolean(),
});

export const contactsStore: AppStore = {
  schema: z.strictObject({ contacts: uniqueList(contact), nextId: id }) satisfies z.ZodType<ContactsData>,
  normalize: (data: ContactsData) => raiseCounter(data as never, 'nextId', data.contacts, (c) => c.id),
};
