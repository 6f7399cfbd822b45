/**
 * A device's live screen: the decoded stream at the right aspect (following rotation and
 * resizes) — the last screenshot with "Connecting…" until its first frame — the indexed-element
 * overlay (toggle; hover shows details; in select mode a click picks an element), and direct
 * control: click = tap, hold = long press, drag = swipe, wheel = scroll, typing = text and keys,
 * and Back / Home / Recents buttons.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { MirrorInput } from '../../../shared/contract/mirror.ts';
import { elementAt } from '../../../shared/elements/element-at.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { useClient } from '../../state/app-store.ts';
import { useBusy } from '../use-busy.ts';
import { ErrorNote } from '../notes.tsx';
import { ElementDetails, ElementOverlay } from './element-overlay.tsx';
import { useElements } from './use-elements.ts';
import { useMirror } from './use-mirror.ts';
import type { MirrorViewState } from './use-mirror.ts';
import { useMirrorGestures } from './mirror-gestures.ts';
import { MirrorToolbar } from './mirror-toolbar.tsx';
import './mirror.css';

export interface MirrorViewProps {
  serial: string;
  /** Elements to overlay (e.g. the run's latest observation); default: this view observes the device itself. */
  elements?: readonly UiElement[];
  /** Called when an element is picked in select mode (the cockpit's "pick another element"). */
  onSelectElement?: (element: UiElement) => void;
  /** Start in select mode (clicks pick elements instead of tapping). */
  selectMode?: boolean;
  selectedIndex?: number;
  /** The newest screenshot known (e.g. the run's last observation), shown with "Connecting…" until the first frame. */
  placeholder?: { url: string; width: number; height: number } | null;
}

type Size = { width: number; height: number };

/** The device's axes: the picture's orientation decides (a landscape frame of a portrait phone is a rotated phone). */
function deviceSize(m: MirrorViewState, placeholder: Size | null | undefined): Size | undefined {
  const info = m.info;
  if (!info) return placeholder ? { width: placeholder.width, height: placeholder.height } : undefined;
  const rotated = m.frameWidth > 0 && m.frameWidth > m.frameHeight !== info.deviceWidth > info.deviceHeight;
  return rotated
    ? { width: info.deviceHeight, height: info.deviceWidth }
    : { width: info.deviceWidth, height: info.deviceHeight };
}

/** The screen box: the device's aspect, as large as the stage allows. */
function useFittedBox(stageRef: React.RefObject<HTMLDivElement | null>, device: Size | undefined): Size {
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage || !device) return;
    const fit = () => {
      const { width, height } = stage.getBoundingClientRect();
      const scale = Math.min(width / device.width, height / device.height);
      if (scale > 0) setBox({ width: Math.floor(device.width * scale), height: Math.floor(device.height * scale) });
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [stageRef, device]);
  return box;
}

function NavButtons({ send }: { send(input: MirrorInput): void }) {
  return (
    <div className="mirror-nav" role="toolbar" aria-label="Navigation buttons">
      <button type="button" className="btn" onClick={() => send({ type: 'back' })} data-action="back" title="Back">
        ◁ Back
      </button>
      <button type="button" className="btn" onClick={() => send({ type: 'home' })} data-action="home" title="Home">
        ○ Home
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => send({ type: 'recents' })}
        data-action="recents"
        title="Recent apps"
      >
        ▢ Recents
      </button>
    </div>
  );
}

/** A point on the shown screen in device pixels, clamped to the screen; undefined before the size is known. */
function clientToDevice(
  el: HTMLElement | null,
  device: { width: number; height: number } | undefined,
  clientX: number,
  clientY: number,
): { x: number; y: number } | undefined {
  if (!el || !device) return undefined;
  const r = el.getBoundingClientRect();
  const x = ((clientX - r.left) / r.width) * device.width;
  const y = ((clientY - r.top) / r.height) * device.height;
  return {
    x: Math.min(device.width - 1, Math.max(0, Math.round(x))),
    y: Math.min(device.height - 1, Math.max(0, Math.round(y))),
  };
}

/** Shown until the first frame is drawn: the last screenshot, if there is one. */
function MirrorConnecting({ placeholder }: { placeholder: MirrorViewProps['placeholder'] }) {
  return (
    <div className="mirror-connecting" data-testid="mirror-connecting">
      {placeholder ? <img src={placeholder.url} alt="The last screenshot" data-testid="mirror-placeholder" /> : null}
      <span className="mirror-connecting-label">Connecting…</span>
    </div>
  );
}

