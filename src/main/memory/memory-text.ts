/**
 * The texts derived from a memory: its retrieval key (what a query is compared with — the goal
 * of a task, action or route, the text of a preference, an app's description), the body (every
 * other field, for full-text search), a one-line summary for prompts and lists, and its class
 * (kind plus outcome / category / stage) that retrieval filters on.
 */
import type { MemoryItem, MemoryKind } from '../../shared/schemas/memory.ts';
import { clip, tagToken } from './text.ts';

export const MEMORY_CLASSES = [
  'task',
  'action:success',
  'action:failure',
  'route',
  'answer',
  'thought',
  'reflection:plan',
  'reflection:execution',
  'user:preference',
  'user:interaction',
  'user:fact',
  'app',
  'page',
  'tips',
  'shortcut',
  'element',
] as const;
export type MemoryClass = (typeof MEMORY_CLASSES)[number];

export const CLASS_CODE: Readonly<Record<MemoryClass, number>> = Object.fromEntries(
  MEMORY_CLASSES.map((c, i) => [c, i]),
) as Record<MemoryClass, number>;

export function classOf(item: MemoryItem): MemoryClass {
  switch (item.kind) {
    case 'action':
      return `action:${item.outcome}`;
    case 'reflection':
      return `reflection:${item.stage}`;
    case 'user':
      return `user:${item.category}`;
    default:
      return item.kind;
  }
}

export function classesOfKind(kind: MemoryKind): MemoryClass[] {
  return MEMORY_CLASSES.filter((c) => c === kind || c.startsWith(`${kind}:`));
}

/** The package an item is about, if any. */
export function appOf(item: MemoryItem): string | undefined {
  return 'app' in item ? item.app : undefined;
}

export function activityOf(item: MemoryItem): string | undefined {
  return item.kind === 'action' || item.kind === 'page' ? item.activity : undefined;
}

/** What retrieval compares a query with (embedded, and FTS5's heavier-weighted column). */
export function keyOf(item: MemoryItem): string {
  switch (item.kind) {
    case 'task':
    case 'action':
    case 'route':
    case 'thought':
    case 'reflection':
      return item.goal;
    case 'answer':
      return `${item.goal} — ${item.text}`;
    case 'user':
      return item.task && item.category === 'interaction' ? `${item.text} — ${item.task}` : item.text;
    case 'app':
      return `${item.name}: ${item.description}`;
    case 'page':
      return `${shortActivity(item.activity)}: ${item.description}`;
    case 'tips':
      return item.tips.join(' \n ');
    case 'shortcut':
      return `${item.name}: ${item.description}`;
    case 'element':
      return `${item.element}: ${elementDocText(item)}`;
  }
}

/** Every other searchable field. */
export function bodyOf(item: MemoryItem): string {
  const parts: Array<string | undefined> = [];
  switch (item.kind) {
    case 'task':
      parts.push(item.taskGoal, item.status);
      break;
    case 'action':
      parts.push(
        item.action,
        item.element,
        item.observation,
        item.thought,
        item.reflection,
        item.parentGoal,
        item.taskGoal,
        item.app,
        item.activity,
      );
      break;
    case 'route':
      parts.push(item.taskGoal, item.app);
      for (const s of item.steps) parts.push(s.subGoal, s.action, s.element, s.app);
      break;
    case 'answer':
      parts.push(item.taskGoal, item.app);
      break;
    case 'thought':
    case 'reflection':
      parts.push(item.text, 'action' in item ? item.action : undefined, item.app);
      break;
    case 'user':
      parts.push(item.answer, item.category);
      break;
    case 'app':
      parts.push(item.app, ...(item.keyScreens ?? []));
      break;
    case 'page':
      parts.push(item.app, item.activity, ...(item.affordances ?? []));
      break;
    case 'tips':
      break;
    case 'shortcut':
      parts.push(item.precondition, item.arguments.join(' '), ...item.steps.map((s) => s.action));
      break;
    case 'element':
      parts.push(item.app);
      break;
  }
  return parts.filter((p): p is string => !!p).join(' \n ');
}

