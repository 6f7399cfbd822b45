/**
 * The indexed elements drawn over the mirror: one box and number per interactive element, in
 * device pixels (the SVG's viewBox is the device screen, so boxes scale with the picture).
 */
import { useMemo } from 'react';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { placeLabels } from '../inspector/label-layout.ts';

export interface ElementOverlayProps {
  elements: readonly UiElement[];
  deviceWidth: number;
  deviceHeight: number;
  /** CSS pixels per device pixel as shown: the numbers keep one size on the screen and never collide. */
  scale: number;
  hovered: UiElement | undefined;
  selectedIndex: number | undefined;
}

const LABEL_PX = 13;

export function ElementOverlay({
  elements,
  deviceWidth,
  deviceHeight,
  scale,
  hovered,
  selectedIndex,
}: ElementOverlayProps) {
  const interactive = useMemo(() => elements.filter((e) => e.index >= 1), [elements]);
  const k = scale > 0 ? 1 / scale : 1;
  const font = LABEL_PX * k;
  const labels = useMemo(
    () => placeLabels(interactive, font * 0.58, font * 1.2, { width: deviceWidth, height: deviceHeight }),
    [interactive, font, deviceWidth, deviceHeight],
  );
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
        const label = labels.get(el.index) ?? null;
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
            {label ? (
              <>
                <rect className="overlay-label-bg" x={label.x} y={label.y} width={label.width} height={label.height} />
                <text x={label.x + font * 0.25} y={label.y + font * 0.95} fontSize={font}>
                  {el.index}
                </text>
              </>
            ) : null}
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
