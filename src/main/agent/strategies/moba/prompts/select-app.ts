import type { ChatMessage } from '../../../../llm/types.ts';
import type { InstalledApp, RetrievedMemoryItem } from '../../../ports.ts';
import { memorySection, section } from './common.ts';

export interface SelectAppPromptInput {
  /** What Open_App was asked for: a name or a description of the need. */
  request: string;
  finalGoal: string;
  apps: InstalledApp[];
  descriptions: Record<string, string>;
  memories: RetrievedMemoryItem[];
}

const SYSTEM = `You choose which installed Android app to open. Given a request (an app name or what the user needs) and the list of installed apps, pick the one package that best serves it.

Reply with ONE JSON object and nothing else:
{"package": "the.package.name", "reason": "why this app"}`;

/** MobA's separate, text-only app-selection call for Open_App. */
export function buildSelectAppMessages(input: SelectAppPromptInput): ChatMessage[] {
  const list = input.apps.map((a) => {
    const label = a.label && a.label !== a.packageName ? ` — ${a.label}` : '';
    const about = input.descriptions[a.packageName];
    return `${a.packageName}${label}${about ? `: ${about}` : ''}`;
  });
  const text = [
    section('Open an app for', input.request),
    section("The user's task", input.finalGoal),
    memorySection(input.memories),
    section('Installed apps (package — label: what it is for)', list),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: text },
  ];
}
