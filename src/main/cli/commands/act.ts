import type { Command } from 'commander';
import { parseAction, targetIndex } from '../../../shared/actions.ts';
import { MobaError } from '../../../shared/errors.ts';
import { formatElementsForPrompt } from '../../perception/prompt-format.ts';
import { actOnDevice } from '../../device/device-actions.ts';
import type { CliIo } from '../io.ts';
import { parsePositiveInt } from '../options.ts';
import { openApp, pickDevice, withAdbOption } from './devices.ts';
import type { AdbCliOptions } from './devices.ts';

interface ActCliOptions extends AdbCliOptions {
  device?: string;
  json?: boolean;
  settleMs?: number;
}

export function registerAct(program: Command, io: CliIo): void {
  withAdbOption(program.command('act'))
    .argument(
      '<action>',
      "one action as the model writes it, e.g. 'Click(3)', 'Swipe(up, long)', 'Box_Input(2, \"hello\")', 'Open_App(Clock)'",
    )
    .description(
      'perform one action on a device (observing first to find the element an index refers to) and wait for the screen to settle',
    )
    .option('-d, --device <serial>', 'device serial (default: $ANDROID_SERIAL, else the only online device)')
    .option(
      '--settle-ms <ms>',
      'longest wait for the screen to settle (default: settings agent.settleTimeoutMs)',
      parsePositiveInt,
    )
    .option('--json', 'print the result as JSON')
    .action(async (text: string, opts: ActCliOptions, command: Command) => {
      const parsed = parseAction(text);
      if (!parsed.ok) throw new MobaError('ACTION_INVALID', parsed.error);
      const action = parsed.action;
      const app = await openApp(command, opts);
      try {
        const serial = await pickDevice(app, opts.device);
        // A run of another process (`moba run`, `moba serve`, the desktop app) holds this phone: refused with its name.
        app.deviceLocks.assertMayAct(serial);
        const index = targetIndex(action);
        let elements;
        let screen;
        if (index !== undefined) {
          const seen = (await app.observer.observe(serial)).observation;
          elements = seen.elements;
          screen = seen.screen;
          const target = seen.elements.find((e) => e.index === index);
          if (target && !opts.json) io.out(`target: ${formatElementsForPrompt([target])}\n`);
        }
        const result = await actOnDevice({
          devices: app.devices,
          observer: app.observer,
          serial,
          action,
          elements,
          screen,
          settleTimeoutMs: opts.settleMs ?? app.settings.get().agent.settleTimeoutMs,
        });
        if (opts.json) io.out(`${JSON.stringify(result)}\n`);
        else if (result.ok)
          io.out(
            `${result.action}: ${result.detail} (${Math.round(result.durationMs)} ms, settled ${result.settled ? 'after' : 'not within'} ${Math.round(result.settleMs)} ms)\n`,
          );
        else
          io.err(
            `moba: ${result.action} failed: ${result.error?.message ?? result.detail} [${result.error?.code ?? 'ACTION_FAILED'}]\n`,
          );
        if (!result.ok) io.exitCode = 1;
      } finally {
        await app.dispose();
      }
    });
}
