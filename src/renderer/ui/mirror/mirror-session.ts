/**
 * One device's mirror in this window, shared by every view of it and kept alive across page
 * switches: the subscription to main's stream (`startMirror`), the decoder and its picture
 * element. A view attaches the picture to its own box; when the last view goes, the session
 * stops decoding and only keeps what draws the current picture at once when a view returns
 * (`PendingFrames`); it stops the stream after `KEEP_MS` without a view.
 */
import type { MobaClient } from '../../../shared/contract.ts';
import type { MirrorInfo, StartMirrorResult } from '../../../shared/contract/mirror.ts';
import { decodeMirrorFrame } from '../../../shared/mirror-frames.ts';
import type { MirrorFrame } from '../../../shared/mirror-frames.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { createFrameSink } from './frame-sink.ts';
import type { FrameSink } from './frame-sink.ts';
import { PendingFrames } from './pending-frames.ts';

/** How long a mirror nobody looks at keeps its stream (a look at History and back costs nothing). */
export const KEEP_MS = 60_000;

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
  /** Whether a picture has been drawn (until then a view shows the last screenshot and "Connecting…"). */
  drawn: boolean;
}

const INITIAL: MirrorViewState = {
  status: 'starting',
  info: undefined,
  error: undefined,
  frameWidth: 0,
  frameHeight: 0,
  fps: 0,
  renderer: undefined,
  drawn: false,
};

export class MirrorSession {
  state: MirrorViewState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private sink: FrameSink | undefined;
  private codec: string | undefined;
  private channel: number | undefined;
  private host: HTMLElement | null = null;
  private readonly pending = new PendingFrames();
  private readonly early = new Map<number, Uint8Array[]>();
  private readonly drawTimes: number[] = [];
  private readonly offs: Array<() => void> = [];
  private fpsTimer: ReturnType<typeof setInterval> | undefined;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  private views = 0;
  private closed = false;
  private readonly client: MobaClient;
  readonly serial: string;
  private readonly onClosed: () => void;

  constructor(client: MobaClient, serial: string, onClosed: () => void) {
    this.client = client;
    this.serial = serial;
    this.onClosed = onClosed;
    this.offs.push(client.onBinary((ch, data) => this.onBinary(ch, data)));
    this.offs.push(client.on('didChangeMirror', (e) => e.serial === serial && this.onMirrorEvent(e)));
    this.fpsTimer = setInterval(() => this.measureFps(), 1000);
    void client
      .startMirror({ serial })
      .then((r) => this.onStarted(r))
      .catch((e: unknown) => this.set({ status: 'failed', error: toMobaError(e).message }));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A view shows the mirror in `host` (null: the view is there but its box is not yet). */
  attach(host: HTMLElement | null): void {
    this.views++;
    clearTimeout(this.stopTimer);
    this.host = host;
    if (host && this.sink) {
      host.replaceChildren(this.sink.element);
      for (const f of this.pending.drain()) this.sink.push(f);
    }
  }

  /** The view is gone: stop decoding; stop the stream when no view comes back in time. */
  detach(host: HTMLElement | null): void {
    this.views = Math.max(0, this.views - 1);
    if (this.host === host) this.host = null;
    if (this.views === 0) this.stopTimer = setTimeout(() => this.close(), KEEP_MS);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.stopTimer);
    clearInterval(this.fpsTimer);
    for (const off of this.offs) off();
    this.sink?.element.remove();
    this.sink?.dispose();
    this.sink = undefined;
    void this.client.stopMirror({ serial: this.serial }).catch(() => undefined);
    this.onClosed();
  }

  private set(patch: Partial<MirrorViewState>): void {
    if (this.closed) return;
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private push(frame: MirrorFrame): void {
    if (this.host && this.sink) this.sink.push(frame);
    else this.pending.push(frame);
  }

  private onBinary(ch: number, data: Uint8Array): void {
    // The host sends the current picture while answering startMirror, so frames can arrive
    // before the answer names their channel: keep them until then.
    if (this.channel === undefined) {
      const list = this.early.get(ch) ?? [];
      if (list.length < 600) list.push(data);
      this.early.set(ch, list);
      return;
    }
    if (ch !== this.channel) return;
    const frame = decodeMirrorFrame(data);
    if (frame) this.push(frame);
  }

  private onStarted(result: StartMirrorResult): void {
    if (this.closed) return;
    this.channel = result.channel;
    const { channel: _channel, ...info } = result;
    this.replaceSink(info);
    for (const data of this.early.get(result.channel) ?? []) {
      const frame = decodeMirrorFrame(data);
      if (frame) this.push(frame);
    }
    this.early.clear();
    this.set({ status: 'running', info, error: undefined });
  }

  private onMirrorEvent(event: { state: string; info?: MirrorInfo | null; error?: string }): void {
    if (event.state === 'running' && event.info) {
      this.replaceSink(event.info);
      this.set({ status: 'running', info: event.info, error: undefined });
    } else if (event.state === 'failed' || event.state === 'stopped')
      this.set({ status: event.state as 'failed' | 'stopped', error: event.error });
  }

  private replaceSink(info: MirrorInfo): void {
    if (this.sink && this.codec === info.codec) return;
    this.sink?.element.remove();
    this.sink?.dispose();
    this.codec = info.codec;
    try {
      this.sink = createFrameSink({
        codec: info.codec,
        onSize: (frameWidth, frameHeight) => this.set({ frameWidth, frameHeight }),
        onDraw: () => {
          this.drawTimes.push(performance.now());
          if (this.drawTimes.length > 240) this.drawTimes.splice(0, this.drawTimes.length - 240);
          if (!this.state.drawn) this.set({ drawn: true });
        },
        onError: (error) => this.set({ status: 'failed', error: error.message }),
      });
      this.host?.replaceChildren(this.sink.element);
      this.set({ renderer: this.sink.renderer });
    } catch (error) {
      this.sink = undefined;
      this.set({ status: 'failed', error: toMobaError(error).message });
    }
  }

  private measureFps(): void {
    const cutoff = performance.now() - 1000;
    const fps = this.host ? this.drawTimes.filter((t) => t >= cutoff).length : 0;
    if (fps !== this.state.fps) this.set({ fps });
  }
}

const sessions = new Map<MobaClient, Map<string, MirrorSession>>();

/** The device's session in this window, started when there is none. */
export function mirrorSession(client: MobaClient, serial: string): MirrorSession {
  let bySerial = sessions.get(client);
  if (!bySerial) sessions.set(client, (bySerial = new Map()));
  let s = bySerial.get(serial);
  if (!s) {
    const created = new MirrorSession(client, serial, () => {
      if (bySerial.get(serial) === created) bySerial.delete(serial);
    });
    bySerial.set(serial, created);
    s = created;
  }
  return s;
}
