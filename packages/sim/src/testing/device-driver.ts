/**
 * Driving a SimulatedDevice the way an agent does: read the dump, tap a node's centre.
 */
import type { SimulatedDevice } from '../device.ts';
import { requireNode } from './ui-dump.ts';
import type { DumpNode, NodeQuery } from './ui-dump.ts';

/** The active window, as `uiautomator dump` gives it (what agents read). */
export async function dump(device: SimulatedDevice): Promise<string> {
  return device.dumpUi({ compressed: false });
}

/** Every window on screen (status bar, app, dialog, keyboard, navigation bar): what a person sees. */
export async function dumpAll(device: SimulatedDevice): Promise<string> {
  return device.dumpUi({ compressed: false, allWindows: true });
}

/**
 * Taps the centre of the first node matching `q` in any window a person sees (the keyboard's
 * keys included; throws with the dump's content if none).
 */
export async function tapOn(device: SimulatedDevice, q: NodeQuery): Promise<DumpNode> {
  const node = requireNode(await dumpAll(device), q);
  await device.tap(node.center.x, node.center.y);
  return node;
}

/** Swipes up in the middle of the screen until `q` is on screen (at most `tries` times). */
export async function scrollTo(device: SimulatedDevice, q: NodeQuery, tries = 6): Promise<DumpNode> {
  const { width, height } = device.props;
  for (let i = 0; i < tries; i++) {
    try {
      return requireNode(await dump(device), q);
    } catch {
      await device.swipe(width / 2, height * 0.7, width / 2, height * 0.35, 300);
    }
  }
  return requireNode(await dump(device), q);
}
