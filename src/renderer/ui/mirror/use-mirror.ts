/**
 * Subscribes the window to one device's mirror while mounted: starts (or joins) it, routes the
 * frames of its binary channel into a frame sink, follows mode switches (scrcpy → screenshots)
 * and leaves on unmount.
 */
import { useEffect, useRef, useState } from 'react';
import type { MirrorInfo, StartMirrorResult } from '../../../shared/contract/mirror.ts';
import { decodeMirrorFrame } from '../../../shared/mirror-frames.ts';
import { useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { createFrameSink } from './frame-sink.ts';
import type { FrameSink } from './frame-sink.ts';

export interface MirrorViewState {
  status: 'starting' | 'running' | 'stopped' | 'failed';
  info: MirrorInfo | undefined;
  error: string | undefined;
  /** The decoded picture's size (follows rotation); 0 until the first frame. */
  frameWidth: number;
  frameHeight: number;
  /** Frames drawn in the last second, measured here. */
  fps: number;
  renderer: string | undefined;
}

const INITIAL: MirrorViewState = {
  status: 'starting',
  info: undefined,
  error: undefined,
  frameWidth: 0,
  frameHeight: 0,
  fps: 0,
  renderer: undefined,
};

/** Attaches the sink's canvas into `host` and keeps it there until the sink changes. */
/** `attempt` restarts the subscription when it changes (the Restart button). */
export function useMirror(serial: string, host: HTMLElement | null, attempt = 0): MirrorViewState {
  const client = useClient();
  const [state, setState] = useState<MirrorViewState>(INITIAL);
  const sinkRef = useRef<FrameSink | undefined>(undefined);

  useEffect(() => {
    if (!host) return;
    let disposed = false;
    let channel: number | undefined;
    let codec: string | undefined;
    const drawTimes: number[] = [];

    const replaceSink = (info: MirrorInfo) => {
      if (sinkRef.current && codec === info.codec) return;
      sinkRef.current?.element.remove();
      sinkRef.current?.dispose();
      codec = info.codec;
      try {
        const sink = createFrameSink({
          codec: info.codec,
          onSize: (frameWidth, frameHeight) => !disposed && setState((s) => ({ ...s, frameWidth, frameHeight })),
          onDraw: () => {
            drawTimes.push(performance.now());
            if (drawTimes.length > 240) drawTimes.splice(0, drawTimes.length - 240);
          },
          onError: (error) => !disposed && setState((s) => ({ ...s, status: 'failed', error: error.message })),
        });
        sinkRef.current = sink;
        host.replaceChildren(sink.element);
        setState((s) => ({ ...s, renderer: sink.renderer }));
      } catch (error) {
        sinkRef.current = undefined;
        setState((s) => ({ ...s, status: 'failed', error: toMobaError(error).message }));
      }
    };

    // The host sends the current picture while answering startMirror, so frames can arrive
    // before the answer names their channel: keep them until then.
    const early = new Map<number, Uint8Array[]>();
    const offBinary = client.onBinary((ch, data) => {
      if (channel === undefined) {
        const list = early.get(ch) ?? [];
        if (list.length < 600) list.push(data);
        early.set(ch, list);
        return;
      }
      if (ch !== channel) return;
      const frame = decodeMirrorFrame(data);
      if (frame) sinkRef.current?.push(frame);
    });
    const offState = client.on('didChangeMirror', (event) => {
      if (event.serial !== serial || disposed) return;
      if (event.state === 'running' && event.info) {
        replaceSink(event.info);
        setState((s) => ({ ...s, status: 'running', info: event.info ?? s.info, error: undefined }));
      } else if (event.state === 'failed' || event.state === 'stopped') {
        setState((s) => ({ ...s, status: event.state as 'failed' | 'stopped', error: event.error }));
      }
    });
    const fpsTimer = setInterval(() => {
      const cutoff = performance.now() - 1000;
      const fps = drawTimes.filter((t) => t >= cutoff).length;
      setState((s) => (s.fps === fps ? s : { ...s, fps }));
    }, 1000);

    setState(INITIAL);
    void client
      .startMirror({ serial })
      .then((result: StartMirrorResult) => {
        if (disposed) return;
        channel = result.channel;
        replaceSink(result);
        for (const data of early.get(result.channel) ?? []) {
          const frame = decodeMirrorFrame(data);
          if (frame) sinkRef.current?.push(frame);
        }
        early.clear();
        const { channel: _channel, ...info } = result;
        setState((s) => ({ ...s, status: 'running', info, error: undefined }));
      })
      .catch(
        (error: unknown) =>
          !disposed && setState((s) => ({ ...s, status: 'failed', error: toMobaError(error).message })),
      );

    return () => {
      disposed = true;
      offBinary();
      offState();
      clearInterval(fpsTimer);
      sinkRef.current?.element.remove();
      sinkRef.current?.dispose();
      sinkRef.current = undefined;
      void client.stopMirror({ serial }).catch(() => undefined);
    };
  }, [client, serial, host, attempt]);

  return state;
}
