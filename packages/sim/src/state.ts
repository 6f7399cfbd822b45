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
});

export const PhoneStateSchema = z.object({
  device: PhoneDeviceStateSchema,
  /** Each app's state by package name (what `sim-state PACKAGE` prints for one). */
  packages: z.record(z.string(), z.unknown()),
});
export type PhoneState = z.infer<typeof PhoneStateSchema>;
