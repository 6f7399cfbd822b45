/** The Node-only part of @moba/base. */
export { findPackageRoot } from './package-root.ts';
export { untilStopSignal } from './signals.ts';
