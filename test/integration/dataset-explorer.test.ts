/**
 * The GUI explorer on the simulated phone: seeded random walks through two apps record the
 * same page graph twice for the same seed, and the page-reaching and page-operation sub-tasks
 * generated from the graph replay from a reset phone to their target pages.
 */
import { describe, expect, it } from 'vitest';
import { deviceExplorer } from '../../src/main/datasets/explorer/device-explorer.ts';
import { explore, replayFlow, subTasks } from '../../src/main/datasets/explorer/explorer.ts';
import { useDeviceRig } from '../support/device-rig.ts';

const t = useDeviceRig();

describe('GUI explorer', () => {
  for (const [app, label] of [
    ['com.android.settings', 'Settings'],
    ['com.moba.notes', 'Notes'],
  ] as const) {
    it(`explores ${label} into the same page graph twice and replays its sub-tasks`, { timeout: 300_000 }, async () => {
      const device = deviceExplorer({
        devices: t.devices,
        observer: t.observer,
        serial: t.rig.serial,
        app,
        settleTimeoutMs: 1_500,
      });
      const first = await explore({ device, app, seed: 7, walks: 4, depth: 4 });
      const second = await explore({ device, app, seed: 7, walks: 4, depth: 4 });
      expect(second).toEqual(first);
      expect(first.conflicts).toBe(0);
      expect(first.pages.length).toBeGreaterThan(2);
      expect(first.edges.length).toBeGreaterThan(2);
      expect(first.pages.every((p) => p.key.startsWith(`${app}/`))).toBe(true);
      // Another seed walks elsewhere.
      const other = await explore({ device, app, seed: 8, walks: 4, depth: 4 });
      expect(other.edges).not.toEqual(first.edges);

      const tasks = subTasks(first, label);
      const reaching = tasks.filter((x) => x.type === 'page_reaching');
      expect(reaching.length).toBe(
        first.pages.length -
          1 -
          first.pages.filter((p) => p.key !== first.start && !first.edges.some((e) => e.to === p.key)).length,
      );
      for (const task of tasks) {
        const r = await replayFlow(device, task);
        expect(r, `${task.id}: ${task.instruction}`).toMatchObject({ ok: true, failedAt: null, reached: task.target });
        expect(r.actions).toHaveLength(task.flow.length);
      }
    });
  }
});
