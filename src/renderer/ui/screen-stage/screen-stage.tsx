import { useRef, useState } from 'react';
import type { CSSProperties, PointerEvent as ReactPointerEvent } from 'react';
import type { ActionCall } from '../../../shared/actions.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { elementAt } from '../../../shared/elements/element-at.ts';
import type { Pt } from '../../../shared/elements/element-at.ts';
import { pointerAction } from '../../../shared/elements/screen-input.ts';
import type { ScreenSize } from '../../../shared/elements/screen-input.ts';
import type { Marker } from './action-marker.ts';
import './screen-stage.css';

export type StageMode = 'view' | 'pick' | 'act';

export interface ScreenStageProps {
  /** URL of the screenshot; null shows a placeholder. */
  image: string | null;
  screen: ScreenSize;
  elements: readonly UiElement[];
  showElements: boolean;
  marker?: Marker | null;
  /** A second marker (e.g. the action a person chose instead), drawn in the person colour. */
  altMarker?: Marker | null;
  /** view: hover shows details; pick: a click selects an element; act: a click or drag becomes an action. */
  mode: StageMode;
  selectedIndex?: number | undefined;
  onPick?(element: UiElement): void;
  /** In pick mode: a click picks this point (device pixels) instead of an element. */
  onPickPoint?(x: number, y: number): void;
  onAct?(action: ActionCall): void;
  testId?: string;
  caption?: string;
}

function label(e: UiElement): string {
  return e.text || e.contentDesc || e.resourceId.split('/').pop() || e.className.split('.').pop() || '';
}

function MarkerShape({ marker, k, tone }: { marker: Marker; k: number; tone: 'agent' | 'person' }) {
  const cls = `marker marker-${tone}`;
  const r = 14 * k;
  switch (marker.kind) {
    case 'box':
      return (
        <g className={cls} data-marker="box">
          <rect
            x={marker.bounds[0]}
            y={marker.bounds[1]}
            width={marker.bounds[2] - marker.bounds[0]}
            height={marker.bounds[3] - marker.bounds[1]}
            className="marker-box"
            rx={6 * k}
          />
          <circle cx={marker.point[0]} cy={marker.point[1]} r={r} className="marker-dot" />
        </g>
      );
    case 'point':
      return (
        <g className={cls} data-marker="point">
          <circle cx={marker.point[0]} cy={marker.point[1]} r={r * 1.6} className="marker-ring" />
          <circle cx={marker.point[0]} cy={marker.point[1]} r={r * 0.6} className="marker-dot" />
        </g>
      );
    case 'arrow': {
      const [x1, y1] = marker.from;
      const [x2, y2] = marker.to;
      const a = Math.atan2(y2 - y1, x2 - x1);
      const h = 30 * k;
      const head = `${x2},${y2} ${x2 - h * Math.cos(a - 0.45)},${y2 - h * Math.sin(a - 0.45)} ${x2 - h * Math.cos(a + 0.45)},${y2 - h * Math.sin(a + 0.45)}`;
      return (
        <g className={cls} data-marker="arrow">
          {marker.bounds ? (
            <rect
              x={marker.bounds[0]}
              y={marker.bounds[1]}
              width={marker.bounds[2] - marker.bounds[0]}
              height={marker.bounds[3] - marker.bounds[1]}
              className="marker-box marker-box-soft"
            />
          ) : null}
          <circle cx={x1} cy={y1} r={r * 0.8} className="marker-dot" />
          <line x1={x1} y1={y1} x2={x2} y2={y2} className="marker-line" />
          <polygon points={head} className="marker-head" />
        </g>
      );
    }
    case 'none':
      return null;
  }
}

/**
 * A device screenshot with the indexed elements and an action's marker drawn over it, in
 * device pixels. Used by the approval step (pick another element, act on the screen), the
 * replay view and the demonstration recorder.
 */
