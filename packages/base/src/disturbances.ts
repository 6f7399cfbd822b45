/**
 * The kinds of disturbance the simulated phone can show (its `sim-disturb` format, the
 * simulator's README § Disturbances): the one list the phone's page and a benchmark task's
 * `disturbances` read.
 */
export const DISTURBANCE_KINDS = [
  'notification',
  'permission',
  'rating',
  'login',
  'consent',
  'slow-load',
  'interstitial',
] as const;
export type DisturbanceKind = (typeof DISTURBANCE_KINDS)[number];
