/**
 * Turns the mirror's frames into pixels on a canvas: H.264 through WebCodecs (the WebGL
 * renderer where WebGL works, the bitmap renderer where it does not, e.g. Chromium without a
 * GPU), PNG/JPEG stills through createImageBitmap. Owns its canvas; `dispose()` releases the
 * decoder.
 */
import { ScrcpyVideoCodecId } from '@yume-chan/scrcpy';
import type { ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import { BitmapVideoFrameRenderer, WebCodecsVideoDecoder, WebGLVideoFrameRenderer } from '@yume-chan/scrcpy-decoder-webcodecs';
import type { VideoFrameRenderer } from '@yume-chan/scrcpy-decoder-webcodecs';
import type { MirrorFrame } from '../../../shared/mirror-frames.ts';

export interface FrameSink {
  readonly canvas: HTMLCanvasElement;
  /** 'webgl' | 'bitmap' for video, '2d' for stills. */
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
  /** A frame reached the canvas (after decoding). */
  onDraw?(frameTime: number): void;
  onError(error: Error): void;
}

/**
 * Instrumentation hook: a page that defines `window.__mobaDecodedFrame` is handed every decoded
 * picture just before it is drawn (`npm run bench:mirror` times input-to-photon there). It must
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

function makeCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'mirror-canvas';
  canvas.setAttribute('data-mirror-canvas', '');
  return canvas;
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

/** WebGL on a real GPU; else (no WebGL, or a software one) the bitmap renderer. */
function videoRenderer(): { canvas: HTMLCanvasElement; renderer: VideoFrameRenderer; name: string } {
  const canvas = makeCanvas();
  if (hardwareWebGl()) {
    try {
      return { canvas, renderer: new WebGLVideoFrameRenderer(canvas), name: 'webgl' };
    } catch {
      // WebGLVideoFrameRenderer refuses contexts with a major performance caveat: use the bitmap path.
    }
  }
  // A canvas that was asked for WebGL may not give another context type: use a fresh one.
  const fresh = makeCanvas();
  return { canvas: fresh, renderer: new BitmapVideoFrameRenderer(fresh), name: 'bitmap' };
}

class VideoSink implements FrameSink {
  readonly canvas: HTMLCanvasElement;
  readonly renderer: string;
  private readonly decoder: WebCodecsVideoDecoder;
  private readonly writer: WritableStreamDefaultWriter<ScrcpyMediaStreamPacket>;
  private readonly options: FrameSinkOptions;
  private configured = false;
  private waitingForKeyframe = true;
  private lastFrameTime = 0;
  private drawn = 0;
  private disposed = false;

  constructor(options: FrameSinkOptions) {
    this.options = options;
    const { canvas, renderer, name } = videoRenderer();
    this.canvas = canvas;
    this.renderer = name;
    const draw = renderer.draw.bind(renderer);
    // Count and time every frame that reaches the canvas (the fps badge, latency checks).
    renderer.draw = async (frame: VideoFrame) => {
      probeDecodedFrame(frame);
      await draw(frame);
      this.drawn++;
      options.onDraw?.(this.lastFrameTime);
    };
    this.decoder = new WebCodecsVideoDecoder({ codec: ScrcpyVideoCodecId.H264, renderer });
    this.decoder.sizeChanged(({ width, height }) => options.onSize(width, height));
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
    void this.writer.write({ type: 'data', keyframe: frame.keyframe, pts: frame.pts, data: frame.data }).catch(() => undefined);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.writer.releaseLock();
    this.decoder.dispose();
  }
}

class StillSink implements FrameSink {
  readonly canvas = makeCanvas();
  readonly renderer = '2d';
  private readonly options: FrameSinkOptions;
  private readonly context: CanvasRenderingContext2D;
  private drawn = 0;
  private latest = 0;
  private disposed = false;

  constructor(options: FrameSinkOptions) {
    this.options = options;
    this.context = this.canvas.getContext('2d', { alpha: false }) as CanvasRenderingContext2D;
  }

  get framesDrawn(): number {
    return this.drawn;
  }

  push(frame: MirrorFrame): void {
    if (this.disposed || (frame.kind !== 'png' && frame.kind !== 'jpeg')) return;
    const order = ++this.latest;
    const blob = new Blob([frame.data as Uint8Array<ArrayBuffer>], { type: frame.kind === 'png' ? 'image/png' : 'image/jpeg' });
    void createImageBitmap(blob)
      .then((bitmap) => {
        // A slow decode must not paint over a newer picture.
        if (this.disposed || order !== this.latest) {
          bitmap.close();
          return;
        }
        if (this.canvas.width !== bitmap.width || this.canvas.height !== bitmap.height) {
          this.canvas.width = bitmap.width;
          this.canvas.height = bitmap.height;
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
  if (!WebCodecsVideoDecoder.isSupported) throw new Error('This browser cannot decode H.264 (no WebCodecs); the mirror needs Chromium, Chrome, Edge or Electron.');
  return new VideoSink(options);
}
