/**
 * `dumpsys` services agents and tools read: window (mCurrentFocus / mFocusedApp, rotation),
 * activity (mResumedActivity, top with the app's pid), input_method (mInputShown), battery,
 * and display, power, input, audio, package (dumpsys-system.ts); `-l` lists them.
 */
import { displayRotation, displaySize } from '../../device.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { audioDump, displayDump, inputDump, packageDump, powerDump, rotationBlock } from './dumpsys-system.ts';
import { activityRecord, command, identityHash, longComponent, shortComponent, taskId, windowRecord } from './util.ts';

async function window(ctx: CommandContext, section: string | undefined): Promise<string> {
  const { density } = ctx.device.props;
  const physical = ctx.device.props;
  const { width, height } = displaySize(ctx.device);
  const landscape = displayRotation(ctx.device) % 2 === 1;
  const focus = await ctx.device.focus();
  const keyboard = await ctx.device.keyboardShown();
  const win = windowRecord(focus);
  const app = activityRecord(focus);
  const ime = `Window{${identityHash('ime')} u0 InputMethod}`;
  const lines: string[] = [];
  if (section === undefined || section === 'windows') {
    lines.push('WINDOW MANAGER WINDOWS (dumpsys window windows)');
    if (keyboard)
      lines.push(
        `  Window #0 ${ime}:`,
        `    mDisplayId=0 rootTaskId=1 mSession=Session{${identityHash('session-ime')} 2345:u0a10120} mClient=android.os.BinderProxy@${identityHash('client-ime')}`,
        '    mViewVisibility=0x0 mHaveFrame=true mObscured=false',
        '    isOnScreen=true',
        '    isVisible=true',
      );
    lines.push(
      `  Window #${keyboard ? 1 : 0} ${win}:`,
      `    mDisplayId=0 rootTaskId=${taskId(focus.packageName)} mSession=Session{${identityHash(`session:${focus.packageName}`)} 3456:u0a10150} mClient=android.os.BinderProxy@${identityHash(`client:${focus.packageName}`)}`,
      `    mOwnerUid=10150 showForAllUsers=false package=${focus.packageName} appop=NONE`,
      '    mViewVisibility=0x0 mHaveFrame=true mObscured=false',
      '    isOnScreen=true',
      '    isVisible=true',
    );
    lines.push(
      '',
      `  mGlobalConfiguration={1.0 ?mcc?mnc [en_US] ldltr sw411dp w411dp h914dp 420dpi nrml long ${landscape ? 'land' : 'port'} finger -keyb/v/h -nav/h winConfig={ mBounds=Rect(0, 0 - ` +
        `${width}, ${height})` +
        '} s.1}',
    );
    lines.push('  mHasPermanentDpad=false', '  mTopFocusedDisplayId=0');
    if (keyboard)
      lines.push(`  mInputMethodTarget in display# 0 ${win}`, `  mInputMethodInputTarget in display# 0 ${win}`);
    lines.push(`  mInputMethodWindow=${keyboard ? ime : 'null'}`);
    lines.push(`  mCurrentFocus=${win}`, `  mFocusedApp=${app}`);
  }
  if (section === undefined || section === 'displays') {
    lines.push('WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)');
    lines.push(`  Display: mDisplayId=0 rootTasks=1`);
    lines.push(
      `    init=${physical.width}x${physical.height} ${density}dpi cur=${width}x${height} app=${width}x${height - 126} rng=${physical.width}x${physical.width - 63}-${physical.height}x${physical.height - 63}`,
    );
    lines.push(`    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,${width},${height}))`);
    lines.push(...rotationBlock(ctx));
    // The full dump shows the focus once (in the windows section), like `dumpsys window | grep` expects.
    if (section === 'displays') lines.push('', `  mCurrentFocus=${win}`, `  mFocusedApp=${app}`);
  }
  return `${lines.join('\n')}\n`;
}

