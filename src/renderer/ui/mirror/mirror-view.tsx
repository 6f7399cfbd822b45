/**
 * A device's live screen: the decoded stream at the right aspect (following rotation and
 * resizes), the indexed-element overlay (toggle; hover shows details; in select mode a click
 * picks an element), and direct control: click = tap, hold = long press, drag = swipe,
 * wheel = scroll, typing = text and keys, and Back / Home / Recents buttons.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, WheelEvent } from 'react';
import { KEYCODE } from '@moba/base';
import type { MirrorInput } from '../../../shared/contract/mirror.ts';
import { elementAt } from '../../../shared/elements/element-at.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { ElementDetails, ElementOverlay } from './element-overlay.tsx';
import { useElements } from './use-elements.ts';
import { useMirror } from './use-mirror.ts';
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
}

/** The Android key for each key typed on the mirror. */
const KEYS: Record<string, number> = {
  Enter: KEYCODE.ENTER,
  Backspace: KEYCODE.DEL,
  Delete: KEYCODE.FORWARD_DEL,
  Tab: KEYCODE.TAB,
  Escape: KEYCODE.BACK,
  ArrowUp: KEYCODE.DPAD_UP,
  ArrowDown: KEYCODE.DPAD_DOWN,
  ArrowLeft: KEYCODE.DPAD_LEFT,
  ArrowRight: KEYCODE.DPAD_RIGHT,
  Home: KEYCODE.MOVE_HOME,
  End: KEYCODE.MOVE_END,
};

const TAP_SLOP_PX = 6;
const LONG_PRESS_MS = 500;

interface Gesture {
  pointerId: number;
  x: number;
  y: number;
  clientX: number;
  clientY: number;
  at: number;
  moved: boolean;
}

