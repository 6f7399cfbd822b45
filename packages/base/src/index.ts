/**
 * @moba/base: what every MobA package shares and nothing else — the error class and its codes,
 * disposables, typed events, deadlines, the seeded random generator, Android's key codes, the
 * simulated phone's disturbance kinds.
 * Dependency-free and browser-safe; Node-only helpers are in `@moba/base/node`.
 */
export * from './errors.ts';
export * from './disposable.ts';
export * from './emitter.ts';
export * from './deadline.ts';
export * from './random.ts';
export * from './keycodes.ts';
export * from './disturbances.ts';
