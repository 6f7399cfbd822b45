import { MobaError } from '../../shared/errors.ts';
import type { ApprovalRule } from '../../shared/schemas/settings.ts';
import { regexProblem } from '../linear-regex.ts';

/**
 * Refuses approval rules whose pattern RE2 cannot run, naming the rule (saved settings and a
 * run's own rules are checked before they are used; a stored rule that slipped through asks).
 * @param at where the rules are, e.g. `agent.approvalRules`
 * @throws MobaError INVALID_INPUT
 */
export function assertApprovalRules(rules: readonly Pick<ApprovalRule, 'label' | 'pattern'>[], at: string): void {
  rules.forEach((rule, i) => {
    const problem = rule.pattern ? regexProblem(rule.pattern, 'i') : null;
    if (problem)
      throw new MobaError(
        'INVALID_INPUT',
        `${at}[${i}] ("${rule.label}"): the pattern is not a valid regular expression: ${problem}`,
      );
  });
}
