import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { Observation } from '../../../shared/schemas/perception.ts';
import { formatElementsForPrompt } from '../../perception/prompt-format.ts';
import type { CliIo } from '../io.ts';
import { openApp, pickDevice, withAdbOption } from './devices.ts';
import type { AdbCliOptions } from './devices.ts';
import { elementJson } from './perceive.ts';

interface ObserveCliOptions extends AdbCliOptions {
  device?: string;
  out?: string;
  json?: boolean;
  ocr: boolean;
}

export function registerObserve(program: Command, io: CliIo): void {
  withAdbOption(program.command('observe'))
    .description(
      'take one observation of a device: screenshot, UI dump, indexed elements, set-of-marks image, foreground app, keyboard',
    )
    .option('-d, --device <serial>', 'device serial (default: $ANDROID_SERIAL, else the only online device)')
    .option(
      '--out <dir>',
      'write screenshot.png, window_dump.xml, elements.json, elements.txt, marked.png and observation.json there',
    )
    .option('--json', 'print the observation as JSON')
    .option('--no-ocr', 'do not read the screenshot with OCR when the dump is unusable')
    .action(async (opts: ObserveCliOptions, command: Command) => {
      const app = await openApp(command, opts);
      try {
        const serial = await pickDevice(app, opts.device);
        const r = await app.observer.observe(serial, { ocr: opts.ocr });
        const o = r.observation;
        const written: string[] = [];
        if (opts.out) {
          await mkdir(opts.out, { recursive: true, mode: 0o700 });
          const files: Array<[string, Uint8Array | string | null]> = [
            ['screenshot.png', r.screenshot],
            ['window_dump.xml', r.xml],
            ['elements.json', `${JSON.stringify(o.elements.map(elementJson), null, 2)}\n`],
            ['elements.txt', `${formatElementsForPrompt(o.elements)}\n`],
            ['marked.png', r.marked],
            ['observation.json', `${JSON.stringify(o, null, 2)}\n`],
          ];
          for (const [name, data] of files) {
            if (data === null) continue;
            await writeFile(join(opts.out, name), data, { mode: 0o600 });
            written.push(name);
          }
        }
        if (opts.json) {
          io.out(`${JSON.stringify(o)}\n`);
          return;
        }
        io.out(describeObservation(o));
        if (opts.out) io.out(`wrote ${written.join(', ')} to ${opts.out}\n`);
      } finally {
        await app.dispose();
      }
    });
}

/** The elements, then one line each for the screen, the app, problems and timings. */
export function describeObservation(o: Observation): string {
  const lines: string[] = [];
  const text = formatElementsForPrompt(o.elements);
  lines.push(text || '(no elements)', '');
  lines.push(
    `${o.serial}: ${o.screen.width}x${o.screen.height}, ${o.currentApp ? `${o.currentApp.packageName}/${o.currentApp.activity}` : 'no focused app'}, keyboard ${o.keyboardShown ? 'shown' : 'hidden'}, ${o.elements.length} elements from ${o.elementsFrom}`,
  );
  for (const p of o.problems) lines.push(`problem: ${p.code}: ${p.message}`);
  const t = o.timings;
  const ms = (k: string) => (t[k] === undefined ? '' : ` ${k} ${Math.round(t[k])}`);
  lines.push(
    `ms:${ms('screenshot')}${ms('dump')}${ms('process')}${ms('ocr')}${ms('marks')}${ms('artifacts')}${ms('total')}`,
  );
  return `${lines.join('\n')}\n`;
}
