/**
 * Builds the service graph without Electron. The desktop app, the web host, the CLI and the
 * tests all construct the same graph here; only the transport around it differs.
 */
import { dataPaths, resolveDataDir } from './paths.ts';
import { ensurePrivateDataDir } from './private-files.ts';
import { openDatabase } from './store/database.ts';
import { ArtifactStore } from './store/artifacts.ts';
import { SettingsService } from './settings/settings-service.ts';
import { EnvSecretStore } from './settings/secrets.ts';
import type { SecretStore } from './settings/secrets.ts';
import { ContractRouter } from './contract/router.ts';
import { EventHub } from './event-hub.ts';
import type { Handlers } from './contract/router.ts';
import { appHandlers } from './handlers/app-handlers.ts';
import { deviceHandlers } from './handlers/device-handlers.ts';
import { mirrorHandlers } from './handlers/mirror-handlers.ts';
import { createMirrorLayer } from './mirror/mirror-layer.ts';
import { createDeviceLayer } from './device/device-layer.ts';
import { createAgentDevice } from './device/agent-device.ts';
import type { AdbAddress } from './adb/index.ts';
import { runHandlers } from './handlers/run-handlers.ts';
import { exportHandlers } from './handlers/export-handlers.ts';
import { modelHandlers } from './handlers/model-handlers.ts';
import { simulatorHandlers } from './handlers/simulator-handlers.ts';
import { SimulatorManager } from './simulators/simulator-manager.ts';
import { demoHandlers } from './handlers/demo-handlers.ts';
import { cockpitHandlers } from './handlers/cockpit-handlers.ts';
import { memoryHandlers } from './handlers/memory-handlers.ts';
import { datasetHandlers } from './handlers/dataset-handlers.ts';
import { AnnotationService } from './annotations/annotation-service.ts';
import { MemoryService, agentMemory as memoryPort, settingsEmbedder, strategyMemory } from './memory/index.ts';
import { voiceHandlers } from './handlers/voice-handlers.ts';
import { benchHandlers } from './handlers/bench-handlers.ts';
import { BenchRepo } from './bench/bench-repo.ts';
import { BenchService, benchmarkRunsIn } from './bench/bench-service.ts';
import { BenchmarkRunner } from './bench/runner.ts';
import type { BenchHost } from './bench/runner.ts';
import { sweepHandlers } from './handlers/sweep-handlers.ts';
import { SweepService } from './sweep/sweep-service.ts';
import { VoiceService } from './voice/voice-service.ts';
import { ModelGateway } from './llm/model-gateway.ts';
import { DemoRecorder } from './demos/demo-recorder.ts';
import { actOnDevice } from './device/device-actions.ts';
import { PersonActions } from './person/person-actions.ts';
import { RunService } from './agent/run-service.ts';
import type { AgentMemory } from './agent/ports.ts';
import { RunsRepo } from './store/runs-repo.ts';
import { DeviceLocks } from './store/device-locks.ts';
import { DeviceLockService } from './agent/device-lock.ts';
import { APP_VERSION } from './version.ts';
import type { AppServices } from './app-services.ts';
import type { DataPaths } from './paths.ts';
import type { Db } from './store/database.ts';
import type { DeviceService } from './device/device-service.ts';
import type { Observer } from './device/observe.ts';
import type { MirrorService } from './mirror/mirror-service.ts';
import { DisposableStore } from '@moba/base';

export interface CreateAppOptions {
  host: 'electron' | 'web';
  /** Defaults to MOBA_HOME or the platform's app-data folder. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  secrets?: SecretStore;
  /** Pins the adb server (the CLI's `--adb`); default ADB_SERVER_SOCKET, else settings adb.host/port. */
  adbAddress?: AdbAddress;
}

export interface MobaApp extends AppServices {
  readonly router: ContractRouter;
  /** What benchmark episodes run on (the runner's and the sweep worker's episode environment). */
  readonly benchHost: BenchHost;
  /** The benchmark runner (the Benchmarks page, `moba bench run`): one per app. */
  readonly benchmarks: BenchmarkRunner;
  /** The simulated phones this app started (the Devices page's, and the default phone a host starts). */
  readonly simulators: SimulatorManager;
  dispose(): Promise<void>;
}

