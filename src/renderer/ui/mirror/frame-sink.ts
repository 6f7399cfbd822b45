/**
 * Turns the mirror's frames into pixels on the page: H.264 through WebCodecs, shown by a
 * <video> fed through an insertable stream where the browser has one (Chromium, Electron: the
 * compositor scales and converts the decoded picture itself; without a GPU that takes about
 * 0.6× the CPU of drawing it on a canvas), else on a canvas by the WebGL renderer on a real GPU
 * or the bitmap renderer; PNG/JPEG stills through createImageBitmap on a 2D canvas. Owns its
 * element; `dispose()` releases the decoder.
 */
import { ScrcpyVideoCodecId } from '@yume-chan/scrcpy';
import type { ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import {
  BitmapVideoFrameRenderer,
  InsertableStreamVideoFrameRenderer,
  WebCodecsVideoDecoder,
  WebGLVideoFrameRenderer,
} from '@yume-chan/scrcpy-decoder-webcodecs';
import type { VideoFrameRenderer } from '@yume-chan/scrcpy-decoder-webcodecs';
import type { MirrorFrame } from '../../../shared/mirror-frames.ts';

export interface FrameSink {
  /** What shows the picture: a <video> or a <canvas>, marked `data-mirror-picture`. */
  readonly element: HTMLVideoElement | HTMLCanvasElement;
  /** 'video' | 'webgl' | 'bitmap' for H.264, '2d' for stills. */
  readonly renderer: string;
  push(frame: MirrorFrame): void;
  /** Frames drawn so far. */
  readonly framesDrawn: number;
  dispose(): void;
}

export interface FrameSinkOptions {
  codec: 'h264' | 'png' | 'jpeg';
  /** The picture's size changed (first frame, rotation, resize on the phone). */
  onSize(width: number, height: number): void;
  /** A frame reached the screen (after decoding). */
  onDraw?(frameTime: number): void;
  onError(error: Error): void;
}

/**
 * Instrumentation hook: a page that defines `window.__mobaDecodedFrame` is handed every decoded
 * picture just before it is drawn (`npm run perf:mirror` times input-to-photon there). It must
 * not keep or close the frame.
 */
type DecodedFrameProbe = (frame: VideoFrame | ImageBitmap) => void;

function probeDecodedFrame(frame: VideoFrame | ImageBitmap): void {
  const probe = (globalThis as { __mobaDecodedFrame?: DecodedFrameProbe }).__mobaDecodedFrame;
  if (!probe) return;
  try {
    probe(frame);
  } catch {
    // Instrumentation never breaks the mirror.
  }
}

function makePicture<K extends 'canvas' | 'video'>(tag: K): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = 'mirror-picture';
  element.setAttribute('data-mirror-picture', '');
  // The phone's screen, not a media file: no "Save video as…" or "Show controls" menu on it.
  element.addEventListener('contextmenu', (event) => event.preventDefault());
  return element;
}

/**
 * True when WebGL would run on a real GPU. A software rasteriser (SwiftShader, llvmpipe — what
 * Chromium uses without a GPU) uploads each frame far slower than the bitmap path.
 */
