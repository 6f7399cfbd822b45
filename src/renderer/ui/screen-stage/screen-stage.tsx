import { useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, PointerEvent as ReactPointerEvent } from 'react';
import type { ActionCall } from '../../../shared/actions.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { elementAt } from '../../../shared/elements/element-at.ts';
import type { Pt } from '../../../shared/elements/element-at.ts';
import { pointerAction } from '../../../shared/elements/screen-input.ts';
import type { ScreenSize } from '../../../shared/elements/screen-input.ts';
import type { Marker } from './action-marker.ts';
import { MarkerShape } from './markers.tsx';
import { ElementMarks } from './element-marks.tsx';
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
  /** An inspector's element (position in `elements`) to outline, and the one hovered. */
  focusKey?: number | null;
  hoverKey?: number | null;
  /** Where the pointer is (device pixels), for an inspector that follows it; null when it leaves. */
  onPointer?(p: Pt | null): void;
  /** A click in view mode (device pixels). */
  onViewClick?(p: Pt): void;
  /** Zoom over the fitted size (1 = fit the space given). */
  zoom?: number;
  testId?: string;
  caption?: string;
}

function label(e: UiElement): string {
  return e.text || e.contentDesc || e.resourceId.split('/').pop() || e.className.split('.').pop() || '';
}

/** CSS pixels per device pixel of the stage as drawn now. */
function useScale(ref: React.RefObject<HTMLDivElement | null>, width: number): number {
  const [scale, setScale] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScale(el.getBoundingClientRect().width / width);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, width]);
  return scale;
}

function HoverTip({ hover }: { hover: { e: UiElement; x: number; y: number } }) {
  return (
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
  );
}

/**
 * A device screenshot with the indexed elements and an action's marker drawn over it, in
 * device pixels. Used by the approval step (pick another element, act on the screen), the
 * replay view, the Devices inspector and the demonstration recorder.
 */
export function ScreenStage(props: ScreenStageProps) {
  const { image, screen, elements, mode, onPick, onPickPoint, onAct, onPointer, onViewClick } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const scale = useScale(stageRef, screen.width);
  const [hover, setHover] = useState<{ e: UiElement; x: number; y: number } | null>(null);
  const [drag, setDrag] = useState<{ from: Pt; to: Pt } | null>(null);
  const w = screen.width;
  const h = screen.height;
  // Marker sizes in device pixels that look the same at any display scale (~1/3 for phones).
  const k = (Math.max(w, h) / 2400) * 2.4;

  const toDevice = (ev: { clientX: number; clientY: number }): Pt | null => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return [((ev.clientX - box.left) / box.width) * w, ((ev.clientY - box.top) / box.height) * h];
  };
  const onPointerDown = (ev: ReactPointerEvent<SVGSVGElement>) => {
    if (ev.button !== 0) return;
    const p = toDevice(ev);
    if (!p) return;
    if (mode !== 'view') ev.currentTarget.setPointerCapture?.(ev.pointerId);
    setDrag({ from: p, to: p });
  };
  const onPointerMove = (ev: ReactPointerEvent<SVGSVGElement>) => {
    const p = toDevice(ev);
    if (!p) return;
    if (drag) setDrag({ ...drag, to: p });
    onPointer?.(p);
    const e = elementAt(elements, p[0], p[1]);
    const box = svgRef.current?.getBoundingClientRect();
    setHover(e && box ? { e, x: ev.clientX - box.left, y: ev.clientY - box.top } : null);
  };
  const onPointerUp = (ev: ReactPointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const p = toDevice(ev) ?? drag.to;
    setDrag(null);
    if (mode === 'view') return onViewClick?.(drag.from);
    if (mode === 'pick' && onPickPoint) return onPickPoint(Math.round(drag.from[0]), Math.round(drag.from[1]));
    if (mode === 'pick') {
      const e = elementAt(elements, drag.from[0], drag.from[1]);
      if (e) onPick?.(e);
      return;
    }
    onAct?.(pointerAction(elements, drag.from, p, screen));
  };

  const style = { '--ar': `${w} / ${h}`, '--arn': w / h, '--zoom': props.zoom ?? 1 } as CSSProperties;
  return (
    <figure
      className={`screen-fit screen-mode-${mode} ${(props.zoom ?? 1) > 1 ? 'zoomed' : ''}`}
      data-testid={props.testId}
    >
      <div className="screen-stage" style={style} ref={stageRef} data-scale={scale.toFixed(3)}>
        {image ? (
          <img src={image} alt={props.caption ?? 'Device screenshot'} draggable={false} />
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
          onPointerLeave={() => {
            setHover(null);
            onPointer?.(null);
          }}
          role={mode === 'view' ? 'img' : 'application'}
          aria-label={
            mode === 'pick'
              ? 'Pick an element'
              : mode === 'act'
                ? 'Act on the screen: click or drag'
                : (props.caption ?? 'Screen')
          }
          data-screen-width={w}
          data-screen-height={h}
        >
          <ElementMarks
            elements={elements}
            screen={screen}
            scale={scale}
            numbered={props.showElements || mode === 'pick'}
            selectedIndex={props.selectedIndex}
            focusKey={props.focusKey ?? null}
            hoverKey={props.hoverKey ?? (hover ? elements.indexOf(hover.e) : null)}
          />
          {props.marker ? <MarkerShape marker={props.marker} k={k} tone="agent" /> : null}
          {props.altMarker ? <MarkerShape marker={props.altMarker} k={k} tone="person" /> : null}
          {drag && mode === 'act' && Math.hypot(drag.to[0] - drag.from[0], drag.to[1] - drag.from[1]) > 10 ? (
            <line x1={drag.from[0]} y1={drag.from[1]} x2={drag.to[0]} y2={drag.to[1]} className="drag-line" />
          ) : null}
        </svg>
        {hover && !onPointer ? <HoverTip hover={hover} /> : null}
      </div>
      {props.caption ? <figcaption>{props.caption}</figcaption> : null}
    </figure>
  );
}
