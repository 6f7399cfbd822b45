/**
 * The agent's view of a device (`AgentDevice` in src/main/agent/ports.ts) over the device
 * layer: facts, installed apps, observe, execute with the agent's app resolver.
 */
import type { AgentDevice, InstalledApp as AgentApp } from '../agent/ports.ts';
import { DATE_COMMAND, parseDateOutput } from '../agent/device-clock.ts';
import { MobaError } from '../../shared/errors.ts';
import type { DeviceService } from './device-service.ts';
import { executeAction } from './execute-action.ts';
import type { ExecuteOptions } from './execute-action.ts';
import type { Observer } from './observe.ts';
import { uiDumpProbe } from './settle.ts';

export interface AgentDeviceOptions {
  devices: DeviceService;
  observer: Observer;
  /** Read at every action, so a settings change applies to the next step. */
  settleTimeoutMs: () => number;
}

export function createAgentDevice(serial: string, options: AgentDeviceOptions): AgentDevice {
  const { devices, observer } = options;
  const settleBy = (on: 'screenshot' | 'dump' | undefined): Pick<ExecuteOptions, 'settleProbe' | 'streamQuiet'> => {
    if (on === 'dump') return { settleProbe: uiDumpProbe(devices.device(serial)) };
    const streamQuiet = observer.streamQuiet(serial);
    return streamQuiet ? { streamQuiet } : {};
  };
  return {
    serial,
    async facts(signal) {
      const f = await devices.facts(serial, { signal });
      if (!f.screen)
        throw new MobaError(
          'DEVICE_COMMAND_FAILED',
          `${serial}: the screen size is unknown (\`wm size\` printed nothing).`,
        );
      return { model: f.model, androidVersion: f.androidVersion, width: f.screen.width, height: f.screen.height };
    },
    async installedApps(signal) {
      const f = await devices.facts(serial, { signal });
      return f.packages.map(
        (p): AgentApp =>
          p.launchActivity
            ? { packageName: p.packageName, label: p.label ?? p.packageName, activity: p.launchActivity }
            : { packageName: p.packageName, label: p.label ?? p.packageName },
      );
    },
    async clock(signal) {
      const readAt = Date.now();
      const text = await devices.device(serial).shell(DATE_COMMAND, { signal });
      const clock = parseDateOutput(text, readAt);
      if (!clock)
        throw new MobaError(
          'DEVICE_COMMAND_FAILED',
          `${serial}: \`${DATE_COMMAND}\` printed ${JSON.stringify(text.trim().slice(0, 80))}, not the time; prompts go without the date.`,
        );
      return clock;
    },
    async observe(signal, observeOptions) {
      return (await observer.observe(serial, { signal, ...observeOptions })).observation;
    },
    async execute(action, context) {
      const r = await executeAction(action, {
        device: devices.device(serial),
        input: devices.input(serial),
        elements: context.observation.elements,
        screen: context.observation.screen,
        resolveApp: async (query) => context.resolveApp(query),
        signal: context.signal,
        settleTimeoutMs: options.settleTimeoutMs(),
        ...settleBy(context.settleOn),
      });
      return { ok: r.ok, error: r.error ?? null, durationMs: r.durationMs, settleMs: r.settleMs, detail: r.detail };
    },
  };
}
