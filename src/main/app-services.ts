/** The services `createApp` builds: what the contract's handlers are given. */
import type { DeviceActGuard } from './agent/device-lock.ts';
import type { RunService } from './agent/run-service.ts';
import type { AnnotationService } from './annotations/annotation-service.ts';
import type { EventHub } from './event-hub.ts';
import type { DeviceService } from './device/device-service.ts';
import type { Observer } from './device/observe.ts';
import type { MemoryService } from './memory/memory-service.ts';
import type { MirrorService } from './mirror/mirror-service.ts';
import type { DataPaths } from './paths.ts';
import type { SettingsService } from './settings/settings-service.ts';
import type { ArtifactStore } from './store/artifacts.ts';
import type { Db } from './store/database.ts';
import type { VoiceService } from './voice/voice-service.ts';

export interface AppServices {
  readonly host: 'electron' | 'web';
  readonly startedAt: number;
  readonly paths: DataPaths;
  readonly db: Db;
  readonly artifacts: ArtifactStore;
  readonly settings: SettingsService;
  readonly events: EventHub;
  readonly runs: RunService;
  readonly devices: DeviceService;
  readonly observer: Observer;
  readonly mirror: MirrorService;
  readonly memory: MemoryService;
  readonly annotations: AnnotationService;
  readonly voice: VoiceService;
  /** Checked before any action on a device that is not a run's own (another process's run may hold it). */
  readonly deviceLocks: DeviceActGuard;
}
