/**
 * What scrcpy-server 3.3.3 does before it mirrors, for options this phone answers honestly:
 * the `list_*` requests print their lists and end the run (no sockets, no tunnel); options it
 * cannot carry out — a camera as the video source (it has no camera), another display, a new
 * virtual display, a rotated or locked capture — end the run with an error saying so instead
 * of being ignored. `crop=W:H:X:Y` is parsed and checked against the display.
 */
import { displaySize } from '../device.ts';
import type { SimulatedDevice } from '../device.ts';
import type { ScrcpyServerOptions } from './server-options.ts';

export interface CropRect {
  width: number;
  height: number;
  x: number;
  y: number;
}

/** `W:H:X:Y`, as the server parses it; an error message for a malformed one. */
export function parseCrop(value: string): CropRect | string {
  const tokens = value.split(':');
  if (tokens.length !== 4 || tokens.some((t) => !/^\d+$/.test(t)))
    return `Crop must contains 4 values separated by colons: "${value}"`;
  const [width, height, x, y] = tokens.map(Number) as [number, number, number, number];
  if (width <= 0 || height <= 0) return `Invalid crop size: ${width}x${height}`;
  return { width, height, x, y };
}

/** Android apps as scrcpy's LogUtils lists them: system apps first, then by name, then package. */
function appList(device: SimulatedDevice): string {
  const apps = device
    .packages()
    .filter((p) => p.launchActivity !== '')
    .sort(
      (a, b) =>
        Number(b.system) - Number(a.system) ||
        a.label.localeCompare(b.label) ||
        a.packageName.localeCompare(b.packageName),
    );
  const column = 30;
  return apps
    .map(
      (app) =>
        `\n ${app.system ? '*' : '-'} ${app.label}${' '.repeat(Math.max(1, column - app.label.length))} ${app.packageName}`,
    )
    .join('');
}

/** The `[server] INFO:` messages for the list options, or undefined when none was asked for. */
export function listMessages(o: ScrcpyServerOptions, device: SimulatedDevice): string[] | undefined {
  const asked = (key: string) => o.ignored[key] === 'true';
  if (!['list_encoders', 'list_displays', 'list_cameras', 'list_camera_sizes', 'list_apps'].some(asked))
    return undefined;
  const { width, height } = displaySize(device);
  const out: string[] = [];
  if (asked('list_encoders'))
    out.push(
      'List of video encoders:\n    --video-codec=h264 --video-encoder=libx264     (sw)',
      'List of audio encoders:\n    (none)',
    );
  if (asked('list_displays')) out.push(`List of displays:\n    --display-id=0    (${width}x${height})`);
  if (asked('list_cameras') || asked('list_camera_sizes')) out.push('List of cameras:\n    (none)');
  if (asked('list_apps'))
    out.push('Processing Android apps... (this may take some time)', `List of apps:${appList(device)}`);
  return out;
}

/** Why this phone cannot mirror with these options, or undefined when it can. */
export function configurationError(o: ScrcpyServerOptions, device: SimulatedDevice): string | undefined {
  const value = (key: string) => o.ignored[key];
  if (o.video && o.videoCodec !== 'h264')
    return `Could not find any encoder for ${o.videoCodec} (this phone encodes H.264 only)`;
  if (value('video_source') === 'camera') return 'No matching camera found (the simulated phone has no camera)';
  if (value('video_source') !== undefined && value('video_source') !== 'display')
    return `Unsupported video source: ${value('video_source')}`;
  if (value('new_display') !== undefined) return 'New virtual displays are not supported by the simulated phone';
  const display = value('display_id');
  if (display !== undefined && display !== '0')
    return `Display ${display} not found\nList of displays:\n    --display-id=0`;
  if (value('angle') !== undefined && Number(value('angle')) % 360 !== 0)
    return `Rotating the capture by ${value('angle')}° is not supported by the simulated phone`;
  const orientation = value('capture_orientation');
  if (orientation !== undefined && !/^@?0$/.test(orientation))
    return `Capture orientation ${orientation} is not supported by the simulated phone (use 0 or @0)`;
  const crop = value('crop');
  if (crop !== undefined) {
    const rect = parseCrop(crop);
    if (typeof rect === 'string') return rect;
    const { width, height } = displaySize(device);
    if (rect.x + rect.width > width || rect.y + rect.height > height)
      return `Crop rectangle ${crop} does not fit the display (${width}x${height})`;
  }
  return undefined;
}