export function ScreenStage(props: ScreenStageProps) {
  const {
    image,
    screen,
    elements,
    showElements,
    marker,
    altMarker,
    mode,
    selectedIndex,
    onPick,
    onPickPoint,
    onAct,
    testId,
    caption,
  } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const [hover, setHover] = useState<{ e: UiElement; x: number; y: number } | null>(null);
  const [drag, setDrag] = useState<{ from: Pt; to: Pt } | null>(null);
  const w = screen.width;
  const h = screen.height;
  // Overlay sizes in device pixels that look the same at any display scale (~1/3 for phones).
  const k = (Math.max(w, h) / 2400) * 2.4;

  const toDevice = (ev: { clientX: number; clientY: number }): Pt | null => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return [((ev.clientX - box.left) / box.width) * w, ((ev.clientY - box.top) / box.height) * h];
  };

  const onPointerDown = (ev: ReactPointerEvent<SVGSVGElement>) => {
    if (mode === 'view' || ev.button !== 0) return;
    const p = toDevice(ev);
    if (!p) return;
    ev.currentTarget.setPointerCapture?.(ev.pointerId);
    setDrag({ from: p, to: p });
  };
  const onPointerMove = (ev: ReactPointerEvent<SVGSVGElement>) => {
    const p = toDevice(ev);
    if (!p) return;
    if (drag) setDrag({ ...drag, to: p });
    const e = elementAt(elements, p[0], p[1]);
    const box = svgRef.current?.getBoundingClientRect();
    setHover(e && box ? { e, x: ev.clientX - box.left, y: ev.clientY - box.top } : null);
  };
  const onPointerUp = (ev: ReactPointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const p = toDevice(ev) ?? drag.to;
    setDrag(null);
    if (mode === 'pick' && onPickPoint) {
      onPickPoint(Math.round(drag.from[0]), Math.round(drag.from[1]));
      return;
    }
    if (mode === 'pick') {
      const e = elementAt(elements, drag.from[0], drag.from[1]);
      if (e) onPick?.(e);
      return;
    }
    if (mode === 'act') onAct?.(pointerAction(elements, drag.from, p, screen));
  };

  const numbered = showElements || mode === 'pick' ? elements.filter((e) => e.index > 0) : [];
  const style = { '--ar': `${w} / ${h}`, '--arn': w / h } as CSSProperties;
  return (
    <figure className={`screen-fit screen-mode-${mode}`} data-testid={testId}>
      <div className="screen-stage" style={style}>
        {image ? (
          <img src={image} alt={caption ?? 'Device screenshot'} draggable={false} />
        ) : (
          <div className="screen-missing">No screenshot for this moment</div>
        )}
        <svg
          ref={svgRef}
          viewBox={`0 0 ${w} ${h}`}
          preserveAspectRatio="none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={() => setHover(null)}
          role={mode === 'view' ? 'img' : 'application'}
          aria-label={
            mode === 'pick'
              ? 'Pick an element'
              : mode === 'act'
                ? 'Act on the screen: click or drag'
                : (caption ?? 'Screen')
          }
          data-screen-width={w}
          data-screen-height={h}
        >
          {numbered.map((e) => (
            <g
              key={`${e.index}-${e.bounds.join(',')}`}
              className={`el ${e.index === selectedIndex ? 'el-selected' : ''} ${hover?.e === e ? 'el-hover' : ''}`}
              data-element-index={e.index}
              data-element-label={e.text || e.contentDesc}
              data-element-desc={e.contentDesc || undefined}
            >
              <rect
                x={e.bounds[0]}
                y={e.bounds[1]}
                width={Math.max(1, e.bounds[2] - e.bounds[0])}
                height={Math.max(1, e.bounds[3] - e.bounds[1])}
              />
              <text x={e.bounds[0] + 4 * k} y={e.bounds[1] + 15 * k} fontSize={15 * k}>
                {e.index}
              </text>
            </g>
          ))}
          {marker ? <MarkerShape marker={marker} k={k} tone="agent" /> : null}
          {altMarker ? <MarkerShape marker={altMarker} k={k} tone="person" /> : null}
          {drag && mode === 'act' && Math.hypot(drag.to[0] - drag.from[0], drag.to[1] - drag.from[1]) > 10 ? (
            <line x1={drag.from[0]} y1={drag.from[1]} x2={drag.to[0]} y2={drag.to[1]} className="drag-line" />
          ) : null}
        </svg>
        {hover ? (
          <div className="el-tip" style={{ left: Math.min(hover.x + 12, 9999), top: hover.y + 12 }} role="tooltip">
            <strong>[{hover.e.index}]</strong> {hover.e.className.split('.').pop()}
            {label(hover.e) ? <span className="el-tip-text"> “{label(hover.e).slice(0, 60)}”</span> : null}
            <span className="el-tip-meta">
              {hover.e.trueAttributes
                .filter((a) => a !== 'enabled')
                .slice(0, 4)
                .join(' · ')}
            </span>
          </div>
        ) : null}
      </div>
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
