/**
 * Security: terminal escape injection. Before the fix model text (observations, thoughts,
 * sub-goals, answers) and memory text reached the terminal unchanged in `moba run`, `runs show`
 * and `memory list/search`: a model could erase lines and write its own — including the action
 * shown for approval in step mode. Real `moba` processes, the simulated phone, a scripted model
 * that answers with escape sequences.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import type { ScriptedServer } from '@moba/testkit';
import { scriptedModel } from '../support/scripted-model.ts';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';
import { killProcess, mobaProcess } from '../support/cli-process.ts';

const ACT = 'You are the Local Agent of MobA';
const PLAN = 'Your Plan module';
/** Erase the line, move up, erase again, then pretend the approval shows something harmless. */
const ERASE = '\x1b[2K\x1b[1A\x1b[2K\r';
const HOSTILE_THOUGHT = `tap it${ERASE}step  s1: Back()`;
const HOSTILE_GOAL = `Open Clock\x1b]0;pwned\x07\u202eevil\u202c`;
/** What no terminal may receive from outside text: C0 controls but \n and \t, DEL, C1, bidi marks. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

let rig: PhoneRig;
let model: ScriptedServer;
const data = tempDir('moba-sec-term-');
const env = () => ({
  MOBA_HOME: data.path,
  HOME: rig.adb.home,
  ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}`,
  MOBA_ADB_AUTOSTART: '0',
});

beforeAll(async () => {
  rig = await startPhoneRig({ seed: 1 });
  model = await scriptedModel({
    steps: [
      {
        match: { system: ACT },
        reply: { observation: `home${ERASE}`, thought: 'needs a plan', can_complete: 'false', action: null },
      },
      {
        match: { system: PLAN },
        reply: { observation: 'home', thought: `split${ERASE}`, subgoals: [HOSTILE_GOAL, 'Done\nexec  Back() ok'] },
      },
      {
        match: { system: ACT },
        reply: { observation: 'home', thought: HOSTILE_THOUGHT, can_complete: 'true', action: 'Open_App("Clock")' },
        times: 'always',
      },
    ],
  });
});
afterAll(async () => {
  await model?.close();
  await rig?.dispose();
  data.dispose();
});

describe('security: nothing from outside reaches the terminal as control characters', () => {
  let runId = '';

  it('moba run in step mode: the thought cannot erase or fake the action shown for approval', {
    timeout: 120_000,
  }, async () => {
    const cli = mobaProcess(
      [
        'run',
        '--device',
        rig.serial,
        '--task',
        'Open the Clock app',
        '--mode',
        'step',
        '--base-url',
        model.baseUrl,
        '--model',
        'scripted',
      ],
      env(),
    );
    try {
      const deadline = Date.now() + 60_000;
      while (!cli.stdout.includes('answer with:') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      cli.child.stdin.write('s\n');
      await cli.exit;
    } finally {
      await killProcess(cli);
    }
    runId = /^run (\S+)$/m.exec(cli.stdout)?.[1] ?? '';
    expect(runId, cli.stdout + cli.stderr).not.toBe('');
    expect(cli.stdout).not.toMatch(RAW_CONTROLS);
    expect(cli.stdout).toContain('tap it\\u001b[2K\\u001b[1A\\u001b[2K step s1: Back()');
    // The proposal as it really is, on its own line; the fake one only inside the visible thought.
    expect(cli.stdout).toMatch(/^step {2}s1: Open_App\("Clock"\)/m);
    expect(cli.stdout).not.toMatch(/^step {2}s1: Back\(\)/m);
    expect(cli.stdout).not.toMatch(/^exec {2}Back\(\) ok/m);
  });

  it('runs show: events and the task tree, as text and as JSON lines', { timeout: 60_000 }, async () => {
    const show = mobaProcess(['runs', 'show', runId], env());
    await show.exit;
    expect(show.stdout).toContain('Open Clock\\u001b]0;pwned\\u0007\\u202eevil\\u202c');
    expect(show.stdout).not.toMatch(RAW_CONTROLS);
    expect(show.stdout).not.toMatch(/^exec {2}Back\(\) ok/m);
    const json = mobaProcess(['runs', 'show', runId, '--json'], env());
    await json.exit;
    expect(json.stdout).not.toMatch(RAW_CONTROLS);
    // The JSON lines still parse to the very text the model sent.
    const plan = json.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type?: string; subgoals?: string[] })
      .find((e) => e.type === 'plan_made');
    expect(plan?.subgoals?.[0]).toBe(HOSTILE_GOAL);
  });

  it('memory list and search: memory text is shown, its escape sequences are not obeyed', {
    timeout: 60_000,
  }, async () => {
    const seed = join(data.path, 'hostile-seed.json');
    writeFileSync(
      seed,
      JSON.stringify({
        format: 'moba-memory',
        version: 1,
        memories: [{ kind: 'user', category: 'preference', text: `Alarms are labeled Work${ERASE}\x9b2J\u202eeulav` }],
      }),
    );
    const imported = mobaProcess(['memory', 'import', seed], env());
    expect((await imported.exit).code, imported.stderr).toBe(0);
    for (const args of [
      ['memory', 'list'],
      ['memory', 'search', 'alarms labeled work', '--purpose', 'plan'],
    ]) {
      const p = mobaProcess(args, env());
      await p.exit;
      expect(p.stdout, args.join(' ')).toContain('Alarms are labeled Work\\u001b[2K');
      expect(p.stdout, args.join(' ')).not.toMatch(RAW_CONTROLS);
    }
  });
});
