import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTask, checkTaskFile } from './task-validate.ts';

const valid = () => ({
  id: 'clock.alarm-at',
  version: 1,
  category: 'easy',
  apps: ['clock'],
  goal: { en: 'Set an alarm at {time}', zh: '设一个{time}的闹钟' },
  params: {
    hour: { int: [6, 9] },
    hhmm: { time: { hour: '{hour}', minute: 30 } },
    time: { format: 'time', of: 'hhmm' },
  },
  milestones: [
    { id: 'alarm', check: { app: 'clock', path: 'alarms', new: true, some: { hour: '{hour}', minute: 30 } } },
  ],
  solution: [
    { action: 'Open_App', app: 'Clock' },
    { action: 'Click', target: { desc: 'Add alarm' }, milestone: 'alarm' },
  ],
});

function problems(mutate: (t: ReturnType<typeof valid> & Record<string, unknown>) => void) {
  const t = valid() as ReturnType<typeof valid> & Record<string, unknown>;
  mutate(t);
  const r = checkTask(t);
  return r.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('task validation', () => {
  it('accepts a valid task', () => {
    expect(checkTask(valid())).toMatchObject({ ok: true, problems: [] });
  });

  it('names the field and the reason', () => {
    expect(problems((t) => void (t.category = 'trivial'))).toEqual([
      'category: must be one of "easy", "medium", "hard", "indirect", "cross-app"',
    ]);
    expect(problems((t) => void delete (t as Record<string, unknown>).milestones)).toEqual([
      'milestones: missing (expected array)',
    ]);
    expect(problems((t) => void ((t.milestones[0]!.check as Record<string, unknown>).sme = {}))).toEqual([
      'milestones[0].check: unknown field "sme"',
    ]);
    expect(
      problems((t) => void ((t.milestones[0]!.check as { some: Record<string, unknown> }).some.label = { $ieq: 3 })),
    ).toEqual(['milestones[0].check.some.label.$ieq: expected string, received number']);
    expect(
      problems((t) => void ((t.milestones[0]!.check as { some: Record<string, unknown> }).some.$near = 3)),
    ).toEqual([expect.stringMatching(/^milestones\[0\]\.check\.some\.\$near: unknown operator \$near/)]);
    expect(problems((t) => void (t.solution[1] = { action: 'Tap', target: { text: 'x' } } as never))).toEqual([
      expect.stringMatching(/^solution\[1\]\.action: unknown action; one of Click, /),
    ]);
    expect(problems((t) => void (t.solution[1] = { action: 'Click', target: {} } as never))).toEqual([
      'solution[1].target: a target needs text, textContains, id, desc, descContains or class',
    ]);
    expect(problems((t) => void (t.milestones[0]!.check = { screen: {} } as never))).toEqual([
      'milestones[0].check.screen: a screen check needs app, package, activity, text or id',
    ]);
    expect(
      problems((t) => void (t.milestones[0]!.check = { app: 'clock', path: 'alarms..x', count: 1 } as never)),
    ).toEqual([expect.stringMatching(/^milestones\[0\]\.check\.path: a path like/)]);
  });

  it('checks what the schema cannot: placeholders, parameter order, ids, regexes, times, cross-app', () => {
    expect(problems((t) => void (t.goal.zh = '闹钟'))).toEqual([
      'goal.zh: does not mention {time}, which the English goal does',
    ]);
    expect(problems((t) => void (t.goal.en = 'Alarm at {tme}'))).toEqual(
      expect.arrayContaining(['goal.en: {tme} is not a parameter (parameters: hour, hhmm, time)']),
    );
    expect(
      problems(
        (t) =>
          void (t.params = {
            hhmm: { time: { hour: '{hour}', minute: 30 } },
            hour: { int: [6, 9] },
            time: { format: 'time', of: 'hhmm' },
          } as never),
      ),
    ).toEqual(['params.hhmm: refers to {hour}, which is drawn after it; write {hour} first']);
    expect(problems((t) => void t.milestones.push({ ...t.milestones[0]! }))).toEqual([
      'milestones[1].id: "alarm" is used by another milestone',
    ]);
    expect(problems((t) => void (t.solution[1]!.milestone = 'alarms'))).toEqual([
      'solution[1].milestone: "alarms" is not a milestone id (alarm)',
    ]);
    expect(
      problems(
        (t) => void ((t.milestones[0]!.check as { some: Record<string, unknown> }).some.label = { $regex: '([a-z' }),
      ),
    ).toEqual([expect.stringMatching(/^milestones\[0\]\.check\.some\.label\.\$regex: not a valid regular expression/)]);
    expect(problems((t) => void (t.milestones[0]!.check = { answer: { $time: '6:30 PM' } } as never))).toEqual([
      'milestones[0].check.answer.$time: expected a time HH:MM, got "6:30 PM"',
    ]);
    expect(
      problems((t) => void (t.milestones[0]!.check = { app: 'clock', path: 'alarms', some: { 'la bel': 1 } } as never)),
    ).toEqual([
      'milestones[0].check.some.la bel: "la bel" is neither an operator ($…) nor a field path like name or items[0].title',
    ]);
    expect(problems((t) => void (t.category = 'cross-app'))).toEqual(['apps: a cross-app task uses at least two apps']);
    expect(problems((t) => void t.solution.unshift({ action: 'Finish' } as never))).toEqual([
      'solution[0]: Finish must be the last step',
    ]);
  });

  it('reports unreadable files and broken JSON with a position', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moba-task-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{\n  "id": "x",\n  "version": 1,\n}\n');
    const r = checkTaskFile(file);
    expect(r.ok).toBe(false);
    expect(r.problems[0]!.message).toMatch(/^not valid JSON: .*line 4/);
    expect(checkTaskFile(join(dir, 'missing.json')).problems[0]!.message).toMatch(/^cannot read the file/);
  });
});
