/**
 * `dumpsys display | power | input | audio | package <pkg>`: the lines the common clients
 * parse — adbutils' `rotation()` (the first `orientation=N`), `is_screen_on()`
 * (`mHoldingDisplaySuspendBlocker=true`), `app_info()` (versionName, versionCode,
 * PackageSignatures, pkgFlags, firstInstallTime, lastUpdateTime), uiautomator2's targetSdk and
 * permission grants, `SurfaceOrientation` for older scripts — in Android 14's layout.
 */
import { displayRotation, displaySize } from '../../device.ts';
import type { PackageInfo } from '../../device.ts';
import { packageUid } from '../../os/phone-os.ts';
import type { CommandContext } from '../registry.ts';
import { deviceTimeZone, fullClassName, identityHash, pad2, zonedParts } from './util.ts';

const ROTATION_NAMES = ['ROTATION_0', 'ROTATION_90', 'ROTATION_180', 'ROTATION_270'];

export function rotationBlock(ctx: CommandContext): string[] {
  const rotation = displayRotation(ctx.device);
  const auto = ctx.device.getSetting('system', 'accelerometer_rotation') === '1';
  return [
    '  DisplayRotation',
    '    mCurrentAppOrientation=SCREEN_ORIENTATION_UNSPECIFIED',
    `    mRotation=${rotation} mDeferredRotationPauseCount=0`,
    '    mLandscapeRotation=ROTATION_90 mSeascapeRotation=ROTATION_270',
    '    mPortraitRotation=ROTATION_0 mUpsideDownRotation=ROTATION_180',
    `    mUserRotationMode=${auto ? 'USER_ROTATION_FREE' : 'USER_ROTATION_LOCKED'} mUserRotation=${ROTATION_NAMES[rotation]} mCameraRotationMode=0 mAllowAllRotations=unknown`,
  ];
}

export function displayDump(ctx: CommandContext): string {
  const { width, height, density } = ctx.device.props;
  const logical = displaySize(ctx.device);
  const rotation = displayRotation(ctx.device);
  const frame = `Rect(0, 0 - ${logical.width}, ${logical.height})`;
  return [
    'DISPLAY MANAGER (dumpsys display)',
    '  mOnlyCode=false',
    '  mSafeMode=false',
    '  mPendingTraversal=false',
    '  mViewports=[DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, ' +
      `uniqueId='local:0', physicalPort=0, orientation=${rotation}, logicalFrame=${frame}, physicalFrame=${frame}, ` +
      `deviceWidth=${logical.width}, deviceHeight=${logical.height}}]`,
    '  mDefaultDisplayDevice:',
    `  DisplayDeviceInfo{"Built-in Screen": uniqueId="local:0", ${width} x ${height}, modeId 1, defaultModeId 1, ` +
      `density ${density}, ${density}.0 x ${density}.0 dpi, appVsyncOff 0, presDeadline 16666666, touch INTERNAL, ` +
      'rotation 0, type INTERNAL, address {port=0}, deviceProductInfo null, state ON, FLAG_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE}',
    `    mCurrentOrientation=${rotation}`,
    '  mScreenState=ON',
    '  Logical Displays: size=1',
    `  Display 0:\n    mDisplayId=0\n    mPhase=1\n    mLayerStack=0\n    mHasContent=true\n    mBaseDisplayInfo=DisplayInfo{"Built-in Screen", displayId 0, real ${width} x ${height}}`,
    `    mOverrideDisplayInfo=DisplayInfo{"Built-in Screen", displayId 0, real ${logical.width} x ${logical.height}, rotation ${rotation}, density ${density}}`,
    '',
  ].join('\n');
}

export function powerDump(ctx: CommandContext): string {
  const stayOn = ctx.device.getSetting('global', 'stay_on_while_plugged_in') ?? '0';
  return [
    'POWER MANAGER (dumpsys power)',
    '',
    'Power Manager State:',
    '  mDirty=0x0',
    '  mWakefulness=Awake',
    '  mWakefulnessChanging=false',
    '  mIsPowered=true',
    '  mPlugType=2',
    '  mBatteryLevel=100',
    '  mDockState=0',
    `  mStayOn=${stayOn !== '0'}`,
    '  mProximityPositive=false',
    '  mBootCompleted=true',
    '  mSystemReady=true',
    '  mHalAutoSuspendModeEnabled=false',
    '  mHalInteractiveModeEnabled=true',
    '  mWakeLockSummary=0x0',
    '  mUserActivitySummary=0x1',
    '  mRequestWaitForNegativeProximity=false',
    '  mSandmanScheduled=false',
    '  mBatterySaverEnabled=false',
    '  mDisplayReady=true',
    '  mHoldingWakeLockSuspendBlocker=false',
    '  mHoldingDisplaySuspendBlocker=true',
    '',
    'Settings and Configuration:',
    `  mScreenOffTimeoutSetting=${ctx.device.getSetting('system', 'screen_off_timeout') ?? '600000'}`,
    `  mStayOnWhilePluggedInSetting=${stayOn}`,
    '',
    'Display Power: state=ON',
    '',
  ].join('\n');
}

