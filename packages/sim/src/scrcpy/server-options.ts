/**
 * The command line of scrcpy-server 3.3.3 (`app_process / com.genymobile.scrcpy.Server 3.3.3
 * key=value…`), parsed the way the real server parses it: the first argument must be the
 * version, then only `key=value` pairs; unknown keys are warned about and ignored.
 */

/** The one server version this phone impersonates (what @yume-chan/scrcpy 2.3.0 speaks). */
export const SCRCPY_SERVER_VERSION = '3.3.3';

export const SCRCPY_SERVER_CLASS = 'com.genymobile.scrcpy.Server';

export type ScrcpyLogLevel = 'verbose' | 'debug' | 'info' | 'warn' | 'error';

export interface ScrcpyServerOptions {
  /** -1 = none (socket "scrcpy"), else the socket is `scrcpy_%08x`. */
  scid: number;
  logLevel: ScrcpyLogLevel;
  video: boolean;
  audio: boolean;
  control: boolean;
  videoCodec: string;
  /** 0 = no limit; otherwise max(width, height) of the video. */
  maxSize: number;
  videoBitRate: number;
  /** 0 = unlimited. */
  maxFps: number;
  tunnelForward: boolean;
  sendDeviceMeta: boolean;
  sendFrameMeta: boolean;
  sendDummyByte: boolean;
  sendCodecMeta: boolean;
  /** Options the server recognises but this phone does not act on (crop, display_id, …). */
  ignored: Record<string, string>;
  /** Keys the real server does not know: it prints a warning for each. */
  unknown: string[];
}

/** A command line the real server would refuse; `message` is what it prints after `[server] ERROR: `. */
export class ScrcpyOptionsError extends Error {
  override name = 'ScrcpyOptionsError';
}

const LOG_LEVELS: readonly ScrcpyLogLevel[] = ['verbose', 'debug', 'info', 'warn', 'error'];

/** Keys 3.3.3 accepts that change nothing on a simulated phone. */
const ACCEPTED_KEYS = new Set([
  'audio_codec',
  'audio_source',
  'audio_dup',
  'audio_bit_rate',
  'video_source',
  'angle',
  'crop',
  'display_id',
  'show_touches',
  'stay_awake',
  'screen_off_timeout',
  'video_codec_options',
  'audio_codec_options',
  'video_encoder',
  'audio_encoder',
  'power_off_on_close',
  'clipboard_autosync',
  'downsize_on_error',
  'cleanup',
  'power_on',
  'camera_id',
  'camera_size',
  'camera_facing',
  'camera_ar',
  'camera_fps',
  'camera_high_speed',
  'new_display',
  'vd_destroy_content',
  'vd_system_decorations',
  'capture_orientation',
  'display_ime_policy',
  'list_encoders',
  'list_displays',
  'list_cameras',
  'list_camera_sizes',
  'list_apps',
]);

/** The server uses Boolean.parseBoolean: anything but "true" (any case) is false. */
function parseBool(value: string): boolean {
  return value.toLowerCase() === 'true';
}

function parseInteger(key: string, value: string, radix = 10): number {
  const n = Number.parseInt(value, radix);
  if (!Number.isFinite(n) || !(radix === 16 ? /^-?[0-9a-f]+$/i : /^-?\d+$/).test(value)) {
    throw new ScrcpyOptionsError(`Invalid value for ${key}: ${value}`);
  }
  return n;
}

/**
 * Parses the arguments after the class name.
 * @throws ScrcpyOptionsError with the server's own wording for a version mismatch, a
 *   malformed pair or a bad value.
 */
