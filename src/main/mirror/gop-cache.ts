/**
 * The stream since its last keyframe: what a viewer joining mid-stream needs to show the
 * current picture at once (configuration, keyframe, the frames after it), and what
 * `captureFrame` decodes to get the newest picture in main.
 */
import { encodeMirrorFrame } from '../../shared/mirror-frames.ts';

export interface CachedPacket {
  keyframe: boolean;
  /** Annex-B access unit. */
  data: Uint8Array;
  frameTime: number;
  /** The packet as sent to viewers (see mirror-frames.ts). */
  encoded: Uint8Array;
}

/** A GOP longer than this is not kept whole (a phone may send keyframes only every 10 s). */
export const MAX_GOP_PACKETS = 600;

export class GopCache {
  private configData: Uint8Array | undefined;
  private configEncoded: Uint8Array | undefined;
  private packets: CachedPacket[] = [];
  private overflowed = false;

  setConfiguration(data: Uint8Array, frameTime: number): Uint8Array {
    this.configData = data;
    this.configEncoded = encodeMirrorFrame({ kind: 'configuration', keyframe: false, frameTime, pts: 0n, data });
    // A new configuration invalidates what came before (new size or encoder).
    this.packets = [];
    this.overflowed = false;
    return this.configEncoded;
  }

  /** Adds an access unit; returns the encoded message for viewers. */
  add(data: Uint8Array, keyframe: boolean, pts: bigint, frameTime: number): Uint8Array {
    const encoded = encodeMirrorFrame({ kind: 'data', keyframe, frameTime, pts, data });
    if (keyframe) {
      this.packets = [];
      this.overflowed = false;
    }
    if (this.packets.length === 0 && !keyframe) {
      // Frames before the first keyframe cannot be decoded by anyone joining later.
      return encoded;
    }
    if (this.packets.length >= MAX_GOP_PACKETS) {
      this.overflowed = true;
      this.packets = [];
      return encoded;
    }
    if (!this.overflowed) this.packets.push({ keyframe, data, frameTime, encoded });
    return encoded;
  }

  /** Configuration + keyframe + following frames, encoded for a new viewer; empty when not decodable yet. */
  replay(): Uint8Array[] {
    if (!this.configEncoded || this.packets.length === 0) return [];
    return [this.configEncoded, ...this.packets.map((p) => p.encoded)];
  }

  /** Annex-B bytes from the configuration through the newest frame, and that frame's time. */
  decodable(): { annexB: Uint8Array; frames: number; frameTime: number } | undefined {
    if (!this.configData || this.packets.length === 0) return undefined;
    const last = this.packets[this.packets.length - 1] as CachedPacket;
    return {
      annexB: Buffer.concat([this.configData, ...this.packets.map((p) => p.data)]),
      frames: this.packets.length,
      frameTime: last.frameTime,
    };
  }

  get length(): number {
    return this.packets.length;
  }

  /** True when the current GOP grew past the cap (a keyframe is needed to decode again). */
  get needsKeyframe(): boolean {
    return this.overflowed || this.packets.length === 0;
  }

  clear(): void {
    this.configData = undefined;
    this.configEncoded = undefined;
    this.packets = [];
    this.overflowed = false;
  }
}
