/** `screencap [-p] [-d ID] [FILE]` and `uiautomator dump [--compressed] [FILE|/dev/tty]`. */
import { shellWriteAccess } from '../../fs/android-fs.ts';
import { STRERROR, VirtualFsError } from '../../fs/virtual-fs.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command, pathArg } from './util.ts';

/** HAL_PIXEL_FORMAT_RGBA_8888 */
const PIXEL_FORMAT_RGBA_8888 = 1;

/**
 * screencap's raw format: width, height, format and (Android 9+) the data space as u32 LE,
 * then RGBA pixels.
 */
async function rawScreenshot(png: Uint8Array): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const header = Buffer.alloc(16);
  header.writeUInt32LE(info.width, 0);
  header.writeUInt32LE(info.height, 4);
  header.writeUInt32LE(PIXEL_FORMAT_RGBA_8888, 8);
  header.writeUInt32LE(0, 12);
  return Buffer.concat([header, data]);
}

/** Writes a file the way an Android program would, reporting failures on stderr. */
async function writeOutput(ctx: CommandContext, program: string, target: string, data: Uint8Array): Promise<boolean> {
  const full = pathArg(ctx, target);
  const access = shellWriteAccess(ctx.fs, full, ctx.user);
  try {
    if (access !== 'ok') throw new VirtualFsError(access, full);
    ctx.fs.writeFile(full, data);
    return true;
  } catch (error) {
    if (!(error instanceof VirtualFsError)) throw error;
    await ctx.err(`${program}: Error opening file: ${target} (${STRERROR[error.errno]})\n`);
    return false;
  }
}

export const screencap: ShellCommand = command('screencap', async (ctx) => {
  let png = false;
  let file: string | undefined;
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i] as string;
    if (arg === '-p') png = true;
    else if (arg === '-d') i++;
    else if (arg === '-h') {
      await ctx.err(
        'usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n   -d: specify the physical display ID to capture (default: 0)\nIf FILENAME ends with .png it will be saved as a png.\nIf FILENAME is not given, the results will be printed to stdout.\n',
      );
      return 0;
    } else if (!arg.startsWith('-')) file = arg;
  }
  const image = await ctx.device.screencap();
  if (file !== undefined) {
    const data = png || file.endsWith('.png') ? image : await rawScreenshot(image);
    return (await writeOutput(ctx, 'screencap', file, data)) ? 0 : 1;
  }
  await ctx.stdout.write(png ? image : await rawScreenshot(image));
  return 0;
});

const UIAUTOMATOR_USAGE = `Usage: uiautomator <subcommand> [options]

Available subcommands:

help: displays help message

runtest: executes UI automation tests
    runtest <class spec> [options]

dump: creates an XML dump of current UI hierarchy
    dump [--verbose][file]
      [--compressed]: dumps compressed layout information.
      [file]: the location where the dumped XML should be stored, default is
      /sdcard/window_dump.xml

events: prints out accessibility events until terminated
`;

export const uiautomator: ShellCommand = command('uiautomator', async (ctx) => {
  const [sub, ...rest] = ctx.args;
  if (sub !== 'dump') {
    if (sub === 'events') {
      await new Promise<void>((resolve) =>
        ctx.signal.aborted ? resolve() : ctx.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      return 0;
    }
    await ctx.out(UIAUTOMATOR_USAGE);
    return sub === undefined || sub === 'help' ? 0 : 1;
  }
  const compressed = rest.includes('--compressed');
  const file = rest.filter((a) => !a.startsWith('--')).pop() ?? '/sdcard/window_dump.xml';
  const xml = await ctx.device.dumpUi({ compressed });
  if (file === '/dev/tty' || file === '/dev/stdout') {
    await ctx.out(xml);
  } else if (!(await writeOutput(ctx, 'uiautomator', file, Buffer.from(xml, 'utf8')))) {
    return 1;
  }
  // Android's own spelling.
  await ctx.out(`UI hierchary dumped to: ${file}\n`);
  return 0;
});

export const SCREEN_COMMANDS: readonly ShellCommand[] = [screencap, uiautomator];