export function parseScrcpyServerArgs(args: readonly string[]): ScrcpyServerOptions {
  const [clientVersion, ...pairs] = args;
  if (clientVersion === undefined) throw new ScrcpyOptionsError('Missing client version');
  if (clientVersion !== SCRCPY_SERVER_VERSION) {
    throw new ScrcpyOptionsError(
      `The server version (${SCRCPY_SERVER_VERSION}) does not match the client (${clientVersion})`,
    );
  }
  const options: ScrcpyServerOptions = {
    scid: -1,
    logLevel: 'debug',
    video: true,
    audio: true,
    control: true,
    videoCodec: 'h264',
    maxSize: 0,
    videoBitRate: 8_000_000,
    maxFps: 0,
    tunnelForward: false,
    sendDeviceMeta: true,
    sendFrameMeta: true,
    sendDummyByte: true,
    sendCodecMeta: true,
    ignored: {},
    unknown: [],
  };
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new ScrcpyOptionsError(`Invalid key=value pair: "${pair}"`);
    const key = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    switch (key) {
      case 'scid': {
        const scid = parseInteger(key, value, 16);
        if (scid < -1 || scid > 0x7fffffff)
          throw new ScrcpyOptionsError(`scid may not be negative (except -1 for 'none'): ${scid}`);
        options.scid = scid;
        break;
      }
      case 'log_level':
        if (!LOG_LEVELS.includes(value as ScrcpyLogLevel)) throw new ScrcpyOptionsError(`Invalid log level: ${value}`);
        options.logLevel = value as ScrcpyLogLevel;
        break;
      case 'video':
        options.video = parseBool(value);
        break;
      case 'audio':
        options.audio = parseBool(value);
        break;
      case 'control':
        options.control = parseBool(value);
        break;
      case 'video_codec':
        if (!['h264', 'h265', 'av1'].includes(value))
          throw new ScrcpyOptionsError(`Video codec ${value} not supported`);
        options.videoCodec = value;
        break;
      case 'max_size':
        // The server keeps max_size a multiple of 8.
        options.maxSize = parseInteger(key, value) & ~7;
        break;
      case 'video_bit_rate':
        options.videoBitRate = parseInteger(key, value);
        break;
      case 'max_fps': {
        const fps = Number.parseFloat(value);
        if (!Number.isFinite(fps) || fps < 0) throw new ScrcpyOptionsError(`Invalid value for max_fps: ${value}`);
        options.maxFps = fps;
        break;
      }
      case 'tunnel_forward':
        options.tunnelForward = parseBool(value);
        break;
      case 'send_device_meta':
        options.sendDeviceMeta = parseBool(value);
        break;
      case 'send_frame_meta':
        options.sendFrameMeta = parseBool(value);
        break;
      case 'send_dummy_byte':
        options.sendDummyByte = parseBool(value);
        break;
      case 'send_codec_meta':
        options.sendCodecMeta = parseBool(value);
        break;
      case 'raw_stream':
        if (parseBool(value)) {
          options.sendDeviceMeta = false;
          options.sendFrameMeta = false;
          options.sendDummyByte = false;
          options.sendCodecMeta = false;
        }
        break;
      default:
        if (ACCEPTED_KEYS.has(key)) options.ignored[key] = value;
        else options.unknown.push(key);
    }
  }
  return options;
}

/** The abstract socket the server listens on: `scrcpy` without scid, else `scrcpy_%08x`. */
export function scrcpySocketName(scid: number): string {
  return scid === -1 ? 'scrcpy' : `scrcpy_${scid.toString(16).padStart(8, '0')}`;
}

/**
 * The video size for a screen: scaled so that max(w, h) ≤ maxSize (0 = no limit), both
 * rounded down to multiples of 8 like the server does for its encoder.
 */
export function scaledVideoSize(width: number, height: number, maxSize: number): { width: number; height: number } {
  let w = width;
  let h = height;
  if (maxSize > 0 && Math.max(w, h) > maxSize) {
    if (w >= h) {
      h = Math.round((h * maxSize) / w);
      w = maxSize;
    } else {
      w = Math.round((w * maxSize) / h);
      h = maxSize;
    }
  }
  return { width: Math.max(8, w & ~7), height: Math.max(8, h & ~7) };
}
