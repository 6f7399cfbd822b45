/**
 * The numbered elements drawn over a screen, in device pixels: a box per element and its number
 * where it collides with no other number (`ui/inspector/label-layout.ts`); the element an
 * inspector focuses or hovers (any element, text-only too) outlined.
 */
import { useMemo } from 'react';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { placeLabels } from '../inspector/label-layout.ts';

/** The numbers' size on the screen, in CSS pixels, at any zoom. */
const LABEL_PX = 13;
const DIGIT_PX = 7.5;

export interface ElementMarksProps {
  elements: readonly UiElement[];
  screen: { width: number; height: number };
  /** CSS pixels per device pixel, as shown now. */
  scale: number;
  /** Draw the numbered elements' boxes and numbers. */
  numbered: boolean;
  selectedIndex?: number | undefined;
  /** Positions in `elements` of the element focused and hovered (by an inspector or the pointer). */
  focusKey?: number | null;
  hoverKey?: number | null;
}

export function ElementMarks({
  elements,
  screen,
  scale,
  numbered,
  selectedIndex,
  focusKey = null,
  hoverKey = null,
}: ElementMarksProps) {
  const shown = useMemo(
    () => (numbered ? elements.map((e, key) => ({ e, key })).filter(({ e }) => e.index > 0) : []),
    [elements, numbered],
  );
  const k = scale > 0 ? 1 / scale : 1;
  const labels = useMemo(
    () =>
      placeLabels(
        shown.map(({ e }) => e),
        DIGIT_PX * k,
        LABEL_PX * k,
        screen,
      ),
    [shown, k, screen],
  );
  const outline = (key: number | null, cls: string) => {
    const e = key === null ? undefined : elements[key];
    if (!e) return null;
    const [x1, y1, x2, y2] = e.bounds;
    return (
      <rect
        className={cls}
        x={x1}
        y={y1}
        width={Math.max(1, x2 - x1)}
        height={Math.max(1, y2 - y1)}
        data-outline={cls}
        data-key={key}
      />
    );
  };
  return (
    <g className="element-marks">
      {shown.map(({ e, key }) => {
        const label = labels.get(e.index) ?? null;
        return (
          <g
            key={`${e.index}-${e.bounds.join(',')}`}
            className={`el ${e.index === selectedIndex ? 'el-selected' : ''} ${key === hoverKey ? 'el-hover' : ''}`}
            data-element-index={e.index}
            data-element-label={e.text || e.contentDesc}
            data-element-desc={e.contentDesc || undefined}
            data-label={label ? 'shown' : 'hidden'}
          >
            <rect
              className="el-box"
              x={e.bounds[0]}
              y={e.bounds[1]}
              width={Math.max(1, e.bounds[2] - e.bounds[0])}
              height={Math.max(1, e.bounds[3] - e.bounds[1])}
            />
            {label ? (
              <>
                <rect className="el-label-bg" x={label.x} y={label.y} width={label.width} height={label.height} />
                <text x={label.x + label.width / 2} y={label.y + label.height * 0.8} fontSize={label.height * 0.85}>
                  {e.index}
                </text>
              </>
            ) : null}
          </g>
        );
      })}
      {outline(hoverKey, 'el-outline-hover')}
      {outline(focusKey, 'el-outline-focus')}
    </g>
  );
}
