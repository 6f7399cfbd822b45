/**
 * A screen to inspect, as Appium Inspector shows one: the screenshot, zoomable, with the
 * elements' numbers placed so none collide, and beside it the element tree and the attribute
 * pane, synchronised with the screen (hover and select either side). Used in the cockpit, the
 * replay and on the Devices page.
 */
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ScreenStage } from '../screen-stage/screen-stage.tsx';
import type { ScreenStageProps } from '../screen-stage/screen-stage.tsx';
import { buildElementTree, deepestAt } from './element-tree.ts';
import { ElementTreeView } from './element-tree-view.tsx';
import { AttributePane } from './attribute-pane.tsx';
import { useInspectorPrefs } from './inspector-prefs.ts';
import { keepFocus } from '../keep-focus.ts';
import './inspector.css';

const ZOOMS = [1, 1.5, 2, 3, 4];

export type InspectorProps = Omit<ScreenStageProps, 'zoom' | 'focusKey' | 'hoverKey' | 'onPointer' | 'onViewClick'> & {
  /** Show the element tree and the attribute pane beside the screen. */
  inspect: boolean;
  onInspect(on: boolean): void;
  onShowElements?(on: boolean): void;
  /** More controls for the toolbar (e.g. the cockpit's view switch). */
  extra?: ReactNode;
};

function Toolbar({ p, zoom, setZoom }: { p: InspectorProps; zoom: number; setZoom(z: number): void }) {
  const i = ZOOMS.indexOf(zoom);
  return (
    <div className="inspector-toolbar" role="toolbar" aria-label="Screen">
      <span className="seg seg-small" role="group" aria-label="Zoom">
        <button
          type="button"
          onClick={() => setZoom(ZOOMS[Math.max(0, i - 1)]!)}
          disabled={i <= 0}
          aria-label="Zoom out"
        >
          −
        </button>
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={() => setZoom(1)}
          className={zoom === 1 ? 'on' : ''}
          data-action="zoom-fit"
        >
          {zoom === 1 ? 'Fit' : `${zoom}×`}
        </button>
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, i + 1)]!)}
          disabled={i >= ZOOMS.length - 1}
          aria-label="Zoom in"
          data-action="zoom-in"
        >
          +
        </button>
      </span>
      {p.onShowElements ? (
        <label className="toggle toggle-small">
          <input type="checkbox" checked={p.showElements} onChange={(e) => p.onShowElements?.(e.target.checked)} />
          <span className="toggle-track" aria-hidden="true" />
          <span>Element boxes</span>
        </label>
      ) : null}
      <label className="toggle toggle-small">
        <input
          type="checkbox"
          checked={p.inspect}
          onChange={(e) => p.onInspect(e.target.checked)}
          data-action="toggle-inspect"
        />
        <span className="toggle-track" aria-hidden="true" />
        <span>Inspect</span>
      </label>
      {p.extra}
    </div>
  );
}

export function Inspector(p: InspectorProps) {
  const zoom = useInspectorPrefs((s) => s.zoom);
  const setZoom = (z: number) => useInspectorPrefs.setState({ zoom: z });
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const [hoverKey, setHoverKey] = useState<number | null>(null);
  const roots = useMemo(() => buildElementTree(p.elements), [p.elements]);
  const focused = focusKey === null ? undefined : p.elements[focusKey];
  const { inspect, onInspect: _onInspect, onShowElements: _onShow, extra: _extra, ...stage } = p;
  return (
    <div className={`inspector ${inspect ? 'inspecting' : ''}`} data-testid="inspector">
      <Toolbar p={p} zoom={zoom} setZoom={setZoom} />
      <div className="inspector-body">
        <ScreenStage
          {...stage}
          zoom={zoom}
          focusKey={inspect ? focusKey : null}
          hoverKey={inspect ? hoverKey : null}
          {...(inspect
            ? {
                onPointer: (pt) => setHoverKey(pt ? (deepestAt(roots, pt[0], pt[1])?.key ?? null) : null),
                onViewClick: (pt) => setFocusKey(deepestAt(roots, pt[0], pt[1])?.key ?? null),
              }
            : {})}
        />
        {inspect ? (
          <div className="inspector-side">
            <div className="inspector-tree">
              <ElementTreeView
                roots={roots}
                focusKey={focusKey}
                hoverKey={hoverKey}
                onHover={setHoverKey}
                onFocus={setFocusKey}
              />
            </div>
            <AttributePane element={focused} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