/** The hovered element's details beside the pointer, flipped away from the screen's edges. */
function HoverTooltip({
  hover,
  box,
}: {
  hover: { el: UiElement; x: number; y: number };
  box: { width: number; height: number };
}) {
  return (
    <div
      className={`mirror-tooltip-anchor ${hover.x > box.width / 2 ? 'flip-x' : ''} ${hover.y > box.height / 2 ? 'flip-y' : ''}`}
      style={{ left: hover.x, top: hover.y }}
    >
      <ElementDetails element={hover.el} />
    </div>
  );
}

export function MirrorView({
  serial,
  elements,
  onSelectElement,
  selectMode: initialSelect = false,
  selectedIndex,
  placeholder,
}: MirrorViewProps) {
  const client = useClient();
  const [pictureHost, setPictureHost] = useState<HTMLDivElement | null>(null);
  const stageRef = useRef<HTMLDivElement | null>(null);
  const screenRef = useRef<HTMLDivElement | null>(null);
  const [attempt, setAttempt] = useState(0);
  const mirror = useMirror(serial, pictureHost, attempt);
  const [showOverlay, setShowOverlay] = useState(true);
  const [selectMode, setSelectMode] = useState(initialSelect);
  const own = useElements(serial, showOverlay && elements === undefined && mirror.status === 'running');
  const shown = elements ?? own.observation?.elements ?? [];
  const [hover, setHover] = useState<{ el: UiElement; x: number; y: number } | undefined>(undefined);
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const input = useBusy();
  const device = useMemo(() => deviceSize(mirror, placeholder), [mirror, placeholder]);
  const box = useFittedBox(stageRef, device);

  const send = useCallback(
    (i: MirrorInput) =>
      void input.run('Sending…', () => client.mirrorInput({ serial, input: i })).then((r) => r && own.refreshSoon()),
    [client, serial, own, input],
  );
  const toDevice = (clientX: number, clientY: number) => clientToDevice(screenRef.current, device, clientX, clientY);
  const gestures = useMirrorGestures({
    toDevice,
    send,
    selectMode,
    onSelectPoint: (x, y) => {
      const el = elementAt(shown, x, y);
      if (!el) return;
      setPicked(el.index);
      onSelectElement?.(el);
    },
    onHover: (clientX, clientY, p) => {
      const el = showOverlay ? elementAt(shown, p.x, p.y) : undefined;
      const r = screenRef.current?.getBoundingClientRect();
      setHover(el && r ? { el, x: clientX - r.left, y: clientY - r.top } : undefined);
    },
  });
  const connecting = !mirror.drawn && mirror.status !== 'failed' && mirror.status !== 'stopped';

  return (
    <div
      className="mirror-view"
      data-mirror-view={serial}
      data-mode={mirror.info?.mode ?? ''}
      data-status={mirror.status}
      data-drawn={mirror.drawn ? 'true' : 'false'}
      data-renderer={mirror.renderer ?? ''}
    >
      <MirrorToolbar
        mirror={mirror}
        showOverlay={showOverlay}
        setShowOverlay={setShowOverlay}
        selectMode={selectMode}
        setSelectMode={setSelectMode}
        onRestart={() => setAttempt((n) => n + 1)}
        refresh={elements === undefined ? { loading: own.loading, run: own.refresh } : null}
      />
      <div className="mirror-stage" ref={stageRef}>
        <div
          className={`mirror-screen ${selectMode ? 'select-mode' : ''}`}
          ref={screenRef}
          style={{ width: box.width, height: box.height }}
          tabIndex={0}
          role="application"
          aria-label={`Screen of ${serial}: click to tap, drag to swipe, type to enter text`}
          data-mirror-screen=""
          {...gestures}
          onPointerLeave={() => setHover(undefined)}
        >
          <div className="mirror-picture-host" ref={setPictureHost} />
          {connecting ? <MirrorConnecting placeholder={placeholder} /> : null}
          {showOverlay && device ? (
            <ElementOverlay
              elements={shown}
              deviceWidth={device.width}
              deviceHeight={device.height}
              scale={box.width / device.width}
              hovered={hover?.el}
              selectedIndex={picked ?? selectedIndex}
            />
          ) : null}
          {showOverlay && hover ? <HoverTooltip hover={hover} box={box} /> : null}
        </div>
      </div>
      <NavButtons send={send} />
      <ErrorNote error={input.error} banner className="mirror-error" />
      {own.error && showOverlay && elements === undefined ? (
        <p className="mirror-note">Elements unavailable: {own.error}</p>
      ) : null}
    </div>
  );
}
