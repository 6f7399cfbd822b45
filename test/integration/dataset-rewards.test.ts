/**
 * ReachAgent's 4-level reward on flows recorded on the simulated phone: in Settings, the task
 * "reach page T" has a one-step reference; designed episodes take a longer completing path (a
 * detour into another page and Back), a dead end (into that page and deeper), and an
 * unexecutable action. Pages are the explorer's page keys; the milestone checker is "the page
 * after the step is T". The labels must equal the hand labels below.
 */
import { describe, expect, it } from 'vitest';
import type { ActionCall } from '../../src/shared/actions.ts';
import { deviceExplorer } from '../../src/main/datasets/explorer/device-explorer.ts';
import { explore } from '../../src/main/datasets/explorer/explorer.ts';
import { pageKeyOf, parseActionKey, resolveAction } from '../../src/main/datasets/explorer/pages.ts';
import { labelTask, preferencePairs } from '../../src/main/datasets/rewards/reach-rewards.ts';
import type { Episode, FlowStep } from '../../src/main/datasets/rewards/reach-rewards.ts';
import { useDeviceRig } from '../support/device-rig.ts';

const t = useDeviceRig();
const APP = 'com.android.settings';

describe('4-level reward on recorded flows', () => {
  it('labels a reference, a longer path, a dead end and an invalid action as by hand', {
    timeout: 300_000,
  }, async () => {
    const device = deviceExplorer({
      devices: t.devices,
      observer: t.observer,
      serial: t.rig.serial,
      app: APP,
      settleTimeoutMs: 1_500,
    });
    const graph = await explore({ device, app: APP, seed: 7, walks: 6, depth: 3 });
    const from = (p: string) => graph.edges.filter((e) => e.from === p && e.to !== p);
    // a: start → T; y: start → Y (another page) with z: Y → Z (neither start nor T).
    let design: { a: string; target: string; y: string; z: string } | null = null;
    for (const a of from(graph.start)) {
      for (const y of from(graph.start)) {
        if (y.to === a.to) continue;
        const z = from(y.to).find((e) => e.to !== graph.start && e.to !== a.to);
        if (z) design = { a: a.action, target: a.to, y: y.action, z: z.action };
      }
    }
    expect(design, 'the graph offers two first steps and a step beyond one of them').not.toBeNull();
    const d = design!;

    /** Runs a designed episode from a reset phone and records its flow. */
    const record = async (id: string, keys: Array<string | ActionCall>): Promise<Episode> => {
      await device.restart();
      let obs = await device.observe();
      const steps: FlowStep[] = [];
      for (const k of keys) {
        const page = pageKeyOf(obs);
        const action = typeof k === 'string' ? resolveAction(obs, parseActionKey(k)) : k;
        const r = action ? await device.act(action, obs) : { ok: false };
        const label = typeof k === 'string' ? k : k.name;
        if (!r.ok) {
          steps.push({ page, action: label, valid: false, next: null, completes: false });
          continue;
        }
        obs = await device.observe();
        const next = pageKeyOf(obs);
        steps.push({ page, action: label, valid: true, next, completes: next === d.target });
      }
      return { id, steps };
    };
    const back: ActionCall = { name: 'Back', params: {} };
    const reference = await record('reference', [d.a]);
    const longer = await record('longer', [d.y, back, d.a]);
    const deadEnd = await record('dead-end', [d.y, d.z]);
    const invalid = await record('invalid', [{ name: 'Click', params: { index: 999 } }, d.a]);
    expect(longer.steps[1]!.next, 'Back returns to the start page').toBe(graph.start);

    const labels = labelTask({
      id: 'reach',
      instruction: 'Reach the page',
      reference,
      episodes: [longer, deadEnd, invalid],
    });
    const by = (id: string) => labels.filter((l) => l.episode === id).map((l) => l.level);
    expect(by('reference')).toEqual(['golden']);
    expect(by('longer')).toEqual(['longer', 'longer', 'longer']);
    expect(by('dead-end')).toEqual(['longer', 'incomplete']);
    // The unexecutable click; then the reference's action, one step later than golden.
    expect(by('invalid')).toEqual(['invalid', 'longer']);

    const pairs = preferencePairs(
      { id: 'reach', instruction: 'Reach the page', reference, episodes: [longer, deadEnd, invalid] },
      labels,
    );
    const atStart = pairs.filter((p) => p.history.length === 0).map((p) => `${p.chosen.level}>${p.rejected.level}`);
    expect(atStart.sort()).toEqual(['golden>invalid', 'golden>longer', 'longer>invalid']);
  });
});
