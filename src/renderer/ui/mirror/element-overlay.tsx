/**
 * The indexed elements drawn over the mirror: one box and number per interactive element, in
 * device pixels (the SVG's viewBox is the device screen, so boxes scale with the picture).
 */
import type { UiElement } from '../../../shared/schemas/perception.ts';

export interface ElementOverlayProps {
  elements: readonly UiElement[];
  deviceWidth: number;
  deviceHeight: number;
  hovered: UiElement | undefined;
  selectedIndex: number | undefined;
}

export function ElementOverlay({ elements, deviceWidth, deviceHeight, hovered, selectedIndex }: ElementOverlayProps) {
  const interactive = elements.filter((e) => e.index >= 1);
  // Labels are sized in device pixels: about 2.2% of the screen width stays readable when scaled down.
  const font = Math.max(14, Math.round(deviceWidth * 0.022));
  return (
    <svg
      className="mirror-overlay"
      viewBox={`0 0 ${deviceWidth} ${deviceHeight}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-mirror-overlay=""
    >
      {interactive.map((el) => {
        const [x1, y1, x2, y2] = el.bounds;
        const state = el.index === selectedIndex ? 'selected' : el === hovered ? 'hovered' : 'idle';
        return (
          <g key={el.index} className={`overlay-element overlay-${state}`}>
            <rect
              x={x1}
              y={y1}
              width={x2 - x1}
              height={y2 - y1}
              data-index={el.index}
              data-bounds={el.bounds.join(',')}
              vectorEffect="non-scaling-stroke"
            />
            <rect
              className="overlay-label-bg"
              x={x1}
              y={y1}
              width={font * (String(el.index).length * 0.62 + 0.6)}
              height={font * 1.25}
            />
            <text x={x1 + font * 0.3} y={y1 + font * 0.98} fontSize={font}>
              {el.index}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** What the hover card says about an element. */
export function ElementDetails({ element }: { element: UiElement }) {
  const [x1, y1, x2, y2] = element.bounds;
  const rows: Array<[string, string]> = [
    ['class', element.className.replace(/^android\.widget\./, '')],
    ['text', element.text],
    ['content-desc', element.contentDesc],
    ['resource-id', element.resourceId],
    ['bounds', `[${x1},${y1}][${x2},${y2}]`],
    ['attributes', element.trueAttributes.join(', ')],
  ];
  return (
    <div className="mirror-tooltip" role="tooltip" data-element-details={element.index}>
      <div className="tooltip-title">Element {element.index}</div>
      <dl>
        {rows
          .filter(([, v]) => v !== '')
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}
