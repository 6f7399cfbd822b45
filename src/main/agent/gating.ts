import { formatAction } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';
import type { RunOptions } from '../../shared/schemas/run.ts';

/**
 * Whether a proposed action waits for a person, and why: every action in step mode, the
 * matching ones in guarded mode, the model's proposal to be performed by the person in
 * copilot mode, none in auto mode. Finish/Failed end the run and are never gated.
 */
export function gateFor(action: ActionCall, element: UiElement | null, options: Pick<RunOptions, 'mode' | 'approvalRules'>): string | null {
  if (action.name === 'Finish' || action.name === 'Failed') return null;
  switch (options.mode) {
    case 'auto':
      return null;
    case 'step':
      return 'step mode: every action waits for approval';
    case 'copilot':
      return 'copilot mode: you perform the proposed step';
    case 'guarded': {
      const haystack = [formatAction(action), element?.text, element?.contentDesc, element?.resourceId].filter(Boolean).join(' ');
      for (const rule of options.approvalRules) {
        if (!rule.enabled) continue;
        if (rule.actions.length && !rule.actions.includes(action.name)) continue;
        if (rule.passwordFieldsOnly && !element?.trueAttributes.includes('password')) continue;
        if (rule.pattern) {
          let re: RegExp;
          try {
            re = new RegExp(rule.pattern, 'iu');
          } catch {
            // A broken pattern must not let a guarded action through silently.
            return `rule "${rule.label}" (its pattern is invalid, so it always asks)`;
          }
          if (!re.test(haystack)) continue;
        }
        return `rule: ${rule.label}`;
      }
      return null;
    }
  }
}