export function inputDump(ctx: CommandContext): string {
  const logical = displaySize(ctx.device);
  const rotation = displayRotation(ctx.device);
  return [
    'INPUT MANAGER (dumpsys input)',
    '',
    'Input Manager Service (Java) State:',
    'Input Reader State (Nums of device: 1):',
    '  Device 2: virtio_input_multi_touch',
    '    Sources: TOUCHSCREEN',
    '    Touch Input Mapper (mode - DIRECT):',
    '      Viewport INTERNAL: displayId=0, uniqueId=local:0, port=0, ' +
      `orientation=${rotation}, logicalFrame=[0, 0, ${logical.width}, ${logical.height}], isActive=[1]`,
    `      SurfaceWidth: ${logical.width}px`,
    `      SurfaceHeight: ${logical.height}px`,
    `      SurfaceOrientation: ${rotation}`,
    '',
  ].join('\n');
}

const STREAMS: ReadonlyArray<readonly [string, string, number, number]> = [
  ['STREAM_VOICE_CALL', 'volume_voice', 1, 5],
  ['STREAM_SYSTEM', 'volume_system', 0, 7],
  ['STREAM_RING', 'volume_ring', 0, 7],
  ['STREAM_MUSIC', 'volume_music', 0, 15],
  ['STREAM_ALARM', 'volume_alarm', 1, 7],
  ['STREAM_NOTIFICATION', 'volume_notification', 0, 7],
];

export function audioDump(ctx: CommandContext): string {
  const lines = ['Stream volumes (device: index)'];
  for (const [name, key, min, max] of STREAMS) {
    const index = Number(ctx.device.getSetting('system', key) ?? Math.ceil(max / 2));
    lines.push(
      `- ${name}:`,
      '   Muted: false',
      `   Min: ${min}`,
      `   Max: ${max}`,
      `   streamVolume:${index}`,
      `   Current: 2 (speaker): ${index}, 40000000 (default): ${index}`,
      '   Devices: speaker',
    );
  }
  const dnd = ctx.device.getSetting('global', 'zen_mode') ?? '0';
  lines.push(
    '',
    'Ringer mode: ',
    `- mode (internal) = ${dnd === '0' ? 'NORMAL' : 'SILENT'}`,
    `- mode (external) = ${dnd === '0' ? 'NORMAL' : 'SILENT'}`,
  );
  lines.push('', 'Audio mode: ', '- Requested mode = MODE_NORMAL', '- Actual mode = MODE_NORMAL', '');
  return lines.join('\n');
}

/** Android's `yyyy-MM-dd HH:mm:ss` in the device zone. */
function dateTime(ctx: CommandContext, epochMs: number): string {
  const t = zonedParts(epochMs, deviceTimeZone(ctx));
  return `${t.year}-${pad2(t.month)}-${pad2(t.day)} ${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}`;
}

/** What the phone says about an installed package's version; system apps carry the platform's. */
function versionOf(pkg: PackageInfo, sdk: number): { name: string; code: number } {
  return pkg.system ? { name: String(sdk === 34 ? 14 : sdk), code: sdk } : { name: '1.0.0', code: 100 };
}

export function packageDump(ctx: CommandContext, name: string | undefined): string {
  const all = ctx.device.packages();
  const pkg = all.find((p) => p.packageName === name);
  if (!pkg) return name === undefined ? 'Packages:\n' : `Unable to find package: ${name}\n`;
  const sdk = ctx.device.props.sdk;
  const version = versionOf(pkg, sdk);
  const uid = packageUid(ctx.device, pkg.packageName) ?? 1000;
  const hash = identityHash(`pkg:${pkg.packageName}`);
  const installed = dateTime(ctx, Date.UTC(2025, 4, 20, 2, 0, 0));
  const flags = pkg.system
    ? '[ SYSTEM HAS_CODE ALLOW_CLEAR_USER_DATA ]'
    : '[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]';
  const lines = ['Activity Resolver Table:', '  Non-Data Actions:'];
  if (pkg.launchActivity)
    lines.push(
      '      android.intent.action.MAIN:',
      `        ${identityHash(`filter:${pkg.packageName}`)} ${pkg.packageName}/${fullClassName(pkg.packageName, pkg.launchActivity)} filter ${identityHash(`f:${pkg.packageName}`)}`,
      '          Action: "android.intent.action.MAIN"',
      '          Category: "android.intent.category.LAUNCHER"',
    );
  lines.push(
    '',
    'Packages:',
    `  Package [${pkg.packageName}] (${hash}):`,
    `    userId=${uid}`,
    `    pkg=Package{${identityHash(`p:${pkg.packageName}`)} ${pkg.packageName}}`,
    `    codePath=${pkg.apkPath.replace(/\/[^/]+\.apk$/, '')}`,
    `    resourcePath=${pkg.apkPath.replace(/\/[^/]+\.apk$/, '')}`,
    '    primaryCpuAbi=x86_64',
    '    secondaryCpuAbi=null',
    `    versionCode=${version.code} minSdk=26 targetSdk=${sdk}`,
    `    versionName=${version.name}`,
    `    flags=${flags}`,
    `    timeStamp=${installed}`,
    `    firstInstallTime=${installed}`,
    `    lastUpdateTime=${installed}`,
    `    signatures=PackageSignatures{${identityHash(`s:${pkg.packageName}`)} version:2, signatures:[${identityHash('moba-release-key')}], past signatures:[]}`,
    `    pkgFlags=${flags}`,
    '    requested permissions:',
    '      android.permission.INTERNET',
    '      android.permission.POST_NOTIFICATIONS',
    '    install permissions:',
    '      android.permission.INTERNET: granted=true',
    '    User 0: ceDataInode=0 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false',
    '      runtime permissions:',
    '        android.permission.POST_NOTIFICATIONS: granted=true',
    '',
  );
  return lines.join('\n');
}
