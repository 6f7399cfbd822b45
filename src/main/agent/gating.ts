import { targetIndex } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import type { Observation } from '../../shared/schemas/perception.ts';
import type { RunOptions } from '../../shared/schemas/run.ts';
import { linearRegex, regexProblem } from '../linear-regex.ts';
import { actionEffect, elementUnder } from './action-effect.ts';

/**
 * Whether a proposed action waits for a person, and why: every action in step mode, the
 * matching ones in guarded mode, the model's proposal to be performed by the person in
 * copilot mode, none in auto mode. Finish/Failed end the run and are never gated.
 *
 * Guarded mode matches rules on what the action does on the screen it was proposed on
 * (action-effect.ts): the element a coordinate lands on, the focused field for Type and Enter,
 * a tap on the keyboard as Type (Enter for its Enter key), and for actions that submit a field
 * the controls beside it and the screen it is on. A rule matches when its action list (empty =
 * any) has the action or what it amounts to, its pattern (empty = any) is found in that text,
 * and — with `passwordFieldsOnly` — the target is a password field.
 */
export function gateFor(
  action: ActionCall,
  seen: Pick<Observation, 'elements' | 'screen' | 'currentApp'> | null,
  options: Pick<RunOptions, 'mode' | 'approvalRules'>,
): string | null {
  if (action.name === 'Finish' || action.name === 'Failed') return null;
  switch (options.mode) {
    case 'auto':
      return null;
    case 'step':
      return 'step mode: every action waits for approval';
    case 'copilot':
      return 'copilot mode: you perform the proposed step';
    case 'guarded': {
      const effect = actionEffect(action, seen);
      for (const rule of options.approvalRules) {
        if (!rule.enabled) continue;
        if (rule.actions.length && !rule.actions.includes(action.name) && !rule.actions.includes(effect.as)) continue;
        if (rule.passwordFieldsOnly && !effect.target?.trueAttributes.includes('password')) continue;
        if (rule.pattern) {
          // RE2: a rule's pattern cannot freeze the host however the model words the action.
          if (regexProblem(rule.pattern, 'i') !== null)
            // A broken pattern must not let a guarded action through silently.
            return `rule "${rule.label}" (its pattern is invalid, so it always asks): ${effect.summary}`;
          if (!linearRegex(rule.pattern, 'i').test(effect.text)) continue;
        }
        return `rule: ${rule.label} — ${effect.summary}`;
      }
      return null;
    }
  }
}

/**
 * The gate for an action a strategy chose on its own view of the screen (the vision strategies'
 * OCR and icon elements carry no password or focus information), judged on the device's own UI
 * dump: Type and Enter go to the dump's focused field, an element action to the dump's element
 * under the centre of the element the strategy chose. It asks when either view asks, so guarded
 * mode has the same rules whatever the strategy perceives.
 */
export function gateOnDevice(
  action: ActionCall,
  view: Pick<Observation, 'elements' | 'screen' | 'currentApp'>,
  device: Pick<Observation, 'elements' | 'screen' | 'currentApp'>,
  options: Pick<RunOptions, 'mode' | 'approvalRules'>,
): string | null {
  const asked = gateFor(action, view, options);
  if (asked !== null || options.mode !== 'guarded') return asked;
  const index = targetIndex(action);
  if (index === undefined) return gateFor(action, device, options);
  const chosen = view.elements.find((e) => e.index === index);
  const under = chosen ? elementUnder(device.elements, chosen.center[0], chosen.center[1]) : null;
  if (!under) return null;
  const onDevice = { ...action, params: { ...action.params, index: under.index } } as ActionCall;
  return gateFor(onDevice, device, options);
}
