import { ACTION_NAMES } from '../../../shared/actions.ts';
import type { ApprovalRule } from '../../../shared/schemas/settings.ts';
import { Toggle } from '../../ui/field.tsx';

/** Checks a rule's pattern the way main will use it (case-insensitive RegExp). */
export function patternError(pattern: string): string | null {
  if (!pattern) return null;
  try {
    new RegExp(pattern, 'i');
    return null;
  } catch (e) {
    return `Not a regular expression: ${(e as Error).message}`;
  }
}

function newRuleId(rules: readonly ApprovalRule[]): string {
  for (let i = rules.length + 1; ; i++) {
    const id = `rule-${i}`;
    if (!rules.some((r) => r.id === id)) return id;
  }
}

/**
 * Guarded mode's approval rules: which actions wait for a person. A rule matches when the
 * action is one of its actions (any when none are ticked), its pattern matches the action's
 * text or target element, and — if set — the target is a password field.
 */
export function ApprovalRulesEditor({
  rules,
  onChange,
}: {
  rules: readonly ApprovalRule[];
  onChange(rules: ApprovalRule[]): void;
}) {
  const update = (i: number, patch: Partial<ApprovalRule>) =>
    onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="field rules-editor" data-testid="approval-rules">
      <span className="field-label">Approval rules (guarded mode)</span>
      <p className="field-hint">
        In guarded mode an action waits for you when a rule matches it: one of the ticked actions (any if none), the
        pattern found in the action or its element’s text (case-insensitive regular expression), and, if asked, a
        password field as target.
      </p>
      <ul className="rule-rows">
        {rules.map((rule, i) => {
          const err = patternError(rule.pattern);
          return (
            <li key={rule.id} className={`rule-row ${rule.enabled ? '' : 'rule-off'}`} data-rule={rule.id}>
              <div className="rule-top">
                <Toggle
                  label={rule.enabled ? 'On' : 'Off'}
                  checked={rule.enabled}
                  onChange={(enabled) => update(i, { enabled })}
                />
                <input
                  type="text"
                  className="rule-label"
                  value={rule.label}
                  aria-label="Rule name"
                  name={`rule.${rule.id}.label`}
                  onChange={(e) => update(i, { label: e.target.value })}
                />
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  onClick={() => onChange(rules.filter((_, j) => j !== i))}
                  aria-label={`Remove rule ${rule.label}`}
                >
                  Remove
                </button>
              </div>
              <div className="rule-body">
                <label className="field compact">
                  <span className="field-label">Pattern</span>
                  <input
                    type="text"
                    className="mono-input"
                    value={rule.pattern}
                    placeholder="empty = any text"
                    name={`rule.${rule.id}.pattern`}
                    spellCheck={false}
                    onChange={(e) => update(i, { pattern: e.target.value })}
                  />
                  {err ? <span className="field-error">{err}</span> : null}
                </label>
                <label className="rule-password">
                  <input
                    type="checkbox"
                    checked={rule.passwordFieldsOnly}
                    onChange={(e) => update(i, { passwordFieldsOnly: e.target.checked })}
                  />{' '}
                  password fields only
                </label>
              </div>
              <div className="rule-actions" role="group" aria-label="Actions this rule applies to">
                {ACTION_NAMES.filter((n) => n !== 'Finish' && n !== 'Failed').map((n) => {
                  const on = rule.actions.includes(n);
                  return (
                    <button
                      type="button"
                      key={n}
                      className={`chip-toggle ${on ? 'on' : ''}`}
                      aria-pressed={on}
                      onClick={() =>
                        update(i, { actions: on ? rule.actions.filter((a) => a !== n) : [...rule.actions, n] })
                      }
                    >
                      {n}
                    </button>
                  );
                })}
                {rule.actions.length === 0 ? <span className="muted small-inline">any action</span> : null}
              </div>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="btn btn-small add-rule"
        onClick={() =>
          onChange([
            ...rules,
            {
              id: newRuleId(rules),
              label: 'New rule',
              enabled: true,
              actions: [],
              pattern: '',
              passwordFieldsOnly: false,
            },
          ])
        }
        data-action="add-rule"
      >
        + Add a rule
      </button>
    </div>
  );
}