async function activity(ctx: CommandContext, section: string | undefined): Promise<string> {
  const focus = await ctx.device.focus();
  const record = activityRecord(focus);
  const task = taskId(focus.packageName);
  if (section === 'top') {
    await ctx.os.refreshApps();
    const pid = ctx.os.processes.appPid(focus.packageName) ?? 0;
    return `TASK ${focus.packageName} id=${task} userId=0\n  ACTIVITY ${shortComponent(focus.packageName, focus.activity)} ${identityHash(`top:${focus.packageName}`)} pid=${pid}\n`;
  }
  return [
    'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
    'Display #0 (activities from top to bottom):',
    `  * Task{${identityHash(`task:${focus.packageName}`)} #${task} type=standard A=10150:${focus.packageName} U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=1}`,
    `    mResumedActivity: ${record}`,
    `    * Hist #0: ${record}`,
    `        packageName=${focus.packageName} processName=${focus.packageName}`,
    `        intent={act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=${shortComponent(focus.packageName, focus.activity)}}`,
    '',
    `  ResumedActivity: ${record}`,
    '',
    `  mFocusedApp=${record}`,
    `  topResumedActivity=${record}`,
    `  mLastFocusedRootTask=Task{${identityHash(`task:${focus.packageName}`)} #${task} type=standard A=10150:${focus.packageName}}`,
    '',
  ].join('\n');
}

async function inputMethod(ctx: CommandContext): Promise<string> {
  const shown = await ctx.device.keyboardShown();
  const focus = await ctx.device.focus();
  const current = ctx.device.currentInputMethod();
  const methods = ctx.device.inputMethods();
  return [
    'Current Input Method Manager state:',
    `  Input Methods: mMethodMapUpdateCount=${methods.length}`,
    ...methods.map(
      (m) =>
        `  InputMethod #${methods.indexOf(m)}:\n    mId=${m.id} mSettingsActivityName=null mIsVrOnly=false mSupportsSwitchingToNextInputMethod=false`,
    ),
    `  mCurMethodId=${current}`,
    `  mCurFocusedWindow=${windowRecord(focus)}`,
    `  mCurFocusedWindowSoftInputMode=STATE_UNSPECIFIED|ADJUST_RESIZE`,
    `  mCurId=${current} mHaveConnection=true mBoundToMethod=true mVisibleBound=${shown}`,
    `  mShowRequested=${shown} mShowExplicitlyRequested=false mShowForced=false mInputShown=${shown}`,
    `  mImeWindowVis=${shown ? 3 : 0}`,
    `  mCurClient=ClientState{${identityHash(`client:${focus.packageName}`)} mUid=10150 mPid=3456 mSelfReportedDisplayId=0}`,
    `  mCurToken=Binder{${identityHash('token')}} ${longComponent(focus.packageName, focus.activity)}`,
    '',
  ].join('\n');
}

const BATTERY = `Current Battery Service state:
  AC powered: false
  USB powered: true
  Wireless powered: false
  Max charging current: 500000
  Max charging voltage: 5000000
  Charge counter: 4000000
  status: 2
  health: 2
  present: true
  level: 100
  scale: 100
  voltage: 4300
  temperature: 250
  technology: Li-ion
`;

const SERVICES = ['activity', 'audio', 'battery', 'display', 'input', 'input_method', 'package', 'power', 'window'];

export const dumpsys: ShellCommand = command('dumpsys', async (ctx) => {
  const [service, section] = ctx.args.filter((a) => a !== '-a');
  switch (service) {
    case '-l':
      await ctx.out(`Currently running services:\n${SERVICES.map((s) => `  ${s}\n`).join('')}`);
      return 0;
    case 'window': {
      const s = section === 'w' ? 'windows' : section === 'd' ? 'displays' : section;
      await ctx.out(await window(ctx, s === 'windows' || s === 'displays' ? s : undefined));
      return 0;
    }
    case 'activity': {
      const s = section === 'a' ? 'activities' : section;
      await ctx.out(await activity(ctx, s === 'top' ? 'top' : undefined));
      return 0;
    }
    case 'input_method':
      await ctx.out(await inputMethod(ctx));
      return 0;
    case 'battery':
      await ctx.out(BATTERY);
      return 0;
    case 'display':
      await ctx.out(displayDump(ctx));
      return 0;
    case 'power':
      await ctx.out(powerDump(ctx));
      return 0;
    case 'input':
      await ctx.out(inputDump(ctx));
      return 0;
    case 'audio':
      await ctx.out(audioDump(ctx));
      return 0;
    case 'package':
      await ctx.out(packageDump(ctx, section));
      return 0;
    case undefined:
      for (const s of ['window', 'activity', 'input_method', 'battery']) {
        await ctx.out(
          `-------------------------------------------------------------------------------\nDUMP OF SERVICE ${s}:\n`,
        );
        await (ctx.commands.get('dumpsys')?.run({ ...ctx, args: [s] }) ?? Promise.resolve(0));
      }
      return 0;
    default:
      await ctx.out(`Can't find service: ${service}\n`);
      return 0;
  }
});
