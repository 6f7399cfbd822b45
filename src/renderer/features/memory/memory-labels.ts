/**
 * What the memory editor calls each field of each kind, with a hint where the name alone does
 * not say it. Field names are the memory schemas' (`KIND_FIELDS`); a field without an entry
 * here shows its name.
 */
import type { MemoryKind } from '../../../shared/schemas/memory.ts';

export interface FieldInfo {
  label: string;
  hint?: string;
}

const COMMON: Record<string, FieldInfo> = {
  goal: { label: 'Goal', hint: 'The goal or sub-goal this memory is about.' },
  status: { label: 'Status' },
  parentNodeId: { label: 'Parent node', hint: 'The task-tree node above this one.' },
  taskGoal: { label: 'Whole task', hint: 'The task the person gave (the root of the tree).' },
  parentGoal: { label: 'Parent goal' },
  action: { label: 'Action', hint: 'As the agent wrote it, e.g. Click(12) or Open_App("Clock").' },
  element: { label: 'Element', hint: 'What was acted on, e.g. button “Save”.' },
  observation: { label: 'What the agent saw' },
  thought: { label: 'Why it acted so' },
  reflection: { label: 'Reflection', hint: 'Why it failed and what to do instead.' },
  outcome: { label: 'Outcome' },
  app: { label: 'App (package)', hint: 'An Android package name, e.g. com.android.deskclock.' },
  activity: { label: 'Screen (activity)' },
  screenKey: { label: 'Screen key', hint: 'A stable key of the screen (e.g. a hash of its elements).' },
  steps: { label: 'Steps' },
  text: { label: 'Text' },
  stage: { label: 'Stage', hint: 'plan: the goal needed splitting; execution: after a failed action.' },
  category: { label: 'Category' },
  task: { label: 'Task asked' },
  answer: { label: 'Answer given' },
  name: { label: 'Name' },
  description: { label: 'Description' },
  keyScreens: { label: 'Key screens' },
  affordances: { label: 'What the page affords' },
  tips: { label: 'Tips', hint: 'General lessons for future tasks.' },
  arguments: { label: 'Arguments' },
  precondition: { label: 'Only when', hint: 'When the shortcut may be used.' },
  subGoal: { label: 'Sub-goal' },
  actionId: { label: 'Action memory' },
};

const BY_KIND: Partial<Record<MemoryKind, Record<string, FieldInfo>>> = {
  answer: { text: { label: 'Answer', hint: 'What the agent answered, e.g. “tomorrow: sunny, 24 °C”.' } },
  thought: { text: { label: 'Thought' } },
  reflection: { text: { label: 'Reflection' }, action: { label: 'Action it was about' } },
  user: {
    text: { label: 'What to remember', hint: 'A preference, a fact, or what a past interaction was.' },
  },
  app: { name: { label: 'App name' }, description: { label: 'What the app is for' } },
  page: { description: { label: 'What the page shows' } },
  shortcut: {
    name: { label: 'Shortcut name', hint: 'Letters, digits and _, e.g. Tap_Type_and_Enter.' },
    steps: { label: 'Atomic actions', hint: 'Each step’s action and its arguments.' },
  },
  element: {
    element: {
      label: 'Element',
      hint: 'Its stable identity in the app: id <resource-id>, or desc "…" / text "…" with its class.',
    },
    tap: { label: 'Tapping it', hint: 'What tapping the element does.' },
    longPress: { label: 'Long-pressing it' },
    swipe: { label: 'Swiping it' },
    typing: { label: 'Typing into it' },
  },
};

export function fieldInfo(kind: MemoryKind, name: string): FieldInfo {
  return BY_KIND[kind]?.[name] ?? COMMON[name] ?? { label: name };
}
