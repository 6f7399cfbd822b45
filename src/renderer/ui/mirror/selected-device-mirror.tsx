/**
 * The live mirror of the device chosen in the cockpit's composer (the device store's
 * selection, else the first online device); `empty` when no device is online.
 */
import type { ReactNode } from 'react';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { useDeviceStore } from '../../state/device-store.ts';
import { MirrorView } from './mirror-view.tsx';

export interface SelectedDeviceMirrorProps {
  empty: ReactNode;
  onSelectElement?: (element: UiElement) => void;
}

export function SelectedDeviceMirror({ empty, onSelectElement }: SelectedDeviceMirrorProps) {
  const devices = useDeviceStore((s) => s.devices);
  const selected = useDeviceStore((s) => s.selected);
  const online = devices.filter((d) => d.state === 'device');
  const serial = selected && online.some((d) => d.serial === selected) ? selected : online[0]?.serial;
  if (!serial) return <>{empty}</>;
  // Keyed by serial: switching devices starts from a clean view.
  return <MirrorView key={serial} serial={serial} {...(onSelectElement ? { onSelectElement } : {})} />;
}
