/**
 * `moba run` without a terminal (stdin closed: a script, CI, `< /dev/null`) in a mode that
 * waits for a person: it says so, leaves the run paused and resumable, and exits with the
 * documented code 3 — and `moba runs resume` later continues it from a terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptInput } from '@moba/testkit';
import { tempDir } from '@moba/testkit/rigs';
import { scriptedModel } from '../support/scripted-model.ts';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';
import { eventLine, mobaCli } from '../support/moba-cli.ts';

const ACT = 'You are the Local Agent of MobA';
const REFLECT = 'Your Reflection module';
const TASK = 'Open the Clock app';

let rig: PhoneRig;
beforeAll(async () => {
  rig = await startPhoneRig({ seed: 1 });
});
afterAll(async () => {
  await rig?.dispose();
});

describe('moba run with stdin closed', () => {
  it('step mode: says the run waits for a person, pauses it, exits 3; `moba runs resume` continues it', {
    timeout: 240_000,
  }, async () => {
    const script: ScriptInput = {
      steps: [
        {
          match: { system: ACT },
          reply: {
            observation: 'home',
            thought: 'one action',
            can_complete: 'true',
            action: 'Open_App("com.android.deskclock")',
          },
          times: 1,
        },
        {
          match: { system: REFLECT },
          reply: {
            observation: 'clock',
            thought: 'open',
            subgoal_status: 'success',
            goal_status: 'done',
            reflection: '',
          },
          times: 1,
        },
      ],
    };
    const model = await scriptedModel(script);
    const data = tempDir('moba-cli-closed-');
    const env = {
      MOBA_HOME: data.path,
      HOME: rig.adb.home,
      ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}`,
      MOBA_ADB_AUTOSTART: '0',
    };
    try {
      const cli = mobaCli(
        [
          'run',
          '--device',
          rig.serial,
          '--task',
          TASK,
          '--mode',
          'step',
          '--json',
          '--base-url',
          model.baseUrl,
          '--model',
          'scripted',
        ],
        env,
        { closeStdin: true },
      );
      const code = await cli.exit;
      const { runId } = cli.lines.find((l) => typeof l.runId === 'string' && !('event' in l)) as { runId: string };
      expect(cli.stderr).not.toMatch(/unsettled top-level await/i);
      expect(code, cli.stderr).toBe(3);
      expect(cli.stderr).toContain('waiting for a person');
      expect(cli.stderr).toContain(`moba runs resume ${runId}`);
      const summary = cli.lines.find((l) => 'summary' in l)?.summary as {
        status: string;
        waiting: { kind: string } | null;
      };
      expect(summary).toMatchObject({ status: 'paused', waiting: { kind: 'approve' } });
      const paused = cli.lines
        .map((l) => l.event as { type: string; reason?: string } | undefined)
        .find((e) => e?.type === 'run_paused');
      expect(paused?.reason).toMatch(/no input/);
      expect((await rig.phone.focus()).packageName).not.toBe('com.android.deskclock');

      const list = mobaCli(['runs', 'list', '--json'], env, { closeStdin: true });
      const listed = (await list.waitFor((l) => Array.isArray(l.runs))) as {
        runs: Array<{ id: string; status: string }>;
      };
      expect(listed.runs.find((r) => r.id === runId)?.status).toBe('paused');
      expect(await list.exit).toBe(0);

      // From a terminal (stdin open), the same run continues at its open approval.
      const resume = mobaCli(['runs', 'resume', runId, '--json'], env);
      await resume.waitFor(eventLine('run_resumed'));
      resume.child.stdin.write('a\n');
      const done = await resume.waitFor((l) => 'summary' in l);
      expect(done.summary, resume.stderr).toMatchObject({ status: 'succeeded' });
      expect(await resume.exit).toBe(0);
      expect((await rig.phone.focus()).packageName).toBe('com.android.deskclock');
      expect(model.requests()).toHaveLength(2);
    } finally {
      await model.close();
      data.dispose();
    }
  });
});
