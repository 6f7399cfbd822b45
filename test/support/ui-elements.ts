import type { UiElement } from '../../src/shared/schemas/perception.ts';

/** A numbered element with these bounds (centre computed), text `e<index>`: the fixture of the hit-test and screen-action tests. */
export function boxElement(
  index: number,
  bounds: [number, number, number, number],
  trueAttributes: string[] = ['clickable'],
): UiElement {
  return {
    index,
    bounds,
    center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2],
    text: `e${index}`,
    contentDesc: '',
    resourceId: '',
    className: 'android.widget.Button',
    packageName: 'p',
    trueAttributes,
  };
}
