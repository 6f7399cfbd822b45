/** The launcher's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { CATALOG } from '../catalog.ts';
import type { LauncherData } from './index.ts';

const launchable = CATALOG.filter((e) => e.launcher).map((e) => e.packageName);

export const launcherStore: AppStore = {
  schema: z.strictObject({
    home: z.array(z.string().refine((p) => launchable.includes(p), 'expected the package of an app in the drawer')),
  }) satisfies z.ZodType<LauncherData>,
};
