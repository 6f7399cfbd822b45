/**
 * One observation of a device: screenshot and UI dump taken in parallel (as close in time as
 * the device allows), the foreground app and keyboard state, MobA's element processing on the
 * real screen size, the set-of-marks image, all stored as artifacts. A failed or unusable dump
 * (`could not get idle state`, `null root node`, empty or cut XML) or a black (secure) screen
 * is reported in `problems`; the elements then come from OCR of the screenshot when possible.
 */
import { ScreenshotSources } from './screenshot-source.ts';
import type { Observation, UiElement, DumpProblem } from '../../shared/schemas/perception.ts';
import type { ArtifactRef } from '../../shared/schemas/common.ts';
import { MobaError, isCancelled, isDeviceGone, serializeError } from '../../shared/errors.ts';
import {
  decodeImage,
  drawSetOfMarks,
  encodeForModel,
  MODEL_IMAGE,
  modelImageOptions,
} from '../perception/set-of-marks.ts';
import type { MarkedImage, ModelImage, ModelImageOptions, RawImage } from '../perception/set-of-marks.ts';
import { processViewHierarchy } from '../perception/view-hierarchy.ts';
import type { OcrEngine } from '../perception/ocr.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { Disposable } from '@moba/base';
import type { AndroidDevice, CallOptions } from './android-device.ts';
import type { DeviceService } from './device-service.ts';
import { isBlackScreenshot, pngSize } from './png-info.ts';
import type { StreamQuiet } from './settle.ts';

/**
 * Supplies the screenshot instead of `screencap`, e.g. the live mirror's latest decoded frame
 * (PNG-encoded). Null means "no frame now": the observer falls back to `screencap`.
 */
export type ScreenshotProvider = (options: {
  signal?: AbortSignal | undefined;
}) => Promise<{ png: Uint8Array; frameTime: number } | null>;

export interface ObserverOptions {
  devices: DeviceService;
  /** Where screenshots, dumps and marked images go; null keeps them in memory only. */
  artifacts: ArtifactStore | null;
  /** Creates the OCR engine on first need (it starts a worker); default: no OCR. */
  createOcr?: () => OcrEngine;
  /** Which way screenshots come while a mirror runs, measured per device; default a fresh `ScreenshotSources`. */
  screenshotSources?: ScreenshotSources;
}

export interface ObserveOptions extends CallOptions {
  /** Read the screenshot with OCR when the dump is unusable. Default true. */
  ocr?: boolean;
  /**
   * Take the screenshot (and paint the set-of-marks image). Default true; false observes from
   * the UI dump alone — for callers that read only the elements (the benchmark's pseudo-agents,
   * a task's set-up steps), which then cost neither a screen capture nor an image encode.
   */
  screenshot?: boolean;
}

/** The observation plus the bytes behind its artifacts (for the CLI's files and the agent's prompts). */
export interface ObserveResult {
  observation: Observation;
  screenshot: Uint8Array | null;
  xml: Uint8Array | null;
  marked: Uint8Array | null;
}

type Settled<T> = { ok: true; value: T; ms: number } | { ok: false; error: unknown; ms: number };

async function timed<T>(work: () => Promise<T>): Promise<Settled<T>> {
  const t0 = performance.now();
  try {
    const value = await work();
    return { ok: true, value, ms: performance.now() - t0 };
  } catch (error) {
    return { ok: false, error, ms: performance.now() - t0 };
  }
}

function rethrowDeviceGone(error: unknown): void {
  if (isDeviceGone(error) || isCancelled(error)) throw error;
}

const MAX_DECODED_IMAGES = 4;

/** The marked image and the decoded pixels behind it, with their encodes for a model under way. */
interface Painted {
  marked: MarkedImage | null;
  pixels?: RawImage;
  screenshotForModel?: Promise<ModelImage | null>;
  markedForModel?: Promise<ModelImage | null>;
}

export class Observer {
  private readonly options: ObserverOptions;
  private readonly providers = new Map<string, ScreenshotProvider>();
  private readonly streams = new Map<string, StreamQuiet>();
  private readonly last = new Map<string, Observation>();
  private readonly physical = new Map<string, { width: number; height: number } | null>();
  private ocr: OcrEngine | undefined;
  /**
   * The latest stored screenshots and marked images, by artifact hash, decoded and already
   * being encoded for a model (MODEL_IMAGE) while the observation is still stored: prompts
   * then need neither a PNG decode (most of the cost) nor the wait for the encode. Two
   * observations' worth (about 8 MB each at 1080×2400).
   */
  private readonly recent = new Map<string, { pixels: RawImage; model: Promise<ModelImage | null> }>();

