/**
 * The shape of what `sim-state` prints (the whole phone: `{ device, packages }`), as a zod
 * schema clients parse it with. `device` holds the phone-wide facts below (more may be added:
 * unknown keys are kept); `packages` each app's state by package name, app-defined. Light: only
 * zod, so a client can check the output without loading the phone.
 */
import { z } from 'zod';

export const PhoneDeviceStateSchema = z.looseObject({
  /** The phone's clock now, ISO 8601 with milliseconds, UTC. */
  time: z.string(),
  /** The IANA time zone the phone shows local times in. */
  timezone: z.string(),
  /** `system_locales`, e.g. `en-US`. */
  locale: z.string(),
  darkMode: z.boolean(),
  airplaneMode: z.boolean(),
  wifi: z.boolean(),
  bluetooth: z.boolean(),
  /** The id of the current input method (`settings get secure default_input_method`). */
  inputMethod: z.string(),
  /** Installed packages. */
  installed: z.array(z.string()),
  /** The app and activity in front (absent before the first screen is drawn). */
  foreground: z.object({ packageName: z.string(), activity: z.string() }).optional(),
  keyboardShown: z.boolean(),
  /** The phone's local calendar now (see the README's *Time*): `YYYY-MM-DD`, `HH:MM`, `MON`…`SUN`. */
  date: z.string().optional(),
  localTime: z.string().optional(),
  weekday: z.enum(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']).optional(),
  /** `real`, `frozen` or `stepped:5s`; where a reset starts the clock: `seeded` or an ISO time. */
  clockPolicy: z.string().optional(),
  clockStart: z.string().optional(),
  /** The phone's clipboard. */
  clipboard: z.string().optional(),
  /** The notification shade is pulled down; the notifications posted, newest first. */
  shade: z.boolean().optional(),
  notifications: z
    .array(z.object({ id: z.number(), app: z.string(), title: z.string(), text: z.string(), at: z.number() }))
    .optional(),
  /** Inputs since the reset, and the disturbances scheduled (see the README's *Disturbances*). */
  actions: z.number().optional(),
  disturbances: z
    .array(
      z.looseObject({
        id: z.string(),
        kind: z.string(),
        app: z.string().nullable(),
        status: z.enum(['pending', 'showing', 'done']),
        outcome: z.string().nullable(),
      }),
    )
    .optional(),
  /** Answers to permission dialogs, by package and permission: `granted`, `denied`, `once`. */
  permissions: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});

export const PhoneStateSchema = z.object({
  device: PhoneDeviceStateSchema,
  /** Each app's state by package name (what `sim-state PACKAGE` prints for one). */
  packages: z.record(z.string(), z.unknown()),
});
export type PhoneState = z.infer<typeof PhoneStateSchema>;
