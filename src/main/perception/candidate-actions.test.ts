import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { readDumpFixture } from '../../../test/support/fixtures.ts';
import { candidateActions } from './candidate-actions.ts';
import { processViewHierarchy } from './view-hierarchy.ts';

function el(over: Partial<UiElement>): UiElement {
  return {
    index: 1,
    bounds: [0, 0, 400, 400],
    center: [200, 200],
    text: '',
    contentDesc: '',
    resourceId: '',
    className: 'android.view.View',
    packageName: 'com.x',
    trueAttributes: [],
    ...over,
  };
}

describe('candidateActions', () => {
  it('maps clickable, long-clickable, editable and scrollable elements to ReachAgent-style actions, four scroll directions each', () => {
    const actions = candidateActions([
      el({ index: 1, text: 'OK', trueAttributes: ['clickable'] }),
      el({ index: 2, text: 'Photo', trueAttributes: ['clickable', 'long-clickable'] }),
      el({ index: 3, className: 'android.widget.EditText', text: 'To', trueAttributes: ['clickable', 'focusable'] }),
      el({ index: 4, className: 'android.widget.AutoCompleteTextView', trueAttributes: ['clickable'] }),
      el({ index: 5, className: 'android.widget.ListView', trueAttributes: ['scrollable'] }),
      el({ index: 6, className: 'android.widget.HorizontalScrollView', trueAttributes: ['scrollable'] }),
      el({
        index: 7,
        className: 'androidx.recyclerview.widget.RecyclerView',
        bounds: [0, 0, 1080, 300],
        trueAttributes: ['scrollable'],
      }),
      el({
        index: 8,
        className: 'android.widget.FrameLayout',
        bounds: [0, 0, 500, 500],
        trueAttributes: ['scrollable'],
      }),
      el({ index: -1, text: 'caption', trueAttributes: ['clickable'] }),
    ]);
    const summary = actions.map((a) => `${a.action}(${a.elementIndex}${a.detail ? `,${a.detail}` : ''})`);
    expect(summary).toEqual([
      'Click(1)',
      'Click(2)',
      'Long_Press(2)',
      'Click(3)',
      'Box_Input(3)',
      'Click(4)',
      'Box_Input(4)',
      'Scroll(5,up)',
      'Scroll(5,down)',
      'Scroll(5,left)',
      'Scroll(5,right)',
      'Scroll(6,up)',
      'Scroll(6,down)',
      'Scroll(6,left)',
      'Scroll(6,right)',
      'Scroll(7,up)',
      'Scroll(7,down)',
      'Scroll(7,left)',
      'Scroll(7,right)',
      'Scroll(8,up)',
      'Scroll(8,down)',
      'Scroll(8,left)',
      'Scroll(8,right)',
    ]);
    expect(actions[0]?.text).toBe('OK');
  });

  it('offers Box_Input on the Gmail compose fields and Click on every clickable element of a real dump', () => {
    const { elements } = processViewHierarchy(readDumpFixture('06'));
    const actions = candidateActions(elements);
    expect(actions.filter((a) => a.action === 'Box_Input').length).toBeGreaterThanOrEqual(2);
    const clickable = elements.filter((e) => e.index > 0 && e.trueAttributes.includes('clickable'));
    expect(actions.filter((a) => a.action === 'Click').map((a) => a.elementIndex)).toEqual(
      clickable.map((e) => e.index),
    );
  });
});
