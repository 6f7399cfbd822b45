/**
 * A tiny in-memory phone for unit tests of the agent's loop logic (cursor, planning, gates,
 * recovery). It is NOT the simulated phone: integration tests run the agent on the real
 * simulated phone through the real adb server.
 */
import type { ActionCall } from '../../src/shared/actions.ts';
import type { Observation, UiElement } from '../../src/shared/schemas/perception.ts';
import type { ActionResult, AgentDevice, InstalledApp, ResolvedApp } from '../../src/main/agent/ports.ts';

type Screen = 'home' | 'settings' | 'wifi';

function el(index: number, text: string, y: number, attrs: string[] = ['clickable']): UiElement {
  return {
    index,
    bounds: [0, y, 1080, y + 150],
    center: [540, y + 75],
    text,
    contentDesc: '',
    resourceId: `toy:id/e${index}`,
    className: 'android.widget.TextView',
    packageName: 'toy',
    trueAttributes: attrs,
  };
}

export class ToyPhone implements AgentDevice {
  readonly serial = 'toy-1';
  screen: Screen = 'home';
  wifi = false;
  bluetooth = false;
  readonly executed: string[] = [];
  failNextObserve = false;

  /** The simulated phone's start: Mon 2025-06-02 09:00 in Shanghai. */
  async clock() {
    return { epochMs: 1_748_826_000_000, utcOffsetMinutes: 480, readAt: Date.now() };
  }

  async facts() {
    return { model: 'Toy', androidVersion: '14', width: 1080, height: 2400 };
  }

  async installedApps(): Promise<InstalledApp[]> {
    return [
      { packageName: 'com.android.settings', label: 'Settings', activity: '.Settings' },
      { packageName: 'com.android.deskclock', label: 'Clock', activity: '.DeskClock' },
    ];
  }

  elements(): UiElement[] {
    switch (this.screen) {
      case 'home':
        return [el(1, 'Settings', 300), el(2, 'Clock', 500)];
      case 'settings':
        return [el(1, 'Network & internet', 300), el(2, 'Connected devices', 500), el(-1, 'Settings', 100, [])];
      case 'wifi':
        return [
          el(1, `Wi-Fi ${this.wifi ? 'on' : 'off'}`, 300, [
            'clickable',
            'checkable',
            ...(this.wifi ? ['checked'] : []),
          ]),
          el(2, `Bluetooth ${this.bluetooth ? 'on' : 'off'}`, 500),
        ];
    }
  }

  async observe(): Promise<Observation> {
    if (this.failNextObserve) {
      this.failNextObserve = false;
      throw Object.assign(new Error('device vanished'), { name: 'MobaError', code: 'DEVICE_OFFLINE' });
    }
    return {
      serial: this.serial,
      capturedAt: Date.now(),
      source: 'screencap',
      screen: { width: 1080, height: 2400, rotation: 0 },
      screenshot: null,
      marked: null,
      xml: null,
      elements: this.elements(),
      elementsFrom: 'xml',
      currentApp:
        this.screen === 'home'
          ? { packageName: 'com.android.launcher3', activity: '.Launcher' }
          : { packageName: 'com.android.settings', activity: `.${this.screen}` },
      keyboardShown: false,
      problems: [],
      timings: {},
    };
  }

  async execute(action: ActionCall, ctx: { resolveApp(d: string): Promise<ResolvedApp> }): Promise<ActionResult> {
    const ok = (detail: string): ActionResult => ({ ok: true, error: null, durationMs: 1, settleMs: 0, detail });
    this.executed.push(`${action.name}${JSON.stringify(action.params)}`);
    if (action.name === 'Open_App') {
      const app = await ctx.resolveApp(action.params.app);
      if (app.packageName === 'com.android.settings') this.screen = 'settings';
      return ok(`opened ${app.packageName}`);
    }
    if (action.name === 'Home') {
      this.screen = 'home';
      return ok('home');
    }
    if (action.name === 'Click') {
      const target = this.elements().find((e) => e.index === action.params.index)?.text ?? '';
      if (target === 'Settings') this.screen = 'settings';
      else if (target === 'Network & internet') this.screen = 'wifi';
      else if (target.startsWith('Wi-Fi')) this.wifi = !this.wifi;
      else if (target.startsWith('Bluetooth')) this.bluetooth = !this.bluetooth;
      return ok(`clicked ${target}`);
    }
    return {
      ok: false,
      error: { name: 'MobaError', code: 'ACTION_FAILED', message: `${action.name} is not supported by the toy phone` },
      durationMs: 1,
      settleMs: 0,
      detail: '',
    };
  }
}