/** Storage, settings, memory, the device and mirror layers: what every other service stands on. */
interface Core {
  env: NodeJS.ProcessEnv;
  paths: DataPaths;
  owned: DisposableStore;
  db: Db;
  events: EventHub;
  artifacts: ArtifactStore;
  settings: SettingsService;
  memory: MemoryService;
  devices: DeviceService;
  observer: Observer;
  mirror: MirrorService;
}

function openCore(options: CreateAppOptions): Core {
  const env = options.env ?? process.env;
  const paths = dataPaths(options.dataDir ?? resolveDataDir(env));
  // Runs, screens, prompts and memories are no one else's business on a shared machine.
  ensurePrivateDataDir(paths.dataDir);
  const owned = new DisposableStore();
  const db = openDatabase({ path: paths.databasePath });
  owned.add({ dispose: () => db.close() });
  const events = owned.add(new EventHub());
  const artifacts = new ArtifactStore(db, paths.artifactsDir);
  const settings = owned.add(new SettingsService({ db, secrets: options.secrets ?? new EnvSecretStore(), env }));
  owned.add(settings.onDidChange((view) => events.emit('didChangeSettings', view)));
  const memory = owned.add(
    new MemoryService({ db, embedder: settingsEmbedder(settings, owned.add(new ModelGateway({ settings }))) }),
  );
  owned.add(memory.onDidChange((change) => events.emit('didChangeMemory', change)));
  const { devices, observer } = owned.add(
    createDeviceLayer({ settings, artifacts, env, adbAddress: options.adbAddress }),
  );
  owned.add(devices.onDidChangeDevices((snapshot) => events.emit('didChangeDevices', snapshot)));
  const { mirror } = owned.add(createMirrorLayer({ settings, devices, observer, events, env }));
  return { env, paths, owned, db, events, artifacts, settings, memory, devices, observer, mirror };
}

/** The run service (recovering runs a stopped app left), voice input, and failure annotations. */
function openRuns(core: Core): {
  runs: RunService;
  voice: VoiceService;
  annotations: AnnotationService;
  deviceLocks: DeviceLockService;
} {
  const { owned, db, events, artifacts, settings, memory, devices, observer } = core;
  // One port for every run: what runs record and retrieve goes through the memory service.
  const memoryForRuns: AgentMemory = memoryPort(memory);
  const voice = new VoiceService({ settings, artifacts });
  // One driver per device across processes: runs take the lock, every other way to act checks it.
  const deviceLocks = new DeviceLockService({ locks: new DeviceLocks(db) });
  const runs = new RunService({
    repo: new RunsRepo(db),
    artifacts,
    settings,
    appVersion: APP_VERSION,
    device: (serial) =>
      createAgentDevice(serial, { devices, observer, settleTimeoutMs: () => settings.get().agent.settleTimeoutMs }),
    memory: () => memoryForRuns,
    strategyMemory: (o) => strategyMemory(memory, o),
    recentModelImages: (sha, options) => observer.modelImage(sha, options),
    voiceInput: (id, use, text) => voice.voiceInput(id, use, text),
    deviceLocks,
  });
  owned.add({ dispose: () => void runs.dispose() });
  owned.add(runs.onDidAppend((n) => events.emit('didAppendRunEvent', n)));
  runs.recover();
  const annotations = owned.add(
    new AnnotationService({
      db,
      repo: new RunsRepo(db),
      appendIfHeld: (id, body) => runs.appendIfHeld(id, body),
      // Failure summaries by benchmark (`moba dataset failures --benchmark ID`) read the benchmark store.
      benchmarks: benchmarkRunsIn(new BenchRepo(db)),
    }),
  );
  owned.add(annotations.onDidAppend((n) => events.emit('didAppendRunEvent', n)));
  return { runs, voice, annotations, deviceLocks };
}

