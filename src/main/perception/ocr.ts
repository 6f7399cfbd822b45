/**
 * OCR fallback for screens without a usable view hierarchy (games, video, a failed dump):
 * tesseract.js in a worker thread, with the language data shipped in npm packages — nothing
 * is downloaded and nothing is cached on disk. What an image reads as is kept in memory for
 * the last images read (see {@link OCR_CACHE_ENTRIES}).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { createWorker, PSM } from 'tesseract.js';
import type { Worker } from 'tesseract.js';
import { MobaError } from '../../shared/errors.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { rectCenter } from './geometry.ts';
import type { Rect } from './geometry.ts';
import { onDiskPath } from '../packaging/app-archive.ts';

export const OCR_LANGUAGES = ['eng', 'chi_sim'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** The class name OCR elements carry, so consumers can tell them from view nodes. */
export const OCR_CLASS_NAME = 'ocr.TextLine';

export interface OcrRecognizeOptions {
  /** Default: the engine's languages (English and Simplified Chinese). */
  languages?: readonly OcrLanguage[];
  /** Lines recognised with less confidence (0–100) are left out. Default 40. */
  minConfidence?: number;
  /** Aborting stops the worker (the only way to interrupt tesseract); the next call starts a new one. */
  signal?: AbortSignal;
  /**
   * How long the call may take, from `recognize()` (time queued behind another call included).
   * When it passes, the worker is stopped like on abort and the call fails with TIMEOUT.
   * Default `OCR_DEADLINE_MS`.
   */
  deadlineMs?: number;
  /**
   * Larger images are scaled down (in grey) to about this many pixels before recognition; the
   * returned bounds are in the original image's pixels. Default `OCR_MAX_PIXELS`; `Infinity`
   * recognises at full size.
   */
  maxPixels?: number;
}

/**
 * A phone screen's text stays legible well below its full size, while tesseract's time grows
 * with pixels — and with noise, which scaling down also smooths (`npm run perf:ocr`).
 */
export const OCR_MAX_PIXELS = 1_200_000;
/** Long enough for a busy phone screen on a slow machine; short enough that a run never hangs on OCR. */
export const OCR_DEADLINE_MS = 30_000;

/**
 * How many readings an engine keeps. The vision strategies read the same screen several times
 * (the screen after one step is the one before the next; a reflection compares both; crops
 * repeat), and Tesseract reads the same pixels with the same settings the same way, so a
 * repeated image costs nothing but its hash. A reading is a few kilobytes.
 */
export const OCR_CACHE_ENTRIES = 256;

export interface OcrEngineOptions {
  languages?: readonly OcrLanguage[];
  /** Readings kept (`OCR_CACHE_ENTRIES` by default); 0 reads every image anew, e.g. to time Tesseract. */
  cacheEntries?: number;
}

/** The languages as tesseract.js names a set of them (`eng+chi_sim`), each once. */
function languageKey(languages: readonly OcrLanguage[]): string {
  return [...new Set(languages)].join('+');
}

/** The key of one reading: the image's bytes and every setting that changes what it reads as. */
function readingKey(png: Uint8Array, settings: string): string {
  return `${createHash('sha1').update(png).digest('hex')}|${settings}`;
}

/**
 * Recognises text lines on screenshots. The worker starts on the first `recognize` and is
 * reused; calls are served one at a time. Whoever creates the engine must `dispose()` it.
 */
export class OcrEngine {
  private readonly defaultLanguages: readonly OcrLanguage[];
  private worker: Worker | undefined;
  private workerLanguages = '';
  private langDir: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;
  /** Readings by {@link readingKey}; callers get copies, so nothing they change reaches it. */
  private readonly readings: LRUCache<string, UiElement[] | OcrWord[]> | undefined;
  private read = 0;

  constructor(options: OcrEngineOptions = {}) {
    this.defaultLanguages = options.languages ?? OCR_LANGUAGES;
    const entries = options.cacheEntries ?? OCR_CACHE_ENTRIES;
    this.readings = entries > 0 ? new LRUCache({ max: entries }) : undefined;
  }

