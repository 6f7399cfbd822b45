/** Clock's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import { DAY_CODES } from '../../phone/page/i18n.ts';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, int, oneOfIds, raiseCounter, uniqueList } from '../schema-kit.ts';
import { CITIES } from './cities.ts';
import type { ClockData } from './model.ts';

const alarm = z.strictObject({
  id,
  hour: int(0, 23),
  minute: int(0, 59),
  label: z.string(),
  enabled: z.boolean(),
  repeat: z.array(z.enum(DAY_CODES)),
  vibrate: z.boolean(),
  ringtone: z.string().min(1),
});

const timer = z.strictObject({
  state: z.enum(['reset', 'running', 'paused', 'expired']),
  durationMs: int(0),
  remainingMs: int(0),
  endsAt: epochMs.nullable(),
  label: z.string(),
});

const stopwatch = z.strictObject({
  state: z.enum(['reset', 'running', 'paused']),
  elapsedMs: int(0),
  startedAt: epochMs.nullable(),
  laps: z.array(int(0)),
});

export const clockStore: AppStore = {
  schema: z.strictObject({
    alarms: uniqueList(alarm),
    nextAlarmId: id,
    worldClocks: z.array(
      oneOfIds(
        CITIES.map((c) => c.id),
        'world-clock city',
      ),
    ),
    timer,
    stopwatch,
  }) satisfies z.ZodType<ClockData>,
  normalize: (data: ClockData) => raiseCounter(data as never, 'nextAlarmId', data.alarms, (a) => a.id),
};
