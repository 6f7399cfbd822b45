/** Calendar's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { hhmm, id, int, isoDate, raiseCounter, uniqueList } from '../schema-kit.ts';
import type { CalendarData } from './model.ts';

const event = z
  .strictObject({
    id,
    title: z.string(),
    date: isoDate,
    start: hhmm.nullable(),
    endDate: isoDate,
    end: hhmm.nullable(),
    allDay: z.boolean(),
    repeat: z.enum(['none', 'daily', 'weekly', 'monthly', 'yearly']),
    location: z.string(),
    description: z.string(),
    reminderMinutes: int(0).nullable(),
  })
  .superRefine((e, ctx) => {
    if (e.endDate < e.date) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'ends before it starts' });
    if (!e.allDay && (e.start === null || e.end === null))
      ctx.addIssue({
        code: 'custom',
        path: [e.start === null ? 'start' : 'end'],
        message: 'a timed event needs HH:MM',
      });
  });

export const calendarStore: AppStore = {
  schema: z.strictObject({ events: uniqueList(event), nextId: id }) satisfies z.ZodType<CalendarData>,
  normalize: (data: CalendarData) => raiseCounter(data as never, 'nextId', data.events, (e) => e.id),
};
