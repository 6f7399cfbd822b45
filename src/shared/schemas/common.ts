import { z } from 'zod';

/** A file beside the database (screenshot, dump), addressed by the SHA-256 of its bytes. */
export const ArtifactRef = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  mime: z.string(),
  bytes: z.number().int().min(0),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type ArtifactRef = z.infer<typeof ArtifactRef>;

/** `[x1, y1, x2, y2]` in device pixels, x2/y2 exclusive, as uiautomator writes them. */
export const Bounds = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type Bounds = z.infer<typeof Bounds>;

export const Point = z.tuple([z.number(), z.number()]);
export type Point = z.infer<typeof Point>;

/** A seed of a simulated phone or of a suite's instances: a whole number from 0 to 2³¹ − 1. */
export const Seed = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