/** Benchmarks: the runner (the page and `moba bench run` alike) and the sweep coordinator for queued ones. */
function openBenchmarks(core: Core, runs: RunService) {
  const { owned, db, events, artifacts, settings, devices, observer, paths, env } = core;
  const benchHost: BenchHost = { db, runs, devices, observer, settings, artifacts, dataDir: paths.dataDir };
  const runner = owned.add(new BenchmarkRunner(benchHost));
  // A benchmark started "on the queue" is coordinated here as `moba bench run --distributed` does.
  const sweep = new SweepService({ settings, db, artifacts, env, log: (line) => console.log(`[sweep] ${line}`) });
  const bench = new BenchService({ runner, log: (line) => console.log(line), distributor: sweep });
  owned.add(
    bench.onDidChange((p) =>
      events.emit('didChangeBenchmark', {
        benchmarkId: p.benchmarkId,
        summary: p.summary,
        episode: p.episode ? { id: p.episode.id, status: p.episode.status, runId: p.episode.runId } : null,
      }),
    ),
  );
  return { benchHost, runner, sweep, bench };
}

/** Simulated phones started from the UI, demonstration recording, and a person's own actions. */
function openDesk(core: Core, runs: RunService, deviceLocks: DeviceLockService) {
  const { owned, events, env, settings, memory, devices, observer, mirror } = core;
  const simulators = new SimulatorManager({
    adb: devices,
    ...(Number(env.MOBA_MAX_SIMULATORS) >= 0 && env.MOBA_MAX_SIMULATORS
      ? { maxPhones: Number(env.MOBA_MAX_SIMULATORS) }
      : {}),
  });
  owned.add(simulators.onDidChange((list) => events.emit('didChangeSimulators', { simulators: list })));
  const demos = new DemoRecorder({
    device: {
      observe: async (serial, signal) => (await observer.observe(serial, { signal })).observation,
      act: (serial, action, seen, signal) => {
        deviceLocks.assertMayAct(serial);
        return actOnDevice({
          devices,
          observer,
          serial,
          action,
          elements: seen.elements,
          screen: seen.screen,
          settleTimeoutMs: settings.get().agent.settleTimeoutMs,
          signal,
        });
      },
    },
    memory: () => memory,
  });
  const person = new PersonActions({
    devices,
    observer,
    mirror,
    runs,
    settleTimeoutMs: () => settings.get().agent.settleTimeoutMs,
    deviceLock: deviceLocks,
  });
  return { simulators, demos, person };
}

export async function createApp(options: CreateAppOptions): Promise<MobaApp> {
  const core = openCore(options);
  const { runs, voice, annotations, deviceLocks } = openRuns(core);
  const benchmarks = openBenchmarks(core, runs);
  const desk = openDesk(core, runs, deviceLocks);
  const { paths, db, artifacts, settings, events, devices, observer, mirror, memory } = core;
  const services: AppServices = {
    host: options.host,
    startedAt: Date.now(),
    paths,
    db,
    artifacts,
    settings,
    events,
    runs,
    devices,
    observer,
    mirror,
    memory,
    annotations,
    voice,
    deviceLocks,
  };
  const { bench, sweep } = benchmarks;
  const { simulators, demos, person } = desk;
  const handlers: Handlers = {
    ...appHandlers(services),
    ...deviceHandlers({ ...services, person }),
    ...mirrorHandlers({ mirror, person }),
    ...runHandlers(runs),
    ...exportHandlers({
      runs,
      repo: new RunsRepo(db),
      artifacts,
      paths,
      benchmarkReport: (ids) => bench.report(ids),
    }),
    ...modelHandlers({ settings }),
    ...simulatorHandlers({ simulators }),
    ...demoHandlers({ demos }),
    ...cockpitHandlers({ person }),
    ...memoryHandlers(memory),
    ...datasetHandlers({ db, artifacts, annotations, events, paths, benchmarks: bench.benchmarkRuns() }),
    ...voiceHandlers(voice),
    ...benchHandlers(bench),
    ...sweepHandlers(sweep),
  };
  let disposed = false;
  return {
    ...services,
    router: new ContractRouter(handlers),
    simulators,
    benchHost: benchmarks.benchHost,
    benchmarks: benchmarks.runner,
    async dispose() {
      if (disposed) return;
      disposed = true;
      // A benchmark running here is interrupted (resumable) and gives its phones back first.
      await bench.close();
      await simulators.close();
      // Runs end their loops (a waiting run stays waiting) before the database closes under them.
      await runs.dispose();
      core.owned.dispose();
    },
  };
}
