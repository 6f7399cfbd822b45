import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import sharp from 'sharp';
import { MobaError, errorMessage } from '../../../shared/errors.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { OCR_LANGUAGES, OcrEngine } from '../../perception/ocr.ts';
import type { OcrLanguage } from '../../perception/ocr.ts';
import { formatElementsForPrompt } from '../../perception/prompt-format.ts';
import { drawSetOfMarks } from '../../perception/set-of-marks.ts';
import { processViewHierarchy } from '../../perception/view-hierarchy.ts';
import type { CliIo } from '../io.ts';

interface PerceiveOptions {
  xml?: string;
  png?: string;
  out?: string;
  json?: boolean;
  screen?: { width: number; height: number };
  lang: OcrLanguage[];
}

/** The element fields `--json` prints and `elements.json` holds. */
export function elementJson(e: UiElement) {
  return {
    index: e.index,
    bounds: e.bounds,
    text: e.text,
    contentDesc: e.contentDesc,
    resourceId: e.resourceId,
    className: e.className,
    trueAttributes: e.trueAttributes,
  };
}

export function registerPerceive(program: Command, io: CliIo): void {
  program
    .command('perceive')
    .description('turn a uiautomator dump (and/or a screenshot, via OCR) into the indexed elements the agent sees')
    .option('--xml <file>', 'uiautomator XML dump')
    .option(
      '--png <file>',
      'screenshot: gives the screen size, is marked with the elements, and is read by OCR when the XML is missing or unusable',
    )
    .option('--out <dir>', 'write elements.json, elements.txt and (with --png) marked.png there')
    .option('--json', 'print only a JSON array of the elements')
    .option(
      '--screen <WxH>',
      'screen size in pixels (default: the screenshot, else inferred from the dump)',
      parseScreen,
    )
    .addOption(
      new Option('--lang <list>', `OCR languages, comma-separated (${OCR_LANGUAGES.join(', ')})`)
        .argParser(parseLanguages)
        .default([...OCR_LANGUAGES], OCR_LANGUAGES.join(',')),
    )
    .action(async (opts: PerceiveOptions) => {
      await perceive(opts, io);
    });
}

async function perceive(opts: PerceiveOptions, io: CliIo): Promise<void> {
  if (!opts.xml && !opts.png)
    throw new MobaError('INVALID_INPUT', 'Give --xml FILE (a uiautomator dump), --png FILE (a screenshot), or both.');
  const png = opts.png ? await readInput(opts.png, 'screenshot') : undefined;
  let screen = opts.screen;
  if (!screen && png) screen = await imageSize(png);

  let elements: UiElement[];
  let summary: string;
  let xmlProblem: string | undefined;
  const xml = opts.xml ? await readInput(opts.xml, 'dump') : undefined;
  let processed: ReturnType<typeof processViewHierarchy> | undefined;
  if (xml) {
    try {
      processed = processViewHierarchy(xml, screen ? { screen } : {});
    } catch (error) {
      if (!png || !(error instanceof MobaError) || error.code !== 'DUMP_INVALID') throw error;
      xmlProblem = errorMessage(error);
    }
  }
  if (processed) {
    const s = processed.stats;
    elements = processed.elements;
    summary =
      `${s.rawNodes} raw nodes → ${elements.length} elements (${s.interactive} interactive, ${s.textOnly} text-only) on a ` +
      `${processed.screen.width}x${processed.screen.height} screen in ${s.ms.toFixed(1)} ms; dropped: ${s.droppedSmall} small, ` +
      `${s.droppedOverlap} overlapping, ${s.droppedOffscreen} off-screen, ${s.droppedOccluded} under another window; ${s.merged} labels merged`;
  } else {
    if (xmlProblem) io.err(`moba: the dump is unusable (${xmlProblem}); reading the screenshot with OCR instead\n`);
    const engine = new OcrEngine({ languages: opts.lang });
    const started = performance.now();
    try {
      elements = await engine.recognize(png as Uint8Array);
    } finally {
      await engine.dispose();
    }
    summary = `OCR (${opts.lang.join('+')}): ${elements.length} text lines in ${(performance.now() - started).toFixed(0)} ms`;
  }

  const json = JSON.stringify(elements.map(elementJson));
  const text = formatElementsForPrompt(elements);
  if (opts.out) {
    await mkdir(opts.out, { recursive: true, mode: 0o700 });
    await writeFile(join(opts.out, 'elements.json'), `${JSON.stringify(elements.map(elementJson), null, 2)}\n`, {
      mode: 0o600,
    });
    await writeFile(join(opts.out, 'elements.txt'), `${text}\n`, { mode: 0o600 });
    if (png)
      await writeFile(
        join(opts.out, 'marked.png'),
        (await drawSetOfMarks(png, elements, screen ? { screen } : {})).data,
        { mode: 0o600 },
      );
  }
  if (opts.json) {
    io.out(`${json}\n`);
    return;
  }
  io.out(text ? `${text}\n\n` : '(no elements)\n\n');
  io.out(`${summary}\n`);
  if (opts.out) io.out(`wrote ${join(opts.out, 'elements.json')}, elements.txt${png ? ', marked.png' : ''}\n`);
}

async function readInput(path: string, what: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new MobaError(
      'NOT_FOUND',
      `Cannot read the ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? errorMessage(error)}`,
      { cause: error },
    );
  }
}

async function imageSize(png: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(png).metadata();
    if (meta.width && meta.height) return { width: meta.width, height: meta.height };
  } catch (error) {
    throw new MobaError('SCREENSHOT_FAILED', `The screenshot is not a readable image: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  throw new MobaError('SCREENSHOT_FAILED', 'The screenshot has no size.');
}

function parseScreen(value: string): { width: number; height: number } {
  const m = /^(\d{1,5})x(\d{1,5})$/i.exec(value.trim());
  const width = Number(m?.[1]);
  const height = Number(m?.[2]);
  if (!m || width < 1 || height < 1) throw new InvalidArgumentError('expected WIDTHxHEIGHT, e.g. 1080x2400');
  return { width, height };
}

function parseLanguages(value: string): OcrLanguage[] {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const l of list)
    if (!(OCR_LANGUAGES as readonly string[]).includes(l))
      throw new InvalidArgumentError(`unknown OCR language "${l}" (known: ${OCR_LANGUAGES.join(', ')})`);
  if (list.length === 0) throw new InvalidArgumentError('expected at least one language');
  return list as OcrLanguage[];
}
