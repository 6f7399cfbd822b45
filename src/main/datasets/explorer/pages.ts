/**
 * Pages and element-level actions for the GUI explorer. A page is identified by its activity
 * and its structure: the interactive elements' classes, resource ids and texts with digits
 * masked (a clock's time or a counter must not make a new page, a different list must), plus
 * whether the keyboard is up. An action names its element by the same descriptor and its
 * rank among equal descriptors, so it means the same element on every visit of the page,
 * whatever index the element gets on that screen.
 */
import { createHash } from 'node:crypto';
import type { ActionCall } from '../../../shared/actions.ts';
import type { Observation, UiElement } from '../../../shared/schemas/perception.ts';

const mask = (t: string) => t.replace(/\d/g, '#').replace(/\s+/g, ' ').trim().slice(0, 60);
const shortClass = (c: string) => c.split('.').pop() ?? c;

function descriptor(e: UiElement): string {
  return `${shortClass(e.className)}|${e.resourceId.split('/').pop() ?? ''}|${mask(e.text || e.contentDesc)}`;
}

function hash(parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(`${p}\u0000`);
  return h.digest('hex').slice(0, 10);
}

/** `package/activity#hash` of the page an observation shows. */
export function pageKeyOf(o: Observation): string {
  const app = o.currentApp ? `${o.currentApp.packageName}/${o.currentApp.activity}` : 'unknown';
  return `${app}#${hash([String(o.keyboardShown), ...o.elements.filter((e) => e.index > 0).map(descriptor)])}`;
}

/** The page's skeleton without texts: pages before and after a page operation share it. */
export function skeletonOf(o: Observation): string {
  const app = o.currentApp ? `${o.currentApp.packageName}/${o.currentApp.activity}` : 'unknown';
  return `${app}#${hash(o.elements.filter((e) => e.index > 0).map((e) => `${shortClass(e.className)}|${e.resourceId}`))}`;
}

/** A page's name for generated tasks: its first title-like text near the top, else the activity. */
export function pageTitleOf(o: Observation): string {
  const top = o.elements.filter(
    (e) => e.index < 0 && e.bounds[1] < o.screen.height * 0.3 && /\p{L}/u.test(e.text) && e.text.length <= 40,
  );
  const title = top[0]?.text.split('\n')[0]?.trim();
  return title || (o.currentApp?.activity.split('.').pop() ?? 'unknown page');
}

/** One element-level action on a page: `click <descriptor>#<rank>` or `scroll-down …`. */
export interface PageAction {
  key: string;
  /** Human words for generated tasks: `tap "Wi-Fi"`. */
  label: string;
  verb: 'click' | 'scroll-down' | 'scroll-up';
  descriptor: string;
  rank: number;
}

/** The page's action space: a click on each clickable element, scrolls on each scrollable one (ReachAgent's action alignment). */
export function actionSpace(o: Observation): PageAction[] {
  const seen = new Map<string, number>();
  const out: PageAction[] = [];
  for (const e of o.elements) {
    if (e.index < 1) continue;
    const d = descriptor(e);
    const rank = seen.get(d) ?? 0;
    seen.set(d, rank + 1);
    const name = (e.text || e.contentDesc || e.resourceId.split('/').pop() || shortClass(e.className))
      .split('\n')[0]!
      .slice(0, 40);
    if (
      e.trueAttributes.includes('clickable') ||
      e.trueAttributes.includes('long-clickable') ||
      e.trueAttributes.includes('checkable')
    ) {
      out.push({ key: `click ${d}#${rank}`, label: `tap "${name}"`, verb: 'click', descriptor: d, rank });
    }
    if (e.trueAttributes.includes('scrollable')) {
      out.push({
        key: `scroll-down ${d}#${rank}`,
        label: `scroll down in "${name}"`,
        verb: 'scroll-down',
        descriptor: d,
        rank,
      });
      out.push({
        key: `scroll-up ${d}#${rank}`,
        label: `scroll up in "${name}"`,
        verb: 'scroll-up',
        descriptor: d,
        rank,
      });
    }
  }
  return out;
}

/** The action as a MobA action on this observation's elements, or null when its element is not there. */
export function resolveAction(o: Observation, a: Pick<PageAction, 'verb' | 'descriptor' | 'rank'>): ActionCall | null {
  const matches = o.elements.filter((e) => e.index > 0 && descriptor(e) === a.descriptor);
  const el = matches[a.rank];
  if (!el) return null;
  if (a.verb === 'click') return { name: 'Click', params: { index: el.index } };
  return {
    name: 'Scroll',
    params: { index: el.index, direction: a.verb === 'scroll-down' ? 'down' : 'up', distance: 'medium' },
  };
}

export function parseActionKey(key: string): Pick<PageAction, 'verb' | 'descriptor' | 'rank'> {
  const space = key.indexOf(' ');
  const hashAt = key.lastIndexOf('#');
  return {
    verb: key.slice(0, space) as PageAction['verb'],
    descriptor: key.slice(space + 1, hashAt),
    rank: Number(key.slice(hashAt + 1)),
  };
}
