/**
 * What an action does on a screen, for guarded mode's approval rules. An action's name and
 * index say little: `Click_by_Coordinate(838, 909)` pays when the point is on "Pay now",
 * `Type("…")` types into whatever field has the focus, and `Enter()` submits that field's form
 * — in a chat, it sends the message. So the rules see:
 *
 * - the **target**: the element of an index action; the element under a coordinate (the
 *   smallest numbered one containing the point, the element a tap lands on); the focused field
 *   for `Type` and `Enter`. A tap on the on-screen keyboard acts on the focused field too: it
 *   counts as `Enter` on the keyboard's Enter/Send/Search key and as `Type` on any other key;
 * - for actions that **submit** a field (`Enter`, `Box_Input` which confirms with Enter, the
 *   keyboard's Enter key): the controls on the field's row (the Send button beside a message
 *   box) and the screen it is on (app and activity, e.g. "Conversation Activity", "Checkout
 *   Activity") — what the Enter would trigger.
 *
 * `text` joins all of it; rule patterns are tested against it (see gating.ts).
 */
import { formatAction, targetIndex } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import { area, contains, elementAt } from '../../shared/elements/element-at.ts';
import type { Observation, UiElement } from '../../shared/schemas/perception.ts';
import { elementLabel, isEditable, shortClassName } from '../perception/index.ts';

export interface ActionEffect {
  /** The action it amounts to: its own name, or `Enter`/`Type` for a tap on the keyboard. */
  as: ActionCall['name'];
  /** What the action acts on, or null (Back, Swipe, a tap on empty space…). */
  target: UiElement | null;
  /** How the target was found. */
  via: 'index' | 'coordinate' | 'focus' | null;
  /** Whether it submits the target field (Enter semantics). */
  submits: boolean;
  /** For submitting actions: the controls on the field's row. */
  controls: UiElement[];
  /** For submitting actions: the screen's app and activity, as words. */
  screen: string | null;
  /** A short account for the person asked to approve, e.g. `Enter() submits [4] EditText "hi" beside [5] ImageButton "Send SMS"`. */
  summary: string;
  /** Everything the rules' patterns are tested against. */
  text: string;
}

type Screen = Pick<Observation, 'elements' | 'screen' | 'currentApp'>;

const KEYBOARD_PACKAGE = /inputmethod|keyboard|honeyboard|swiftkey|\.ime\b/i;
const ENTER_KEY = /^(enter|send|search|go|done|return|↵|⏎|➤)$/i;

/** The element a tap at device pixels lands on: the smallest numbered one containing it, else the smallest text-only one. */
export function elementUnder(elements: readonly UiElement[], x: number, y: number): UiElement | null {
  const numbered = elementAt(elements, x, y);
  if (numbered) return numbered;
  let best: UiElement | null = null;
  for (const e of elements) if (e.index < 1 && contains(e, x, y) && (!best || area(e) < area(best))) best = e;
  return best;
}

function isKeyboardKey(e: UiElement): boolean {
  return KEYBOARD_PACKAGE.test(e.packageName) || KEYBOARD_PACKAGE.test(e.resourceId);
}

/** The field with the input focus (the keyboard's own views excluded). */
export function focusedField(elements: readonly UiElement[]): UiElement | null {
  const focused = elements.filter((e) => e.trueAttributes.includes('focused') && !isKeyboardKey(e));
  return focused.find((e) => isEditable(e)) ?? focused[0] ?? null;
}

/** Clickable controls on the same row as `field` (vertically overlapping by half the shorter height), outside the keyboard. */
function rowControls(elements: readonly UiElement[], field: UiElement): UiElement[] {
  const [, fy1, , fy2] = field.bounds;
  return elements.filter((e) => {
    if (e === field || e.index <= 0 || isKeyboardKey(e) || !e.trueAttributes.includes('clickable')) return false;
    const overlap = Math.min(fy2, e.bounds[3]) - Math.max(fy1, e.bounds[1]);
    return overlap > 0.5 * Math.min(fy2 - fy1, e.bounds[3] - e.bounds[1]);
  });
}