  /** Which way each device's screenshots come while a mirror runs (measured). */
  private readonly sources: ScreenshotSources;

  constructor(options: ObserverOptions) {
    this.options = options;
    this.sources = options.screenshotSources ?? new ScreenshotSources();
  }

  /**
   * Lets a live stream supply this device's screenshots (source 'mirror') until disposed, when
   * it is the faster way on the device (see `screenshot-source.ts`). The newest registration wins.
   */
  setScreenshotProvider(serial: string, provider: ScreenshotProvider, sinceLastFrame?: StreamQuiet): Disposable {
    this.providers.set(serial, provider);
    if (sinceLastFrame) this.streams.set(serial, sinceLastFrame);
    else this.streams.delete(serial);
    return {
      dispose: () => {
        if (this.providers.get(serial) !== provider) return;
        this.providers.delete(serial);
        this.streams.delete(serial);
      },
    };
  }

  /** Time since the last frame of the stream that supplies this device's screenshots, for settling (`settle.ts`). */
  streamQuiet(serial: string): StreamQuiet | undefined {
    return this.streams.get(serial);
  }

  /**
   * A recent observation's screenshot or marked image encoded for a model, without decoding
   * its PNG again; undefined when it is no longer kept (read the artifact instead).
   */
  modelImage(sha256: string, options: ModelImageOptions = MODEL_IMAGE): Promise<ModelImage> | undefined {
    const kept = this.recent.get(sha256);
    if (!kept) return undefined;
    const wanted = modelImageOptions(options);
    const same =
      wanted.maxSide === MODEL_IMAGE.maxSide &&
      wanted.format === MODEL_IMAGE.format &&
      wanted.quality === MODEL_IMAGE.quality;
    return (same ? kept.model : Promise.resolve(null)).then((done) => done ?? encodeForModel(kept.pixels, options));
  }

  /** Starts encoding pixels for a model at once, on the thread pool, while the caller goes on. */
  private static startModelImage(pixels: RawImage | undefined): Promise<ModelImage | null> | undefined {
    return pixels ? encodeForModel(pixels, MODEL_IMAGE).catch(() => null) : undefined;
  }

  private keep(
    ref: ArtifactRef | null,
    pixels: RawImage | undefined,
    model: Promise<ModelImage | null> | undefined,
  ): void {
    if (!ref || !pixels || !model) return;
    this.recent.delete(ref.sha256);
    this.recent.set(ref.sha256, { pixels, model });
    while (this.recent.size > MAX_DECODED_IMAGES) this.recent.delete(this.recent.keys().next().value!);
  }

  /** The last observation made of this device in this process. */
  lastObservation(serial: string): Observation | undefined {
    return this.last.get(serial);
  }

  /**
   * Observes the device once.
   *
   * @throws MobaError DEVICE_NOT_FOUND / DEVICE_OFFLINE / DEVICE_UNAUTHORIZED / ADB_UNAVAILABLE
   *   when the device cannot be reached, SCREENSHOT_FAILED when neither a screenshot nor a dump
   *   could be taken, CANCELLED
   */
  async observe(serial: string, options: ObserveOptions = {}): Promise<ObserveResult> {
    const t0 = performance.now();
    const timings: Record<string, number> = {};
    const device = await this.options.devices.onlineDevice(serial, options);
    const capturedAt = Date.now();
    const { shot, app, keyboard, png, xml, physical, problems } = await this.capture(device, options, timings);
    const screen = screenOf(device.serial, png, physical, xml);
    const { elements, elementsFrom } = await this.findElements({ xml, png, screen, options, problems, timings });
    const painted = await this.paint(png, elements, screen, problems, timings);

    const tStore = performance.now();
    const { screenshotRef, markedRef, xmlRef } = this.store(png, xml, painted);
    const observation: Observation = {
      serial,
      capturedAt,
      source: shot.ok && shot.value?.frameTime !== undefined ? 'mirror' : 'screencap',
      screen,
      screenshot: screenshotRef,
      marked: markedRef,
      xml: xmlRef,
      elements,
      elementsFrom,
      currentApp: app.ok ? app.value : null,
      keyboardShown: keyboard.ok ? keyboard.value : false,
      problems,
      timings,
    };
    if (shot.ok && shot.value?.frameTime !== undefined) observation.frameTime = shot.value.frameTime;
    timings.artifacts = performance.now() - tStore;
    timings.total = performance.now() - t0;
    this.last.set(serial, observation);
    return { observation, screenshot: png, xml, marked: painted.marked?.data ?? null };
  }

