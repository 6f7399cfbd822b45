/** Options and frame types of the simulated phone. */
import type { ClockPolicy } from '../device-clock.ts';
import type { SharedBrowser } from './browser.ts';

export interface SimulatedPhoneOptions {
  seed?: number;
  width?: number;
  height?: number;
  density?: number;
  serial?: string;
  /** Share one Chromium between phones; without it the phone launches (and owns) its own. */
  browser?: SharedBrowser;
  /**
   * Device clock at start/reset: epoch ms, or `seeded` for the start the seed draws (a day of
   * 2025, 07:00–20:00; see time.ts) (default Mon 2025-06-02 09:00 Asia/Shanghai).
   */
  clockStart?: number | 'seeded';
  /** Stop the device clock (it still jumps on `setClock`); for tests comparing screens. */
  freezeClock?: boolean;
  /** How the clock moves at start and after `reset` (wins over `freezeClock`); default real. */
  clockPolicy?: ClockPolicy;
  /** IANA zone the device shows times in (default Asia/Shanghai). */
  timezone?: string;
}

export interface CaptureFrameOptions {
  format?: 'png' | 'jpeg';
  /** JPEG quality 0–100 (default 80). */
  quality?: number;
  /** Longest side in pixels; the frame is scaled down to fit (default: full size). */
  maxSize?: number;
}

export interface CapturedFrame {
  data: Uint8Array;
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  /** The screen version the frame shows (changes whenever the screen may have changed). */
  version: number;
}

let serialCounter = 0;

/** A serial for phones created without one: distinct per phone in this process. */
export function nextSerial(): string {
  serialCounter++;
  return `MOBASIM${String(serialCounter).padStart(4, '0')}`;
}
