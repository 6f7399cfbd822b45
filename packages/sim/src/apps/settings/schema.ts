/** Settings' own stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { int, uniqueList } from '../schema-kit.ts';
import type { SettingsData } from './model.ts';

const network = z.strictObject({
  ssid: z.string().min(1),
  password: z.string().nullable(),
  signal: int(0, 4),
  saved: z.boolean(),
});

const device = z.strictObject({
  name: z.string().min(1),
  kind: z.enum(['headphones', 'car', 'speaker', 'watch', 'phone']),
  paired: z.boolean(),
  connected: z.boolean(),
});

export const settingsStore: AppStore = {
  schema: z
    .strictObject({
      networks: uniqueList(network, 'ssid'),
      connected: z.string().nullable(),
      devices: uniqueList(device, 'name'),
      airplaneRestore: z.strictObject({ wifi: z.boolean(), bluetooth: z.boolean() }).nullable(),
      buildTaps: int(0),
      dataSaver: z.boolean(),
      batterySaver: z.boolean(),
      batteryPercentage: z.boolean(),
      notificationHistory: z.boolean(),
      vibrateForCalls: z.boolean(),
      adaptiveBrightness: z.boolean(),
      hotspot: z.boolean(),
    })
    .superRefine((d, ctx) => {
      if (d.connected !== null && !d.networks.some((n) => n.ssid === d.connected))
        ctx.addIssue({ code: 'custom', path: ['connected'], message: 'expected the ssid of one of networks' });
    }) satisfies z.ZodType<SettingsData>,
};
