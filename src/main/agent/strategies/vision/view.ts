/**
 * The vision-only strategies' view of an observation: the elements become what they perceived
 * (text and icon regions, numbered in reading order, icon captions as their description), so the
 * cockpit's overlay, a person's edits and the executors use exactly what the agent saw; and the
 * perception list their prompts show, one line per item:
 *
 * ```text
 * [540, 1875]; text: "+"
 * [936, 2142]; icon: "alarm clock"
 * [136, 2142]; icon: ""
 * ```
 * `[x, y]` is the item's centre in screen pixels; an icon without a caption has "".
 */
import type { Observation, UiElement } from '../../../../shared/schemas/perception.ts';
import type { VisionItem, VisionScreen } from './perceive.ts';

export const TEXT_CLASS = 'vision.Text';
export const ICON_CLASS = 'vision.Icon';

/** Items scaled to the device screen (the screenshot may be smaller), as numbered elements. */
export function visionElements(
  screen: VisionScreen,
  device: { width: number; height: number },
  captions: ReadonlyMap<number, string> = new Map(),
): UiElement[] {
  const fx = device.width / screen.width;
  const fy = device.height / screen.height;
  return screen.items.map((item: VisionItem, i) => {
    const bounds: [number, number, number, number] = [
      Math.round(item.bounds[0] * fx),
      Math.round(item.bounds[1] * fy),
      Math.round(item.bounds[2] * fx),
      Math.round(item.bounds[3] * fy),
    ];
    return {
      index: i + 1,
      bounds,
      center: [Math.floor((bounds[0] + bounds[2]) / 2), Math.floor((bounds[1] + bounds[3]) / 2)],
      text: item.kind === 'text' ? item.text : '',
      contentDesc: item.kind === 'icon' ? (captions.get(i + 1) ?? '') : '',
      resourceId: '',
      className: item.kind === 'text' ? TEXT_CLASS : ICON_CLASS,
      packageName: '',
      trueAttributes: ['clickable'],
    };
  });
}

/** The observation as a vision-only strategy saw it: its elements, no set-of-marks image. */
export function visionObservation(o: Observation, elements: UiElement[]): Observation {
  return { ...o, elements, elementsFrom: 'ocr', marked: null };
}

/** The perception list for a prompt (format in this file's header). */
export function perceptionList(elements: readonly UiElement[]): string {
  return elements
    .map(
      (e) =>
        `[${e.center[0]}, ${e.center[1]}]; ${e.className === ICON_CLASS ? 'icon' : 'text'}: ${JSON.stringify(e.className === ICON_CLASS ? e.contentDesc : e.text)}`,
    )
    .join('\n');
}