/** Tokens of the FTS5 `tags` column, so kind/outcome/app/source filters run inside MATCH. */
export function tagsOf(item: MemoryItem): string {
  const tags = [tagToken('k', classOf(item)), tagToken('s', item.source)];
  const app = appOf(item);
  if (app) tags.push(tagToken('p', app));
  return tags.join(' ');
}

export function shortActivity(activity: string): string {
  const i = activity.lastIndexOf('.');
  return i >= 0 && i < activity.length - 1 ? activity.slice(i + 1) : activity;
}

const F = 300;

/** One compact line for a prompt or a list row. */
export function summaryOf(item: MemoryItem): string {
  switch (item.kind) {
    case 'task':
      return `Task "${clip(item.goal, F)}" (${item.status})`;
    case 'action': {
      const on = item.element ? ` on ${clip(item.element, 120)}` : '';
      const where = item.app ? ` in ${item.app}` : '';
      if (item.outcome === 'success')
        return `Worked for "${clip(item.goal, F)}": ${clip(item.action, 160)}${on}${where}`;
      const lesson = item.reflection ?? item.observation;
      return `Failed for "${clip(item.goal, F)}": ${clip(item.action, 160)}${on}${where}${lesson ? ` — ${clip(lesson, F)}` : ''}`;
    }
    case 'route': {
      const shown = item.steps.slice(0, 12).map((s, i) => `${i + 1}. ${clip(s.subGoal, 100)} → ${clip(s.action, 80)}`);
      const more = item.steps.length > 12 ? ` (+${item.steps.length - 12} more)` : '';
      return `"${clip(item.goal, F)}" was done by: ${shown.join('; ')}${more}`;
    }
    case 'answer':
      return `Answer for "${clip(item.goal, F)}": ${clip(item.text, 600)}`;
    case 'thought':
      return `Thought on "${clip(item.goal, F)}": ${clip(item.text, 600)}`;
    case 'reflection':
      return `${item.stage === 'plan' ? 'Planning note' : 'Lesson'} on "${clip(item.goal, F)}": ${clip(item.text, 600)}`;
    case 'user':
      if (item.category === 'interaction') return `Past request: ${clip(item.text, 600)}`;
      return `${item.category === 'preference' ? 'User preference' : 'About the user'}: ${clip(item.text, 600)}`;
    case 'app': {
      const screens = item.keyScreens?.length
        ? ` Key screens: ${item.keyScreens
            .slice(0, 8)
            .map((s) => clip(s, 80))
            .join('; ')}.`
        : '';
      return `App ${item.name} (${item.app}): ${clip(item.description, 600)}${screens}`;
    }
    case 'page':
      return `Page ${item.app}/${shortActivity(item.activity)}: ${clip(item.description, 600)}`;
    case 'tips':
      return `Tips: ${item.tips
        .slice(0, 8)
        .map((t) => clip(t, 200))
        .join(' · ')}${item.tips.length > 8 ? ` (+${item.tips.length - 8} more)` : ''}`;
    case 'shortcut':
      return `Shortcut ${item.name}(${item.arguments.join(', ')}): ${clip(item.description, 300)} Only when: ${clip(item.precondition, 300)}`;
    case 'element':
      return `Element ${clip(item.element, 200)} in ${item.app}: ${clip(elementDocText(item), 800)}`;
  }
}

/** An element memory's documentation as one text: `Tap: … Long press: … Swipe: … Typing: …`. */
export function elementDocText(item: {
  tap?: string | undefined;
  longPress?: string | undefined;
  swipe?: string | undefined;
  typing?: string | undefined;
}): string {
  const parts: Array<[string, string | undefined]> = [
    ['Tap', item.tap],
    ['Long press', item.longPress],
    ['Swipe', item.swipe],
    ['Typing', item.typing],
  ];
  const text = parts.flatMap(([k, v]) => (v?.trim() ? [`${k}: ${v.trim()}`] : [])).join(' ');
  return text || '(no documentation yet)';
}
