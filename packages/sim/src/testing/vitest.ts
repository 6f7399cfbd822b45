/** @moba/sim/vitest — Vitest hooks that give a test file one simulated phone. */
export * from './app-phone.ts';
