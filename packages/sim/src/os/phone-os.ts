/**
 * The operating-system state of one simulated phone that lives beside its screen: processes,
 * the log, whether adbd runs as root. Shells, `app_process` programs and adbd's own services
 * share it; `sim-reset` and `reboot` start it over.
 */
import type { SimulatedDevice } from '../device.ts';
import { LogBuffer } from './log-buffer.ts';
import { ProcessTable } from './process-table.ts';

/** The uid Android gives an installed package (10000 + app id; system apps share 1000). */
export function packageUid(device: SimulatedDevice, packageName: string): number | undefined {
  const all = device.packages();
  const index = all.findIndex((p) => p.packageName === packageName);
  if (index < 0) return undefined;
  return (all[index] as { system: boolean }).system ? 1000 + index : 10100 + index;
}

export class PhoneOs {
  readonly device: SimulatedDevice;
  processes: ProcessTable;
  readonly log: LogBuffer;
  /** `adb root` restarted adbd as root (a userdebug build allows it); `adb unroot` undoes it. */
  root = false;
  /** Device clock when the phone (last) booted: `uptime`. */
  bootedAt: number;
  /** Set by the ADB server: drops its connections, as a rebooting phone's adbd does. */
  onReboot: (() => void) | undefined;

  constructor(device: SimulatedDevice) {
    this.device = device;
    this.processes = new ProcessTable({ now: () => device.now() });
    this.log = new LogBuffer({ now: () => device.now() });
    this.bootedAt = device.now() - 43_000;
  }

  /** The running apps' processes brought up to date with the phone (for ps, pidof, kill). */
  async refreshApps(): Promise<void> {
    const running = await this.device.runningApps();
    this.processes.syncApps(
      running.map((packageName) => ({ packageName, uid: packageUid(this.device, packageName) ?? 1000 })),
    );
  }

  /** After `sim-reset`: no app runs, the log holds the boot messages, adbd is not root. */
  reset(): void {
    this.processes.syncApps([]);
    this.log.boot();
    this.root = false;
    this.bootedAt = this.device.now() - 43_000;
  }

  /**
   * `reboot` / `svc power reboot` / adb's `reboot:`: every app process ends, the phone is back
   * on its home screen, the log starts over, adbd restarts unprivileged and drops its
   * connections (the adb server reconnects). App data and settings stay.
   */
  async reboot(): Promise<void> {
    for (const pkg of await this.device.runningApps()) await this.device.forceStop(pkg);
    await this.device.keyevent(3);
    this.reset();
    this.onReboot?.();
  }
}