function hardwareWebGl(): boolean {
  try {
    const probe = document.createElement('canvas');
    const gl = (probe.getContext('webgl2') ?? probe.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !/swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
  } catch {
    return false;
  }
}

/** A <video> fed by an insertable stream where there is one; else WebGL on a real GPU; else the bitmap renderer. */
function videoRenderer(): {
  element: HTMLVideoElement | HTMLCanvasElement;
  renderer: VideoFrameRenderer;
  name: string;
} {
  if (InsertableStreamVideoFrameRenderer.isSupported) {
    const video = makePicture('video');
    return { element: video, renderer: new InsertableStreamVideoFrameRenderer(video), name: 'video' };
  }
  if (hardwareWebGl()) {
    const canvas = makePicture('canvas');
    try {
      return { element: canvas, renderer: new WebGLVideoFrameRenderer(canvas), name: 'webgl' };
    } catch {
      // WebGLVideoFrameRenderer refuses contexts with a major performance caveat: use the bitmap path.
    }
  }
  // A canvas that was asked for WebGL may not give another context type: use a fresh one.
  const canvas = makePicture('canvas');
  return { element: canvas, renderer: new BitmapVideoFrameRenderer(canvas), name: 'bitmap' };
}

class VideoSink implements FrameSink {
  readonly element: HTMLVideoElement | HTMLCanvasElement;
  readonly renderer: string;
  private readonly decoder: WebCodecsVideoDecoder;
  private readonly writer: WritableStreamDefaultWriter<ScrcpyMediaStreamPacket>;
  private readonly options: FrameSinkOptions;
  private configured = false;
  private waitingForKeyframe = true;
  private lastFrameTime = 0;
  private drawn = 0;
  private width = 0;
  private height = 0;
  private disposed = false;

  constructor(options: FrameSinkOptions) {
    this.options = options;
    const { element, renderer, name } = videoRenderer();
    this.element = element;
    this.renderer = name;
    const draw = renderer.draw.bind(renderer);
    // Count and time every frame that reaches the screen (the fps badge): a canvas has it once
    // drawn; a <video> once its compositor presents it (a frame handed over may be skipped).
    const video =
      element instanceof HTMLVideoElement && typeof element.requestVideoFrameCallback === 'function'
        ? element
        : undefined;
    renderer.draw = async (frame: VideoFrame) => {
      probeDecodedFrame(frame);
      await draw(frame);
      if (!video) this.countDrawn();
    };
    if (video) {
      let presented = 0;
      const onPresented = (_now: number, metadata: VideoFrameCallbackMetadata) => {
        if (this.disposed) return;
        for (; presented < metadata.presentedFrames; presented++) this.countDrawn();
        video.requestVideoFrameCallback(onPresented);
      };
      video.requestVideoFrameCallback(onPresented);
    }
    this.decoder = new WebCodecsVideoDecoder({ codec: ScrcpyVideoCodecId.H264, renderer });
    // The decoder reports the size with every frame drawn; the view hears of changes only.
    this.decoder.sizeChanged(({ width, height }) => {
      if (width === this.width && height === this.height) return;
      this.width = width;
      this.height = height;
      options.onSize(width, height);
    });
    this.writer = (this.decoder.writable as unknown as WritableStream<ScrcpyMediaStreamPacket>).getWriter();
    this.writer.closed.catch((error: unknown) => {
      if (!this.disposed) options.onError(error instanceof Error ? error : new Error(String(error)));
    });
  }

  get framesDrawn(): number {
    return this.drawn;
  }

  push(frame: MirrorFrame): void {
    if (this.disposed) return;
    if (frame.kind === 'configuration') {
      this.configured = true;
      this.waitingForKeyframe = true;
      void this.writer.write({ type: 'configuration', data: frame.data }).catch(() => undefined);
      return;
    }
    if (frame.kind !== 'data' || !this.configured) return;
    // The decoder must start at a keyframe after every configuration.
    if (this.waitingForKeyframe && !frame.keyframe) return;
    this.waitingForKeyframe = false;
    this.lastFrameTime = frame.frameTime;
    void this.writer
      .write({ type: 'data', keyframe: frame.keyframe, pts: frame.pts, data: frame.data })
      .catch(() => undefined);
  }

  private countDrawn(): void {
    this.drawn++;
    this.options.onDraw?.(this.lastFrameTime);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.writer.releaseLock();
    this.decoder.dispose();
  }
}

class StillSink implements FrameSink {
  readonly element = makePicture('canvas');
  readonly renderer = '2d';
  private readonly options: FrameSinkOptions;
  private readonly context: CanvasRenderingContext2D;
  private drawn = 0;
  private latest = 0;
  private disposed = false;

  constructor(options: FrameSinkOptions) {
    this.options = options;
    this.context = this.element.getContext('2d', { alpha: false }) as CanvasRenderingContext2D;
  }

  get framesDrawn(): number {
    return this.drawn;
  }

  push(frame: MirrorFrame): void {
    if (this.disposed || (frame.kind !== 'png' && frame.kind !== 'jpeg')) return;
    const order = ++this.latest;
    const blob = new Blob([frame.data as Uint8Array<ArrayBuffer>], {
      type: frame.kind === 'png' ? 'image/png' : 'image/jpeg',
    });
    void createImageBitmap(blob)
      .then((bitmap) => {
        // A slow decode must not paint over a newer picture.
        if (this.disposed || order !== this.latest) {
          bitmap.close();
          return;
        }
        if (this.element.width !== bitmap.width || this.element.height !== bitmap.height) {
          this.element.width = bitmap.width;
          this.element.height = bitmap.height;
          this.options.onSize(bitmap.width, bitmap.height);
        }
        probeDecodedFrame(bitmap);
        this.context.drawImage(bitmap, 0, 0);
        bitmap.close();
        this.drawn++;
        this.options.onDraw?.(frame.frameTime);
      })
      .catch((error: unknown) => this.options.onError(error instanceof Error ? error : new Error(String(error))));
  }

  dispose(): void {
    this.disposed = true;
  }
}

/**
 * @throws Error when the browser has no WebCodecs (H.264 needs it)
 */
export function createFrameSink(options: FrameSinkOptions): FrameSink {
  if (options.codec !== 'h264') return new StillSink(options);
  if (!WebCodecsVideoDecoder.isSupported)
    throw new Error(
      'This browser cannot decode H.264 (no WebCodecs); the mirror needs Chromium, Chrome, Edge or Electron.',
    );
  return new VideoSink(options);
}
