/**
 * The one assembly of a benchmark episode's environment, for every place that runs episodes:
 * the app's benchmark runner (the Benchmarks page and `moba bench run`) and the sweep worker.
 * The agent's device and the phone's control channel are built the same way for both.
 */
import type { RunService } from '../agent/run-service.ts';
import { createAgentDevice } from '../device/agent-device.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { Observer } from '../device/observe.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { StrategyArtifacts } from '../agent/strategies/common/kit.ts';
import type { EpisodeBroker } from './episode-broker.ts';
import type { EpisodeEnv } from './episode.ts';
import { PhoneControl } from './phone-control.ts';
import { ModelGateway } from '../llm/model-gateway.ts';

/** The services an episode's environment is built from. */
export interface EpisodeHost {
  runs: RunService;
  devices: DeviceService;
  observer: Observer;
  settings: SettingsService;
  /** Screens and dumps an external agent asks for (the `external` agent needs it). */
  artifacts?: StrategyArtifacts;
}

/**
 * The environment of an episode on the phone `serial`; `externalBroker` is where the benchmark
 * offers the episodes of agents that connect on their own.
 */
export function episodeEnv(
  host: EpisodeHost,
  serial: string,
  now?: () => number,
  externalBroker?: EpisodeBroker,
): EpisodeEnv {
  const { devices, observer, settings } = host;
  return {
    runs: host.runs,
    device: createAgentDevice(serial, {
      devices,
      observer,
      settleTimeoutMs: () => settings.get().agent.settleTimeoutMs,
    }),
    phone: new PhoneControl(serial, () => devices.device(serial)),
    ...(host.artifacts ? { artifacts: host.artifacts } : {}),
    ...(externalBroker ? { externalBroker } : {}),
    userModel: (config) => new ModelGateway({ settings, overrides: { roles: config.models } }),
    ...(now ? { now } : {}),
  };
}
