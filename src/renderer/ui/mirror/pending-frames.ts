/**
 * What a mirror kept while no view showed it: enough to draw the current picture the moment a
 * view comes back — the stream's configuration and the frames since the newest keyframe (a
 * decoder starts only at a keyframe), or the newest still — without decoding anything meanwhile.
 */
import type { MirrorFrame } from '../../../shared/mirror-frames.ts';

/** More frames than this since the last keyframe: drop them and wait for the next keyframe. */
const MAX_FRAMES = 240;

export class PendingFrames {
  private configuration: MirrorFrame | undefined;
  private gop: MirrorFrame[] = [];
  private still: MirrorFrame | undefined;

  push(frame: MirrorFrame): void {
    switch (frame.kind) {
      case 'configuration':
        // A new configuration (a resize, a restart) makes the frames before it undecodable.
        this.configuration = frame;
        this.gop = [];
        return;
      case 'data':
        if (frame.keyframe) this.gop = [frame];
        else if (this.gop.length && this.gop.length < MAX_FRAMES) this.gop.push(frame);
        else if (this.gop.length) this.gop = []; // too long: wait for the next keyframe
        return;
      default:
        this.still = frame;
    }
  }

  /** The frames to decode for the current picture, in order; empties the buffer. */
  drain(): MirrorFrame[] {
    const out =
      this.gop.length && this.configuration
        ? [this.configuration, ...this.gop]
        : this.still
          ? [this.still]
          : this.configuration
            ? [this.configuration]
            : [];
    this.gop = [];
    this.still = undefined;
    return out;
  }
}
