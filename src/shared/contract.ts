/**
 * The one contract between main and every renderer (Electron IPC or the web host's WebSocket).
 * Each method maps to `{ input, output }` zod schemas; each event to its payload schema. Main
 * validates every input at runtime; the preload and the web client derive their typed client
 * from this file. Areas keep their definitions in `contract/<area>.ts`; this file joins them.
 */
import type { z } from 'zod';
import { appEvents, appMethods } from './contract/app.ts';
import { deviceEvents, deviceMethods } from './contract/devices.ts';
import { mirrorEvents, mirrorMethods } from './contract/mirror.ts';
import { runEvents, runMethods } from './contract/runs.ts';
import { exportEvents, exportMethods } from './contract/export.ts';
import { modelMethods } from './contract/models.ts';
import { simulatorEvents, simulatorMethods } from './contract/simulators.ts';
import { demoMethods } from './contract/demos.ts';
import { cockpitMethods } from './contract/cockpit.ts';
import { memoryEvents, memoryMethods } from './contract/memory.ts';
import { datasetEvents, datasetMethods } from './contract/datasets.ts';
import { voiceMethods } from './contract/voice.ts';
import { benchmarkEvents, benchmarkMethods } from './contract/benchmarks.ts';
import { sweepMethods } from './contract/sweeps.ts';
import type { CallArgs, InputOf, OutputOf, ParsedInputOf } from './contract/define.ts';

export const methods = {
  ...appMethods,
  ...deviceMethods,
  ...mirrorMethods,
  ...runMethods,
  ...exportMethods,
  ...modelMethods,
  ...simulatorMethods,
  ...demoMethods,
  ...cockpitMethods,
  ...memoryMethods,
  ...datasetMethods,
  ...voiceMethods,
  ...benchmarkMethods,
  ...sweepMethods,
};

export const events = {
  ...appEvents,
  ...deviceEvents,
  ...mirrorEvents,
  ...runEvents,
  ...exportEvents,
  ...simulatorEvents,
  ...memoryEvents,
  ...datasetEvents,
  ...benchmarkEvents,
};

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type Events = typeof events;
export type EventName = keyof Events;

export type MethodInput<M extends MethodName> = InputOf<Methods[M]>;
export type MethodParsedInput<M extends MethodName> = ParsedInputOf<Methods[M]>;
export type MethodOutput<M extends MethodName> = OutputOf<Methods[M]>;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const METHOD_NAMES = Object.keys(methods) as MethodName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

/** Binary bulk data (video) arrives on numbered channels that a method call opened. */
export type BinaryListener = (channel: number, data: Uint8Array) => void;

/**
 * The typed client every renderer uses: one async function per method, plus event and binary
 * subscriptions. `window.moba` in Electron; a WebSocket client in the browser.
 */
export type MobaClient = {
  [M in MethodName]: (...args: CallArgs<MethodInput<M>>) => Promise<MethodOutput<M>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  onBinary(listener: BinaryListener): () => void;
  /** URL for an artifact (screenshot, dump) by its content hash. */
  artifactUrl(sha256: string): string;
};
