/**
 * The disturbances a host can schedule on a phone (`sim-disturb add`, `phone.disturb`): their
 * JSON format, checked with zod (each problem names its field), and resolved for the page —
 * a seeded number of actions drawn from a range, a device time from `HH:MM`. Node side only;
 * loaded on the first `disturb`. The format is documented in the simulator's README
 * (*Disturbances*).
 */
import { z } from 'zod';
import { MobaError } from '@moba/base';
import { describeIssues } from './apps/schema-kit.ts';
import type { DisturbanceInput } from './phone/page/disturbances.ts';
import { hashString, mulberry32 } from './phone/page/rng.ts';
import { localDay, localToEpoch } from './time.ts';

const PERMISSIONS = ['location', 'camera', 'microphone', 'notifications', 'contacts', 'photos'] as const;

/** A number of actions, or a range `[min, max]` the phone's seed draws from. */
const after = z.union([
  z.number().int().min(0).max(10_000),
  z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([lo, hi]) => lo <= hi, 'expected [min, max] with min ≤ max'),
]);
/** `HH:MM` today (device time), a local time `YYYY-MM-DDTHH:MM`, ISO 8601 with a zone, or epoch ms. */
const at = z.union([z.number().int().min(0), z.string().min(4)]);
const pkg = z.string().regex(/^[a-zA-Z][\w.]*$/, 'expected a package name like com.moba.shop');

const common = {
  id: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'expected letters, digits, ., - or _')
    .optional(),
  after: after.optional(),
  at: at.optional(),
};

export const DISTURBANCE_SPEC = z.discriminatedUnion('kind', [
  z
    .strictObject({
      ...common,
      kind: z.literal('notification'),
      app: pkg,
      title: z.string().min(1).optional(),
      text: z.string().optional(),
      message: z.strictObject({ from: z.string().min(1), text: z.string().min(1) }).optional(),
      mail: z
        .strictObject({
          from: z.string().email(),
          name: z.string().optional(),
          subject: z.string().min(1),
          body: z.string(),
        })
        .optional(),
      credit: z
        .strictObject({ amount: z.number().positive(), from: z.string().min(1), note: z.string().optional() })
        .optional(),
    })
    .refine((s) => s.title !== undefined || s.message || s.mail || s.credit, {
      message: 'a notification needs a title (and text), or the app’s payload: message, mail or credit',
      path: ['title'],
    }),
  z.strictObject({
    ...common,
    kind: z.literal('permission'),
    app: pkg,
    permission: z.enum(PERMISSIONS).default('location'),
  }),
  z.strictObject({ ...common, kind: z.literal('rating'), app: pkg }),
  z.strictObject({
    ...common,
    kind: z.literal('login'),
    app: pkg,
    account: z.string().optional(),
    password: z.string().min(1).optional(),
    skippable: z.boolean().default(false),
  }),
  z.strictObject({ ...common, kind: z.literal('consent'), app: pkg }),
  z.strictObject({
    ...common,
    kind: z.literal('slow-load'),
    app: pkg.optional(),
    seconds: z.number().min(0.5).max(60).default(3),
  }),
  z.strictObject({
    ...common,
    kind: z.literal('interstitial'),
    app: pkg.optional(),
    closeAfter: z.number().min(0).max(30).default(0),
    ad: z.number().int().min(0).max(2).optional(),
  }),
]);

export type DisturbanceSpec = z.input<typeof DISTURBANCE_SPEC>;

function resolveAt(value: string | number, timeZone: string, now: number): number {
  if (typeof value === 'number') return value;
  if (/^\d{1,2}:\d{2}$/.test(value)) {
    const [h, m] = value.split(':');
    return localToEpoch(`${localDay(now, timeZone).date}T${h!.padStart(2, '0')}:${m}`, timeZone);
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return localToEpoch(value, timeZone);
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new MobaError('INVALID_INPUT', `at: cannot read the time "${value}"`);
  return ms;
}

/**
 * Checks specs (one or a list) and resolves them for the page.
 * @param context the phone's seed (ranges of `after` are drawn from it and the id), zone and now
 * @param nextId numbers the disturbances that have no id
 * @throws MobaError INVALID_INPUT naming every wrong field (`[1].permission: …`)
 */
export function resolveDisturbances(
  specs: unknown,
  context: { seed: number; timeZone: string; now: number; installed: readonly string[] },
  nextId: () => number,
): DisturbanceInput[] {
  const list = Array.isArray(specs) ? specs : [specs];
  const parsed = z.array(DISTURBANCE_SPEC).min(1, 'expected at least one disturbance').safeParse(list);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error).map((p) => (Array.isArray(specs) ? p : p.replace(/^\[0\]\.?/, '')));
    throw new MobaError('INVALID_INPUT', `Bad disturbance: ${problems.join('; ')}`);
  }
  return parsed.data.map((spec, i) => {
    const { id, kind, after: a, at: when, ...rest } = spec;
    const app = 'app' in spec && spec.app !== undefined ? spec.app : null;
    if (app !== null && !context.installed.includes(app))
      throw new MobaError(
        'INVALID_INPUT',
        `Bad disturbance: ${Array.isArray(specs) ? `[${i}].` : ''}app: ${app} is not installed`,
      );
    const name = id ?? `${kind}-${nextId()}`;
    let actions: number | null = null;
    if (Array.isArray(a)) {
      const rng = mulberry32((context.seed ^ hashString(`disturbance:${name}`)) >>> 0);
      actions = a[0] + Math.floor(rng() * (a[1] - a[0] + 1));
    } else if (a !== undefined) actions = a;
    const time = when === undefined ? null : resolveAt(when, context.timeZone, context.now);
    const params: Record<string, unknown> = { ...rest };
    delete params.app;
    if (kind === 'interstitial' && params.ad === undefined) params.ad = hashString(`${context.seed}:${name}`) % 3;
    return { id: name, kind, app, after: actions ?? (time === null ? 0 : null), at: time, params };
  });
}