export function MirrorView({
  serial,
  elements,
  onSelectElement,
  selectMode: initialSelect = false,
  selectedIndex,
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
  const [hovered, setHovered] = useState<UiElement | undefined>(undefined);
  const [hoverPos, setHoverPos] = useState<{ x: number; y: number } | undefined>(undefined);
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const [inputError, setInputError] = useState<string | undefined>(undefined);
  const [box, setBox] = useState<{ width: number; height: number }>({ width: 0, height: 0 });
  const gesture = useRef<Gesture | undefined>(undefined);
  const wheel = useRef<{
    dx: number;
    dy: number;
    x: number;
    y: number;
    timer: ReturnType<typeof setTimeout> | undefined;
  }>({ dx: 0, dy: 0, x: 0, y: 0, timer: undefined });

  const info = mirror.info;
  // The picture's orientation decides the device axes: a landscape frame of a portrait phone is a rotated phone.
  const device = useMemo(() => {
    if (!info) return undefined;
    const frameLandscape = mirror.frameWidth > mirror.frameHeight;
    const deviceLandscape = info.deviceWidth > info.deviceHeight;
    const rotated = mirror.frameWidth > 0 && frameLandscape !== deviceLandscape;
    return rotated
      ? { width: info.deviceHeight, height: info.deviceWidth }
      : { width: info.deviceWidth, height: info.deviceHeight };
  }, [info, mirror.frameWidth, mirror.frameHeight]);

  // Fit the screen box into the stage, keeping the picture's aspect.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage || !device) return;
    const fit = () => {
      const { width, height } = stage.getBoundingClientRect();
      const scale = Math.min(width / device.width, height / device.height);
      if (!(scale > 0)) return;
      setBox({ width: Math.floor(device.width * scale), height: Math.floor(device.height * scale) });
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [device]);

  const send = useCallback(
    (input: MirrorInput) => {
      void client
        .mirrorInput({ serial, input })
        .then(() => {
          setInputError(undefined);
          own.refreshSoon();
        })
        .catch((e: unknown) => setInputError(toMobaError(e).message));
    },
    [client, serial, own],
  );

  /** Device pixels of a pointer position (clamped to the screen). */
  const toDevice = (clientX: number, clientY: number): { x: number; y: number } | undefined => {
    const el = screenRef.current;
    if (!el || !device) return undefined;
    const r = el.getBoundingClientRect();
    const x = ((clientX - r.left) / r.width) * device.width;
    const y = ((clientY - r.top) / r.height) * device.height;
    return {
      x: Math.min(device.width - 1, Math.max(0, Math.round(x))),
      y: Math.min(device.height - 1, Math.max(0, Math.round(y))),
    };
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || gesture.current) return;
    const p = toDevice(e.clientX, e.clientY);
    if (!p) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    gesture.current = {
      pointerId: e.pointerId,
      ...p,
      clientX: e.clientX,
      clientY: e.clientY,
      at: performance.now(),
      moved: false,
    };
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (g && g.pointerId === e.pointerId && Math.hypot(e.clientX - g.clientX, e.clientY - g.clientY) > TAP_SLOP_PX)
      g.moved = true;
    const p = toDevice(e.clientX, e.clientY);
    if (!p || !showOverlay) return;
    const el = elementAt(shown, p.x, p.y);
    setHovered(el);
    const r = screenRef.current?.getBoundingClientRect();
    if (r) setHoverPos({ x: e.clientX - r.left, y: e.clientY - r.top });
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    gesture.current = undefined;
    const end = toDevice(e.clientX, e.clientY) ?? { x: g.x, y: g.y };
    const heldMs = performance.now() - g.at;
    if (selectMode && !g.moved) {
      const el = elementAt(shown, g.x, g.y);
      if (el) {
        setPicked(el.index);
        onSelectElement?.(el);
      }
      return;
    }
    if (!g.moved) {
      send(
        heldMs >= LONG_PRESS_MS
          ? { type: 'longPress', x: g.x, y: g.y, durationMs: Math.min(5_000, Math.round(heldMs)) }
          : { type: 'tap', x: g.x, y: g.y },
      );
      return;
    }
    send({
      type: 'swipe',
      x1: g.x,
      y1: g.y,
      x2: end.x,
      y2: end.y,
      durationMs: Math.min(3_000, Math.max(80, Math.round(heldMs))),
    });
  };

  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    const p = toDevice(e.clientX, e.clientY);
    if (!p) return;
    const w = wheel.current;
    // A wheel notch is ~100 px of deltaY; a positive deltaY scrolls down, i.e. a negative scrcpy vscroll.
    w.dx += e.deltaX / 100;
    w.dy -= e.deltaY / 100;
    w.x = p.x;
    w.y = p.y;
    if (w.timer) return;
    w.timer = setTimeout(() => {
      const clamp = (v: number) => Math.max(-16, Math.min(16, v));
      const { dx, dy, x, y } = w;
      w.dx = 0;
      w.dy = 0;
      w.timer = undefined;
      if (dx !== 0 || dy !== 0) send({ type: 'scroll', x, y, dx: clamp(dx), dy: clamp(dy) });
    }, 60);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const code = KEYS[e.key];
    if (code !== undefined) {
      e.preventDefault();
      send({ type: 'key', keycode: code });
    } else if (e.key.length === 1) {
      e.preventDefault();
      send({ type: 'text', text: e.key });
    }
  };

  const badge =
    mirror.status === 'failed'
      ? { cls: 'badge-bad', text: `mirror failed — ${mirror.error ?? 'unknown error'}` }
      : mirror.status === 'stopped'
        ? { cls: 'badge-idle', text: 'mirror stopped' }
        : !info
          ? { cls: 'badge-idle', text: 'starting…' }
          : info.mode === 'scrcpy'
            ? { cls: 'badge-ok', text: `scrcpy · ${mirror.fps} fps` }
            : { cls: 'badge-warn', text: `screenshots — ${info.reason ?? 'scrcpy unavailable'}` };

  return (
    <div
      className="mirror-view"
      data-mirror-view={serial}
      data-mode={info?.mode ?? ''}
      data-status={mirror.status}
      data-renderer={mirror.renderer ?? ''}
    >
      <div className="mirror-toolbar">
        <span className={`mirror-badge ${badge.cls}`} data-testid="mirror-mode" title={badge.text}>
          {badge.text}
        </span>
        <label className="mirror-toggle">
          <input
            type="checkbox"
            checked={showOverlay}
            onChange={(e) => setShowOverlay(e.target.checked)}
            data-action="toggle-overlay"
          />{' '}
          Elements
        </label>
        <label className="mirror-toggle" title="Clicks pick an element instead of tapping">
          <input
            type="checkbox"
            checked={selectMode}
            onChange={(e) => setSelectMode(e.target.checked)}
            data-action="toggle-select"
          />{' '}
          Select
        </label>
        {mirror.status === 'failed' || mirror.status === 'stopped' ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setAttempt((n) => n + 1)}
            data-action="restart-mirror"
          >
            Restart
          </button>
        ) : null}
        {elements === undefined ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={own.refresh}
            disabled={own.loading || mirror.status !== 'running'}
            data-action="refresh-elements"
          >
            {own.loading ? 'Observing…' : 'Refresh'}
          </button>
        ) : null}
      </div>
      <div className="mirror-stage" ref={stageRef}>
        <div
          className={`mirror-screen ${selectMode ? 'select-mode' : ''}`}
          ref={screenRef}
          style={{ width: box.width, height: box.height }}
          tabIndex={0}
          role="application"
          aria-label={`Screen of ${serial}: click to tap, drag to swipe, type to enter text`}
          data-mirror-screen=""
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (gesture.current = undefined)}
          onPointerLeave={() => setHovered(undefined)}
          onWheel={onWheel}
          onKeyDown={onKeyDown}
        >
          <div className="mirror-picture-host" ref={setPictureHost} />
          {showOverlay && device ? (
            <ElementOverlay
              elements={shown}
              deviceWidth={device.width}
              deviceHeight={device.height}
              hovered={hovered}
              selectedIndex={picked ?? selectedIndex}
            />
          ) : null}
          {showOverlay && hovered && hoverPos ? (
            <div
              className={`mirror-tooltip-anchor ${hoverPos.x > box.width / 2 ? 'flip-x' : ''} ${hoverPos.y > box.height / 2 ? 'flip-y' : ''}`}
              style={{ left: hoverPos.x, top: hoverPos.y }}
            >
              <ElementDetails element={hovered} />
            </div>
          ) : null}
        </div>
      </div>
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
      {inputError ? (
        <div className="banner banner-error mirror-error" role="alert">
          {inputError}
        </div>
      ) : null}
      {own.error && showOverlay && elements === undefined ? (
        <p className="mirror-note">Elements unavailable: {own.error}</p>
      ) : null}
    </div>
  );
}