  /**
   * Screenshot, dump, foreground app, keyboard and physical size in parallel. A device that is
   * gone ends the observation; a failed screenshot or dump is a problem unless both failed.
   */
  private async capture(device: AndroidDevice, options: ObserveOptions, timings: Record<string, number>) {
    const t0 = performance.now();
    const call = { signal: options.signal };
    const [shot, dump, app, keyboard, physical] = await Promise.all([
      timed(() => (options.screenshot === false ? Promise.resolve(null) : this.screenshot(device, options))),
      timed(() => device.dumpUi(call)),
      timed(() => device.foregroundApp(call)),
      timed(() => device.keyboardShown(call)),
      timed(() => this.physicalSize(device, call)),
    ]);
    timings.capture = performance.now() - t0;
    timings.screenshot = shot.ms;
    timings.dump = dump.ms;
    timings.app = app.ms;
    timings.keyboard = keyboard.ms;
    for (const r of [shot, dump, app, keyboard, physical]) if (!r.ok) rethrowDeviceGone(r.error);

    const problems: DumpProblem[] = [];
    const png = shot.ok ? (shot.value?.png ?? null) : null;
    if (!shot.ok) problems.push({ code: 'SCREENSHOT_FAILED', message: serializeError(shot.error).message });
    const xml = dump.ok ? dump.value.xml : null;
    if (!dump.ok) problems.push({ code: 'DUMP_FAILED', message: serializeError(dump.error).message });
    else if (!xml) problems.push({ code: 'DUMP_FAILED', message: `uiautomator: ${dump.value.message}` });
    if (!png && !xml)
      throw new MobaError(
        'SCREENSHOT_FAILED',
        `${device.serial}: neither a screenshot nor a UI dump could be taken (${problems.map((p) => p.message).join('; ')}).`,
      );
    return { shot, app, keyboard, png, xml, physical: physical.ok ? physical.value : null, problems };
  }

  /** MobA's elements from the dump; from OCR of the screenshot when the dump gave none (and the screen is not black). */
  private async findElements(o: {
    xml: Uint8Array | null;
    png: Uint8Array | null;
    screen: Observation['screen'];
    options: ObserveOptions;
    problems: DumpProblem[];
    timings: Record<string, number>;
  }): Promise<{ elements: UiElement[]; elementsFrom: Observation['elementsFrom'] }> {
    const { png, problems, timings } = o;
    let elements: UiElement[] = [];
    let elementsFrom: Observation['elementsFrom'] = 'none';
    const tProcess = performance.now();
    if (o.xml) {
      try {
        elements = processViewHierarchy(o.xml, { screen: o.screen }).elements;
        elementsFrom = 'xml';
      } catch (error) {
        const e = serializeError(error);
        problems.push({ code: e.code === 'DUMP_INVALID' ? 'DUMP_INVALID' : 'DUMP_FAILED', message: e.message });
      }
    }
    timings.process = performance.now() - tProcess;

    const black = png ? await isBlackScreenshot(png) : false;
    if (black)
      problems.push({
        code: 'SCREENSHOT_FAILED',
        message:
          'The screenshot is black: a secure window (FLAG_SECURE, e.g. a password or banking screen) or the screen is off.',
      });
    if (elementsFrom !== 'xml' && png && !black && o.options.ocr !== false && this.options.createOcr) {
      const tOcr = performance.now();
      try {
        this.ocr ??= this.options.createOcr();
        elements = await this.ocr.recognize(png, { signal: o.options.signal });
        elementsFrom = 'ocr';
      } catch (error) {
        rethrowDeviceGone(error);
        problems.push({ code: 'OCR_FAILED', message: serializeError(error).message });
      }
      timings.ocr = performance.now() - tOcr;
    }
    return { elements, elementsFrom };
  }

