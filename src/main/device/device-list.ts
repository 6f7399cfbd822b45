/** `adb devices -l` → the contract's DeviceSummary. */
import { DEVICE_STATES } from '../../shared/contract/devices.ts';
import type { DeviceState, DeviceSummary, DeviceTransport } from '../../shared/contract/devices.ts';
import { parseDevicesLong } from './device-parsers.ts';
import type { DevicesLine } from './device-parsers.ts';

export function normaliseState(raw: string): DeviceState {
  const s = raw.trim().toLowerCase();
  if (s.startsWith('no permissions')) return 'no permissions';
  return (DEVICE_STATES as readonly string[]).includes(s) ? (s as DeviceState) : 'unknown';
}

export function transportOf(serial: string, usb: string | undefined): DeviceTransport {
  if (/^emulator-\d+$/.test(serial)) return 'emulator';
  if (usb) return 'usb';
  if (/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d+$/.test(serial) || /\._adb-tls-connect\._tcp/.test(serial)) return 'tcp';
  return 'unknown';
}

export function toSummary(line: DevicesLine): DeviceSummary {
  return {
    serial: line.serial,
    state: normaliseState(line.state),
    transport: transportOf(line.serial, line.usb),
    product: line.product ?? null,
    model: line.model ?? null,
    device: line.device ?? null,
    transportId: line.transportId ?? null,
  };
}

export function parseDeviceSummaries(text: string): DeviceSummary[] {
  return parseDevicesLong(text).map(toSummary);
}
