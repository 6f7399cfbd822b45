/**
 * How a benchmark configuration is named in reports (no zod: the report and `moba bench
 * list` load this without the benchmark schemas).
 */

/** What a label is made of: the fields of a benchmark configuration (`config.ts`) it names. */
export interface LabelledConfiguration {
  label?: string | undefined;
  agent: string;
  usePlan: boolean;
  useMemory: boolean;
  mode: string;
  memory: string;
  locale: string;
  userMemory?: string | undefined;
}

/** The paper's row names: "MobA w/o Plan", "Human", "MobA (copilot)"; the scripted replay is the "Reference solution". */
export function configurationLabel(c: LabelledConfiguration): string {
  if (c.label) return c.label;
  if (c.agent === 'reference') return 'Reference solution';
  if (c.agent === 'human') return 'Human';
  if (c.agent === 'noop') return 'No-op';
  const name = c.agent === 'moba' ? 'MobA' : c.agent;
  const without = [!c.useMemory ? 'Memory' : null, !c.usePlan ? 'Plan' : null].filter(Boolean);
  let label = without.length ? `${name} w/o ${without.join(' & ')}` : name;
  if (c.mode === 'copilot') label += ' + Human (copilot)';
  else if (c.mode !== 'auto') label += ` (${c.mode})`;
  if (c.memory !== 'cold' && c.useMemory) label += ` · ${c.memory} memory`;
  if (c.userMemory === 'seeded' && c.useMemory) label += ' · user facts in memory';
  if (c.locale !== 'en') label += ` · ${c.locale}`;
  return label;
}