  /** The set-of-marks image; when artifacts are stored, both images start encoding for a model at once. */
  private async paint(
    png: Uint8Array | null,
    elements: UiElement[],
    screen: Observation['screen'],
    problems: DumpProblem[],
    timings: Record<string, number>,
  ): Promise<Painted> {
    const tMarks = performance.now();
    const painted: Painted = { marked: null };
    if (png) {
      try {
        painted.pixels = await decodeImage(png);
        // Only worth it when the images are stored for prompts to find.
        if (this.options.artifacts) painted.screenshotForModel = Observer.startModelImage(painted.pixels);
        painted.marked = await drawSetOfMarks(painted.pixels, elements, {
          screen,
          // The model's copy of the marked screen is encoded beside the PNG, not after it.
          ...(this.options.artifacts
            ? { onPainted: (image: RawImage) => void (painted.markedForModel = Observer.startModelImage(image)) }
            : {}),
        });
      } catch (error) {
        problems.push({ code: 'SCREENSHOT_FAILED', message: serializeError(error).message });
      }
    }
    timings.marks = performance.now() - tMarks;
    return painted;
  }

  /** Stores the screenshot, the marked image and the dump (when there is a store) and keeps their pixels for prompts. */
  private store(png: Uint8Array | null, xml: Uint8Array | null, painted: Painted) {
    const store = this.options.artifacts;
    const put = (
      data: Uint8Array | null,
      mime: string,
      size?: { width: number; height: number } | null,
    ): ArtifactRef | null =>
      data && store ? store.put(data, size ? { mime, width: size.width, height: size.height } : { mime }) : null;
    const { marked } = painted;
    const screenshotRef = put(png, 'image/png', png ? pngSize(png) : null);
    const markedRef = put(marked?.data ?? null, marked?.mime ?? 'image/png', marked);
    this.keep(screenshotRef, painted.pixels, painted.screenshotForModel);
    this.keep(markedRef, marked?.pixels, painted.markedForModel);
    return { screenshotRef, markedRef, xmlRef: put(xml, 'application/xml') };
  }

  async dispose(): Promise<void> {
    const ocr = this.ocr;
    this.ocr = undefined;
    await ocr?.dispose();
  }

  /** From the running mirror's stream or by `screencap`, whichever has been faster on this device (`ScreenshotSources`). */
  private async screenshot(
    device: AndroidDevice,
    options: ObserveOptions,
  ): Promise<{ png: Uint8Array; frameTime?: number }> {
    const provider = this.providers.get(device.serial);
    if (provider && this.sources.choose(device.serial) === 'stream') {
      const t0 = performance.now();
      const frame = await provider({ signal: options.signal });
      if (frame) {
        this.sources.record(device.serial, 'stream', performance.now() - t0);
        return { png: frame.png, frameTime: frame.frameTime };
      }
    }
    const t0 = performance.now();
    const png = await device.screencap({ signal: options.signal });
    this.sources.record(device.serial, 'screencap', performance.now() - t0);
    return { png };
  }

  /** `wm size`, once per device (it does not change while connected); null when unknown. */
  private async physicalSize(
    device: AndroidDevice,
    options: CallOptions,
  ): Promise<{ width: number; height: number } | null> {
    const known = this.physical.get(device.serial);
    if (known !== undefined) return known;
    const size = await device.screen(options);
    this.physical.set(device.serial, size);
    return size;
  }
}

/** The rotation the dump's `<hierarchy rotation="N">` states (0 when it states none). */
function dumpRotation(xml: Uint8Array | null): number {
  if (!xml) return 0;
  const head = Buffer.from(xml.subarray(0, 512)).toString('latin1');
  return Number(/<hierarchy\b[^>]*\brotation="([0-3])"/.exec(head)?.[1] ?? 0);
}

/**
 * The screenshot's size is the truth for this moment (rotation included); without one, `wm size`
 * turned by the rotation the UI dump states.
 */
function screenOf(
  serial: string,
  png: Uint8Array | null,
  physical: { width: number; height: number } | null,
  xml: Uint8Array | null,
): Observation['screen'] {
  const size = png ? pngSize(png) : null;
  if (size) {
    const rotated = physical ? size.width > size.height !== physical.width > physical.height : false;
    return { width: size.width, height: size.height, rotation: rotated ? 1 : 0 };
  }
  if (physical) {
    const rotation = dumpRotation(xml);
    return rotation % 2
      ? { width: physical.height, height: physical.width, rotation }
      : { width: physical.width, height: physical.height, rotation };
  }
  throw new MobaError(
    'SCREENSHOT_FAILED',
    `${serial}: the screen size is unknown (no screenshot, and \`wm size\` failed).`,
  );
}
