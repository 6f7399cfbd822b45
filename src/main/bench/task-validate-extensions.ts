/**
 * Checks of the task format's later fields that a schema cannot express: parameters drawn
 * after the set-up (not used by it), `clock` phrases, disturbances against the simulator's own
 * spec, the simulated user's facts, and solution steps that ask a user the task does not have.
 */
import { DISTURBANCE_SPEC } from '@moba/sim/disturbances';
import { relativeDay } from '@moba/sim/time';
import { packageOfApp } from '../../shared/bench/apps.ts';
import type { ParamSpec } from '../../shared/bench/task-params.ts';
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import { placeholdersIn, referencedParams } from './templates.ts';

type Add = (path: string, message: string) => void;

function clockProblem(spec: ParamSpec, path: string, add: Add): void {
  if (!('clock' in spec) || placeholdersIn(spec.clock).length) return;
  try {
    relativeDay('2025-06-02', spec.clock);
  } catch (error) {
    add(`${path}.clock`, (error as Error).message);
  }
}

function afterSetupProblems(task: BenchTask, add: Add): void {
  const early = Object.keys(task.params ?? {});
  const late = Object.keys(task.paramsAfterSetup ?? {});
  for (const name of late) if (early.includes(name)) add(`paramsAfterSetup.${name}`, 'is also a name in params');
  const drawn = new Set(early);
  for (const [name, spec] of Object.entries(task.paramsAfterSetup ?? {})) {
    const refs = referencedParams(spec);
    if ('format' in spec) refs.add(spec.of);
    for (const r of refs)
      if (r === name) add(`paramsAfterSetup.${name}`, `refers to itself ({${r}})`);
      else if (!drawn.has(r) && late.includes(r))
        add(`paramsAfterSetup.${name}`, `refers to {${r}}, which is drawn after it; write {${r}} first`);
    clockProblem(spec, `paramsAfterSetup.${name}`, add);
    drawn.add(name);
  }
  for (const [name, spec] of Object.entries(task.params ?? {})) clockProblem(spec, `params.${name}`, add);
  task.setup?.forEach((s, i) => {
    for (const r of referencedParams(s))
      if (late.includes(r))
        add(`setup[${i}]`, `{${r}} is drawn after the set-up (paramsAfterSetup): the set-up cannot use it`);
  });
}

function disturbanceProblems(task: BenchTask, add: Add, checkRefs: (value: unknown, path: string) => void): void {
  task.disturbances?.forEach((d, i) => {
    checkRefs(d, `disturbances[${i}]`);
    const phone = d.app === undefined ? d : { ...d, app: packageOfApp(d.app) };
    const parsed = DISTURBANCE_SPEC.safeParse(phone);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        add(
          `disturbances[${i}]${issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('')}`,
          issue.message.replace(/^Invalid input: /, ''),
        );
  });
}

function userProblems(task: BenchTask, add: Add, checkRefs: (value: unknown, path: string) => void): void {
  const ids = new Set<string>();
  task.user?.facts.forEach((f, i) => {
    if (ids.has(f.id)) add(`user.facts[${i}].id`, `"${f.id}" is used by another fact`);
    ids.add(f.id);
    checkRefs(f.answer, `user.facts[${i}].answer`);
  });
  task.user?.known?.forEach((k, i) => checkRefs(k.answer, `user.known[${i}].answer`));
  task.solution.forEach((s, i) => {
    if (s.action === 'Ask_User' && !task.user)
      add(`solution[${i}]`, 'asks the user, but the task has no `user` facts to answer from');
  });
}

export function extensionProblems(task: BenchTask, add: Add, checkRefs: (value: unknown, path: string) => void): void {
  afterSetupProblems(task, add);
  disturbanceProblems(task, add, checkRefs);
  userProblems(task, add, checkRefs);
}
