/**
 * Simulated phones started from the Devices panel: a Chromium-rendered phone behind an ADB
 * endpoint on a loopback port, connected to the app's adb server like a wireless phone.
 */
import { z } from 'zod';
import { Seed } from '../schemas/common.ts';
import { defineMethod } from './define.ts';

export const SimulatorInfo = z.object({
  /** Stable for the phone's lifetime, e.g. `sim-1`. */
  id: z.string(),
  /** `127.0.0.1:PORT` once listening. */
  address: z.string().nullable(),
  /** The adb serial once connected (the address). */
  serial: z.string().nullable(),
  seed: z.number().int(),
  state: z.enum(['starting', 'running', 'stopping']),
  startedAt: z.number(),
  error: z.string().nullable(),
});
export type SimulatorInfo = z.infer<typeof SimulatorInfo>;

export const simulatorMethods = {
  listSimulators: defineMethod({
    summary: 'The simulated phones this app started.',
    input: z.object({}).strict(),
    output: z.object({ simulators: z.array(SimulatorInfo) }),
  }),
  startSimulator: defineMethod({
    summary: 'Start a simulated phone (Chromium-rendered apps) and adb-connect it; takes a few seconds.',
    input: z
      .object({
        seed: Seed.optional(),
        port: z.number().int().min(0).max(65_535).optional(),
      })
      .strict(),
    output: SimulatorInfo,
  }),
  stopSimulator: defineMethod({
    summary: 'Disconnect and stop a simulated phone this app started (by id or address).',
    input: z.object({ id: z.string().min(1).max(200) }).strict(),
    output: z.object({ stopped: z.boolean() }),
  }),
};

export const simulatorEvents = {
  /** A simulated phone started, stopped or failed; the full list. */
  didChangeSimulators: z.object({ simulators: z.array(SimulatorInfo) }),
};
