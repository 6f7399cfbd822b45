/**
 * The layout rule the e2e tests check on every page and window size: one scroll container per
 * page. The window never scrolls (the header and the navigation stay), no scrolling area sits
 * inside another, nothing scrolls sideways, and no page or panel cuts its content off without a
 * way to scroll to it, nothing on a page is pinned to a box outside it (so it scrolls with
 * the page), and no drop-down is too narrow for the choice it shows.
 */
import type { Page } from '@playwright/test';
import { expect, savePanelShot } from './fixtures.ts';

export const WINDOW_SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/** The width Chromium's own drop-down arrow takes inside a `<select>` (its padding aside). */
const SELECT_ARROW = 20;

/** What breaks the rule on the page shown, one line each (empty when it holds). */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((SELECT_ARROW) => {
    const problems: string[] = [];
    const name = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls ? `.${cls}` : ''}`;
    };
    const scrolls = (el: Element, axis: 'x' | 'y') => {
      const style = getComputedStyle(el);
      const overflow = axis === 'y' ? style.overflowY : style.overflowX;
      const more = axis === 'y' ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
      return (overflow === 'auto' || overflow === 'scroll') && more > 1;
    };
    const doc = document.scrollingElement ?? document.documentElement;
    // Overflow hidden or clipped on the document still lets the window scroll programmatically.
    if (window.scrollY !== 0 || doc.scrollHeight > window.innerHeight + 1) problems.push('the window scrolls');
    const scrollers: Element[] = [];
    for (const el of document.querySelectorAll('#root *')) {
      // A text field scrolls its own text; that is not a second scrolling page.
      if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) continue;
      if (scrolls(el, 'x') && !el.closest('pre, code, .mono-scroll')) problems.push(`${name(el)} scrolls sideways`);
      if (scrolls(el, 'y')) scrollers.push(el);
    }
    for (const el of scrollers) {
      const outer = scrollers.find((s) => s !== el && s.contains(el));
      if (outer) problems.push(`${name(el)} scrolls inside ${name(outer)}`);
    }
    // Content cut off: a page, panel or panel body whose content is taller than it and cannot scroll.
    for (const el of document.querySelectorAll('.page, .panel, .panel-body')) {
      const style = getComputedStyle(el);
      if (style.overflowY !== 'auto' && style.overflowY !== 'scroll' && style.overflowY !== 'visible')
        if (el.scrollHeight - el.clientHeight > 2) problems.push(`${name(el)} cuts off its content`);
    }
    // Nothing sticks out of the window on the right (where no scrollbar would reach it).
    for (const el of document.querySelectorAll('.content .panel, .content button, .content .run-header')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > window.innerWidth + 1) problems.push(`${name(el)} sticks out of the window`);
    }
    // A control placed absolutely against a box outside its scrolling area stays put while the area
    // scrolls (a hidden checkbox left behind is unreachable: clicking it scrolls nothing into view).
    const scroller = (el: Element) => {
      for (let up = el.parentElement; up && up.id !== 'root'; up = up.parentElement) {
        const { overflowY } = getComputedStyle(up);
        if (overflowY === 'auto' || overflowY === 'scroll') return up;
      }
      return null;
    };
    const controls = ['input', 'button', 'select', 'textarea', 'a[href]'].map((c) => `.content .page ${c}`).join(', ');
    for (const el of document.querySelectorAll(controls)) {
      if (!(el instanceof HTMLElement) || getComputedStyle(el).position !== 'absolute') continue;
      const box = scroller(el);
      if (box && el.offsetParent && !box.contains(el.offsetParent))
        problems.push(`${name(el)} does not scroll with ${name(box)}`);
    }
    // A drop-down shows its whole choice (the text beside the native arrow is cut off otherwise).
    const pen = document.createElement('canvas').getContext('2d')!;
    for (const el of document.querySelectorAll('.content .page select')) {
      if (!(el instanceof HTMLSelectElement) || !el.offsetParent || el.multiple) continue;
      const style = getComputedStyle(el);
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.selectedOptions[0]?.text ?? '';
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - SELECT_ARROW;
      if (pen.measureText(text).width > room + 1) problems.push(`${name(el)}[name=${el.name}] cuts off "${text}"`);
    }
    // The page itself lies inside the window.
    const page = document.querySelector('.content .page');
    if (!page) problems.push('no page is shown');
    else {
      const r = page.getBoundingClientRect();
      if (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1)
        problems.push('the page exceeds the window');
    }
    return problems;
  }, SELECT_ARROW);
}

/**
 * Shows the page `open` leads to at every window size, checks the layout rule there, and saves
 * a screenshot at each size as `<name>-<width>x<height>`.
 */
export async function checkLayout(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  for (const size of WINDOW_SIZES) {
    await page.setViewportSize(size);
    await open();
    await expect.poll(() => layoutProblems(page), { message: `${name} at ${size.width}×${size.height}` }).toEqual([]);
    await savePanelShot(page, `${name}-${size.width}x${size.height}`);
  }
  await page.setViewportSize(WINDOW_SIZES[1]);
}