/** `com.android.messaging.ui.conversation.ConversationActivity` → `com.android.messaging Conversation Activity`. */
function screenWords(app: Observation['currentApp']): string | null {
  if (!app) return null;
  const last = app.activity.split('.').pop() ?? app.activity;
  return `${app.packageName} ${last.replace(/\$/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')}`;
}

/** `[5] Button "Pay now"`. */
export function elementWords(e: UiElement): string {
  const label = elementLabel(e);
  return `${e.index > 0 ? `[${e.index}] ` : ''}${shortClassName(e.className)}${label ? ` ${JSON.stringify(label.length > 60 ? `${label.slice(0, 60)}…` : label)}` : ''}`;
}

/** What rules match of an element: its text, description and resource id (also as words: `send_message_button` → "send message button"). */
function matchWords(e: UiElement): string {
  const id = e.resourceId.split('/').pop() ?? '';
  return [
    e.text,
    e.contentDesc,
    e.resourceId,
    id.replace(/_/g, ' '),
    e.trueAttributes.includes('password') ? 'password field' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The point a touch at coordinates lands on (a swipe: where the finger comes down). */
function pointOf(action: ActionCall, screen: Observation['screen']): [number, number] | null {
  const p = action.params as { x?: number; y?: number; x1?: number; y1?: number; unit?: 'grid' | 'px' };
  const x = p.x ?? p.x1;
  const y = p.y ?? p.y1;
  if (x === undefined || y === undefined || !p.unit) return null;
  if (p.unit === 'px') return [x, y];
  return [
    Math.min(screen.width - 1, (x / 1000) * screen.width),
    Math.min(screen.height - 1, (y / 1000) * screen.height),
  ];
}

/** What `action` does on `seen` (the screen it was proposed on; null when unknown). */
export function actionEffect(action: ActionCall, seen: Screen | null): ActionEffect {
  const elements = seen?.elements ?? [];
  let target: UiElement | null = null;
  let via: ActionEffect['via'] = null;
  let as: ActionCall['name'] = action.name;
  const index = targetIndex(action);
  if (index !== undefined) {
    target = elements.find((e) => e.index === index) ?? null;
    via = target ? 'index' : null;
  } else if (seen && /_by_Coordinate$/.test(action.name)) {
    const point = pointOf(action, seen.screen);
    target = point ? elementUnder(elements, point[0], point[1]) : null;
    via = target ? 'coordinate' : null;
  }
  // A tap on the keyboard does what its key does, to the focused field.
  let key: UiElement | null = null;
  if (target && (action.name === 'Click' || action.name === 'Click_by_Coordinate') && isKeyboardKey(target)) {
    key = target;
    as = ENTER_KEY.test(elementLabel(target).trim()) ? 'Enter' : 'Type';
  }
  const submits = as === 'Enter' || as === 'Box_Input';
  if (as === 'Type' || as === 'Enter') {
    target = focusedField(elements);
    via = target ? 'focus' : null;
  }
  const controls = submits && target ? rowControls(elements, target) : [];
  const screen = submits ? screenWords(seen?.currentApp ?? null) : null;

  const call = formatAction(action);
  let summary = key ? `${call} taps the keyboard's ${JSON.stringify(elementLabel(key))} key:` : call;
  if (target) {
    const what = elementWords(target);
    summary +=
      via === 'coordinate'
        ? ` lands on ${what}`
        : via === 'focus'
          ? ` ${submits ? 'submits' : 'types into'} the focused ${what}`
          : ` on ${what}`;
    if (target.trueAttributes.includes('password')) summary += ' (a password field)';
  }
  if (controls.length) summary += ` beside ${controls.map(elementWords).join(', ')}`;
  if (screen && submits) summary += ` on ${screen}`;
  const text = [call, target ? matchWords(target) : '', ...controls.map(matchWords), screen ?? '']
    .filter(Boolean)
    .join(' | ');
  return { as, target, via, submits, controls, screen, summary, text };
}
