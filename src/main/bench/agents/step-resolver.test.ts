import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { findTarget, resolveStep } from './step-resolver.ts';

function el(index: number, text: string, more: Partial<UiElement> = {}): UiElement {
  return {
    index,
    text,
    contentDesc: '',
    resourceId: '',
    className: 'android.widget.TextView',
    packageName: 'com.android.deskclock',
    bounds: [0, index * 100, 500, index * 100 + 80],
    center: [250, index * 100 + 40],
    trueAttributes: index > 0 ? ['clickable'] : [],
    ...more,
  };
}

const screen: UiElement[] = [
  el(1, 'Alarm\nClock', { resourceId: 'com.android.deskclock:id/tab_alarm' }),
  el(2, '', { contentDesc: 'Add alarm', className: 'android.widget.ImageButton' }),
  el(3, 'OK'),
  el(4, 'OK', { resourceId: 'android:id/button1' }),
  el(-1, 'Wake up'),
  el(5, '', {
    className: 'androidx.recyclerview.widget.RecyclerView',
    trueAttributes: ['scrollable'],
    bounds: [0, 0, 1080, 2000],
  }),
  el(6, 'Name', { className: 'android.widget.EditText', resourceId: 'com.android.deskclock:id/label' }),
];

describe('finding a target among the indexed elements', () => {
  it('by a line of the text, id, description, class, and the nth match', () => {
    expect(findTarget(screen, { text: 'alarm' })?.index).toBe(1);
    expect(findTarget(screen, { id: 'tab_alarm' })?.index).toBe(1);
    expect(findTarget(screen, { desc: 'add alarm' })?.index).toBe(2);
    expect(findTarget(screen, { descContains: 'ADD' })?.index).toBe(2);
    expect(findTarget(screen, { text: 'OK' })?.index).toBe(3);
    expect(findTarget(screen, { text: 'OK', nth: 1 })?.index).toBe(4);
    expect(findTarget(screen, { text: 'OK', id: 'android:id/button1' })?.index).toBe(4);
    expect(findTarget(screen, { class: 'EditText' })?.index).toBe(6);
    expect(findTarget(screen, { text: 'Timer' })).toBeNull();
  });

  it('turns steps into actions; a text-only element is tapped where it is drawn', () => {
    expect(resolveStep({ action: 'Click', target: { desc: 'Add alarm' } }, screen)).toMatchObject({
      ok: true,
      action: { name: 'Click', params: { index: 2 } },
    });
    expect(resolveStep({ action: 'Click', target: { text: 'Wake up' } }, screen)).toMatchObject({
      ok: true,
      action: { name: 'Click_by_Coordinate', params: { x: 250, y: -60, unit: 'px' } },
    });
    expect(resolveStep({ action: 'Box_Input', target: { id: 'label' }, text: 'Run' }, screen)).toMatchObject({
      ok: true,
      action: { name: 'Box_Input', params: { index: 6, text: 'Run' } },
    });
    expect(resolveStep({ action: 'Scroll', direction: 'down' }, screen)).toMatchObject({
      ok: true,
      action: { name: 'Scroll', params: { index: 5, direction: 'down', distance: 'medium' } },
    });
    expect(resolveStep({ action: 'Open_App', app: 'Clock' }, screen)).toMatchObject({
      ok: true,
      action: { name: 'Open_App', params: { app: 'Clock' } },
    });
    const missing = resolveStep({ action: 'Click', target: { text: 'Timer' } }, screen);
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.reason).toMatch(
      /^no element matches text="Timer"; on screen: \[1\] Alarm \/ Clock; \[2\] \(Add alarm\)/,
    );
    expect(resolveStep({ action: 'Long_Press', target: { text: 'Wake up' } }, screen)).toMatchObject({ ok: false });
  });
});
