import { clipText } from '../../shared/elements/describe-element.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { elementLabel, hasVisibleText, isEditable, shortClassName, shortResourceId } from './element-info.ts';

export interface PromptFormatOptions {
  /** List text-only elements (index -1) too. Default true. */
  includeTextOnly?: boolean;
  /** Add the element's position: its centre (`@x,y`) or its bounds (`@x1,y1,x2,y2`). Default 'none'. */
  coordinates?: 'none' | 'center' | 'bounds';
  /** Longer labels are cut to this many characters and end in `…`. Default 160. */
  maxTextLength?: number;
}

/**
 * The element list as compact text for a model prompt, one line per element in reading order.
 *
 * Format (a scripted model server and the agent's prompts rely on it):
 * - an interactive element: `[<index>] <Class> "<label>"` then, when present, ` desc="<content-desc>"`
 *   (only if it differs from the label), ` #<resource-id without package>`, the flags, and the
 *   optional position;
 * - a text-only element: `- <Class> "<label>"` … — never starting with `[<digits>]`;
 * - `<label>` is the text, else the content-desc, else empty (`""`), always in double quotes,
 *   escaped like a JSON string (`\"`, `\\`, `\n`);
 * - flags, only the informative ones: `checked`/`unchecked` (checkable elements), `selected`,
 *   `focused`, `password`, `editable` (text fields), `scrollable`, `long-clickable`, and
 *   `not-clickable` for an interactive element that only scrolls or long-presses.
 *
 * Example:
 * ```text
 * [1] ImageButton "Navigate up"
 * [2] EditText "Search chats" #search_input editable focused
 * - TextView "Chats"
 * [3] RecyclerView "" #conversations scrollable not-clickable
 * [4] LinearLayout "Ana | Lunch at 12? | 10:41" #row
 * [5] Switch "Show taps" #switch_widget unchecked
 * ```
 *
 * @returns the lines joined by `\n` (no trailing newline); '' for no elements
 */
export function formatElementsForPrompt(elements: readonly UiElement[], options: PromptFormatOptions = {}): string {
  const includeTextOnly = options.includeTextOnly ?? true;
  const max = options.maxTextLength ?? 160;
  const lines: string[] = [];
  for (const e of elements) {
    const interactive = e.index > 0;
    if (!interactive && !includeTextOnly) continue;
    const label = elementLabel(e);
    const parts = [interactive ? `[${e.index}]` : '-', shortClassName(e.className) || 'View', quote(label, max)];
    if (hasVisibleText(e.contentDesc) && e.contentDesc !== label) parts.push(`desc=${quote(e.contentDesc, max)}`);
    const id = shortResourceId(e.resourceId);
    if (id) parts.push(`#${id}`);
    parts.push(...flagsOf(e, interactive));
    if (options.coordinates === 'center') parts.push(`@${e.center[0]},${e.center[1]}`);
    else if (options.coordinates === 'bounds') parts.push(`@${e.bounds.join(',')}`);
    lines.push(parts.join(' '));
  }
  return lines.join('\n');
}

function flagsOf(e: UiElement, interactive: boolean): string[] {
  const has = new Set(e.trueAttributes);
  const flags: string[] = [];
  if (has.has('checkable')) flags.push(has.has('checked') ? 'checked' : 'unchecked');
  else if (has.has('checked')) flags.push('checked');
  for (const f of ['selected', 'focused', 'password'] as const) if (has.has(f)) flags.push(f);
  if (isEditable(e)) flags.push('editable');
  if (interactive) {
    if (has.has('scrollable')) flags.push('scrollable');
    if (has.has('long-clickable')) flags.push('long-clickable');
    if (!has.has('clickable')) flags.push('not-clickable');
  }
  return flags;
}

/** JSON-style quoting keeps the line single-line and unambiguous; long labels are cut. */
function quote(s: string, max: number): string {
  return JSON.stringify(clipText(s, max));
}