  /** The call's languages, else the engine's. */
  private languagesFor(options: OcrRecognizeOptions): readonly OcrLanguage[] {
    return options.languages?.length ? options.languages : this.defaultLanguages;
  }

  /** How many images Tesseract has read (a reading found in the cache is not counted). */
  get imagesRead(): number {
    return this.read;
  }

  /** The key of a reading, when readings are kept (no hashing otherwise). */
  private keyOf(png: Uint8Array, settings: string): string | undefined {
    return this.readings ? readingKey(png, settings) : undefined;
  }

  private remembered<T extends UiElement[] | OcrWord[]>(key: string | undefined): T | undefined {
    const found = key === undefined ? undefined : this.readings?.get(key);
    return found === undefined ? undefined : (structuredClone(found) as T);
  }

  private remember(key: string | undefined, reading: UiElement[] | OcrWord[]): void {
    if (key !== undefined) this.readings?.set(key, structuredClone(reading));
  }

  /**
   * Finds the text lines of an image.
   *
   * @returns one element per line in reading order, indices 1..N (so actions can target
   *   them), bounds in image pixels, className `ocr.TextLine`, marked clickable
   * @throws MobaError OCR_FAILED (bad image, engine failure), CANCELLED (aborted or disposed),
   *   TIMEOUT (past the deadline; the worker is stopped)
   */
  recognize(png: Uint8Array, options: OcrRecognizeOptions = {}): Promise<UiElement[]> {
    const deadlineMs = options.deadlineMs ?? OCR_DEADLINE_MS;
    const deadline = Number.isFinite(deadlineMs) ? AbortSignal.timeout(deadlineMs) : undefined;
    const signal = deadline
      ? options.signal
        ? AbortSignal.any([options.signal, deadline])
        : deadline
      : options.signal;
    const languages = this.languagesFor(options);
    const key = this.keyOf(
      png,
      `lines|${languageKey(languages)}|${options.minConfidence ?? 40}|${options.maxPixels ?? OCR_MAX_PIXELS}`,
    );
    const cached = () => (this.disposed || signal?.aborted ? undefined : this.remembered<UiElement[]>(key));
    const known = cached();
    if (known) return Promise.resolve(known);
    const run = this.queue.then(async () => {
      // A call for the same image queued ahead of this one may have read it meanwhile.
      const readMeanwhile = cached();
      if (readMeanwhile) return readMeanwhile;
      const lines = await this.recognizeNow(png, languages, options, signal, deadlineMs);
      this.remember(key, lines);
      return lines;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async recognizeNow(
    png: Uint8Array,
    languages: readonly OcrLanguage[],
    options: OcrRecognizeOptions,
    signal: AbortSignal | undefined,
    deadlineMs: number,
  ): Promise<UiElement[]> {
    if (this.disposed) throw new MobaError('CANCELLED', 'The OCR engine was disposed.');
    const stopped = (): MobaError =>
      signal?.reason instanceof DOMException && signal.reason.name === 'TimeoutError'
        ? new MobaError(
            'TIMEOUT',
            `OCR did not finish within ${Math.round(deadlineMs / 1000)} s and was stopped (a very large or noisy image?).`,
          )
        : new MobaError('CANCELLED', 'OCR was cancelled.');
    if (signal?.aborted) throw stopped();
    let onAbort: (() => void) | undefined;
    try {
      // Checked here so a bad image gets a clear message instead of the engine's stderr noise.
      const meta = await sharp(png)
        .metadata()
        .catch((error: unknown) => {
          throw new MobaError(
            'OCR_FAILED',
            `The image for OCR is not readable: ${error instanceof Error ? error.message : String(error)}`,
            { cause: error },
          );
        });
      if (!meta.width || !meta.height) throw new MobaError('OCR_FAILED', 'The image for OCR has no size.');
      const scale = Math.min(1, Math.sqrt((options.maxPixels ?? OCR_MAX_PIXELS) / (meta.width * meta.height)));
      const input =
        scale < 1
          ? await sharp(png)
              .resize(Math.max(1, Math.round(meta.width * scale)), Math.max(1, Math.round(meta.height * scale)))
              .grayscale()
              .png({ compressionLevel: 1 })
              .toBuffer()
          : Buffer.from(png);
      if (signal?.aborted) throw stopped();
      const worker = await this.workerFor(languages);
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => {
          void this.stopWorker();
          reject(stopped());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      this.read += 1;
      const result = await Promise.race([worker.recognize(input, {}, { blocks: true, text: false }), aborted]);
      return toElements(result.data.blocks ?? [], options.minConfidence ?? 40, scale);
    } catch (error) {
      if (error instanceof MobaError) throw error;
      throw new MobaError('OCR_FAILED', `OCR failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * The words of images with their boxes and confidences (0–100), for callers that group text
   * themselves (the vision-only agents): one list per image, read one after the other with the
   * same page mode. `layout` picks Tesseract's page mode: `auto` (its default layout analysis),
   * `sparse` (scattered labels, as on a UI) or `line` (the image is one line of text, e.g. a
   * small crop).
   *
   * @throws MobaError OCR_FAILED (bad image, engine failure), CANCELLED (aborted or disposed)
   */
  recognizeWords(
    images: readonly Uint8Array[],
    options: OcrRecognizeOptions & { layout?: 'auto' | 'sparse' | 'line' } = {},
  ): Promise<OcrWord[][]> {
    const mode = options.layout === 'sparse' ? PSM.SPARSE_TEXT : options.layout === 'line' ? PSM.SINGLE_LINE : PSM.AUTO;
    const languages = this.languagesFor(options);
    const settings = `words|${languageKey(languages)}|${mode}`;
    const keys = images.map((png) => this.keyOf(png, settings));
    const known = keys.map((key) => this.remembered<OcrWord[]>(key));
    if (known.every((k) => k !== undefined) && !this.disposed && !options.signal?.aborted)
      return Promise.resolve(known as OcrWord[][]);
    const run = this.queue.then(async () => {
      if (this.disposed) throw new MobaError('CANCELLED', 'The OCR engine was disposed.');
      if (options.signal?.aborted) throw new MobaError('CANCELLED', 'OCR was cancelled.');
      const worker = await this.workerFor(languages);
      let onAbort: (() => void) | undefined;
      try {
        const aborted = new Promise<never>((_, reject) => {
          onAbort = () => {
            void this.stopWorker();
            reject(new MobaError('CANCELLED', 'OCR was cancelled.'));
          };
          options.signal?.addEventListener('abort', onAbort, { once: true });
        });
        if (mode !== PSM.AUTO) await worker.setParameters({ tessedit_pageseg_mode: mode });
        const out: OcrWord[][] = [];
        for (const [i, png] of images.entries()) {
          // Also an image read earlier in this call.
          const knownWords = known[i] ?? this.remembered<OcrWord[]>(keys[i]);
          if (knownWords) {
            out.push(knownWords);
            continue;
          }
          this.read += 1;
          const result = await Promise.race([
            worker.recognize(Buffer.from(png), {}, { blocks: true, text: false }),
            aborted,
          ]);
          const words: OcrWord[] = [];
          for (const block of result.data.blocks ?? []) {
            for (const paragraph of block.paragraphs) {
              for (const line of paragraph.lines) {
                for (const w of line.words) {
                  const text = w.text.trim();
                  if (text)
                    words.push({
                      text,
                      confidence: w.confidence,
                      bounds: [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1],
                    });
                }
              }
            }
          }
          this.remember(keys[i], words);
          out.push(words);
        }
        return out;
      } catch (error) {
        if (error instanceof MobaError) throw error;
        throw new MobaError('OCR_FAILED', `OCR failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      } finally {
        if (onAbort) options.signal?.removeEventListener('abort', onAbort);
        // Tesseract's default page mode, which `recognize` relies on.
        if (mode !== PSM.AUTO && this.worker === worker)
          await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO }).catch(() => undefined);
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async workerFor(languages: readonly OcrLanguage[]): Promise<Worker> {
    const key = languageKey(languages);
    if (this.worker && this.workerLanguages === key) return this.worker;
    await this.stopWorker();
    this.langDir ??= await languageDir();
    let failure: unknown;
    const worker = await createWorker(key, 1 /* LSTM only */, {
      langPath: this.langDir,
      cacheMethod: 'none',
      gzip: true,
      // Without a handler tesseract.js rethrows worker errors from a message callback, which
      // would take the whole process down; the failure is reported by the pending call instead.
      errorHandler: (e: unknown) => {
        failure = e;
      },
    }).catch((error: unknown) => {
      throw new MobaError('OCR_FAILED', `Cannot start OCR for ${key}: ${String(failure ?? error)}`, { cause: error });
    });
    this.worker = worker;
    this.workerLanguages = key;
    return worker;
  }

  private async stopWorker(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.workerLanguages = '';
    if (w) await w.terminate();
  }

  /** Stops the worker and removes the temporary language folder. Safe to call twice. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.stopWorker();
    if (this.langDir) await rm(this.langDir, { recursive: true, force: true });
    this.langDir = undefined;
  }
}

/**
 * tesseract.js reads every language from one folder, but each language ships in its own
 * package; a temporary folder of links joins them. The LSTM-only integer models are used.
 */
async function languageDir(): Promise<string> {
  const require = createRequire(import.meta.url);
  const dir = await mkdtemp(join(tmpdir(), 'moba-ocr-'));
  for (const lang of OCR_LANGUAGES) {
    const pkg = dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const best = join(pkg, '4.0.0_best_int', `${lang}.traineddata.gz`);
    // A link cannot point into the desktop app's archive: the data is unpacked beside it.
    const source = onDiskPath(existsSync(best) ? best : join(pkg, '4.0.0', `${lang}.traineddata.gz`));
    const target = join(dir, `${lang}.traineddata.gz`);
    // Links need privileges on Windows; a copy works everywhere.
    await symlink(source, target).catch(() => copyFile(source, target));
  }
  return dir;
}

/** One recognised word: its text, confidence (0–100) and box in image pixels. */
export interface OcrWord {
  text: string;
  confidence: number;
  bounds: Rect;
}

interface OcrLine {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

interface OcrBlock {
  paragraphs: Array<{ lines: OcrLine[] }>;
}

// Tesseract separates CJK characters with spaces; a person reads them joined.
const CJK_GAP_RE =
  /(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}，。：；！？、])\s+(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}，。：；！？、])/gu;

/** `scale`: recognised image size ÷ original; bounds are mapped back to the original's pixels. */
function toElements(blocks: readonly OcrBlock[], minConfidence: number, scale = 1): UiElement[] {
  const lines: UiElement[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.replace(CJK_GAP_RE, '').replace(/\s+/g, ' ').trim();
        if (!text || line.confidence < minConfidence) continue;
        const bounds = [line.bbox.x0, line.bbox.y0, line.bbox.x1, line.bbox.y1].map((v) =>
          Math.round(v / scale),
        ) as Rect;
        if (bounds[2] <= bounds[0] || bounds[3] <= bounds[1]) continue;
        lines.push({
          index: 0,
          bounds,
          center: rectCenter(bounds),
          text,
          contentDesc: '',
          resourceId: '',
          className: OCR_CLASS_NAME,
          packageName: '',
          trueAttributes: ['clickable'],
        });
      }
    }
  }
  lines.sort((a, b) => a.center[1] - b.center[1] || a.center[0] - b.center[0]);
  lines.forEach((l, i) => (l.index = i + 1));
  return lines;
}
