/** Settings: Display, Sound, System, Languages, On-screen keyboard, Date & time. */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  ChoiceDialog,
  IconButton,
  ListItem,
  RadioButton,
  Scaffold,
  ScrollList,
  SectionHeader,
  Slider,
  Switch,
  SwitchItem,
} from '../../phone/page/widgets.ts';
import { go, on } from './model.ts';
import type { SettingsCtx } from './model.ts';

function page(ctx: SettingsCtx, title: string, ...rows: Array<VNode | VNode[] | null>): VNode {
  return Scaffold(ctx, {
    title: ctx.t(title),
    nav: 'back',
    large: true,
    body: ScrollList({ id: 'recycler_view' }, rows),
  });
}

const TIMEOUTS: ReadonlyArray<readonly [number, string]> = [
  [15000, '15 seconds'],
  [30000, '30 seconds'],
  [60000, '1 minute'],
  [120000, '2 minutes'],
  [300000, '5 minutes'],
  [600000, '10 minutes'],
  [1800000, '30 minutes'],
];
const FONT_SCALES: ReadonlyArray<readonly [string, string]> = [
  ['0.85', 'Small'],
  ['1.0', 'Default'],
  ['1.15', 'Large'],
  ['1.3', 'Largest'],
];
const BRIGHTNESS: readonly number[] = [10, 25, 50, 75, 100];

export const LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ['en-US', 'English (United States)'],
  ['zh-CN', '中文（简体）'],
];

function timeoutLabel(ctx: SettingsCtx): string {
  const ms = Number(ctx.setting('system', 'screen_off_timeout') ?? 600000);
  const found = TIMEOUTS.find(([value]) => value === ms);
  return ctx.t('After {n} of inactivity', { n: ctx.t(found?.[1] ?? '10 minutes') });
}

function brightnessPercent(ctx: SettingsCtx): number {
  return Math.round((Number(ctx.setting('system', 'screen_brightness') ?? 128) / 255) * 100);
}

export function displayScreen(ctx: SettingsCtx): VNode {
  const scale = ctx.setting('system', 'font_scale') ?? '1.0';
  return page(
    ctx,
    'Display',
    ListItem({
      key: 'brightness',
      title: ctx.t('Brightness level'),
      summary: `${brightnessPercent(ctx)}%`,
      onTap: () => ctx.openDialog('brightness'),
    }),
    SwitchItem({
      key: 'adaptive',
      title: ctx.t('Adaptive brightness'),
      checked: ctx.data.adaptiveBrightness,
      onToggle: (v) => (
        (ctx.data.adaptiveBrightness = v), ctx.putSetting('system', 'screen_brightness_mode', v ? '1' : '0')
      ),
    }),
    SwitchItem({
      key: 'dark',
      id: 'dark_ui_mode',
      title: ctx.t('Dark theme'),
      checked: ctx.dark,
      onToggle: (v) => ctx.putSetting('secure', 'ui_night_mode', v ? '2' : '1'),
    }),
    ListItem({
      key: 'timeout',
      title: ctx.t('Screen timeout'),
      summary: timeoutLabel(ctx),
      onTap: () => ctx.openDialog('timeout'),
    }),
    ListItem({
      key: 'font',
      title: ctx.t('Font size'),
      summary: ctx.t(FONT_SCALES.find(([v]) => v === scale)?.[1] ?? 'Default'),
      onTap: () => ctx.openDialog('font-size'),
    }),
    SwitchItem({
      key: 'rotate',
      title: ctx.t('Auto-rotate screen'),
      checked: on(ctx, 'system', 'accelerometer_rotation'),
      onToggle: (v) => ctx.putSetting('system', 'accelerometer_rotation', v ? '1' : '0'),
    }),
  );
}

function choiceDialog(
  ctx: SettingsCtx,
  title: string,
  choices: ReadonlyArray<{ label: string; checked: boolean; pick: () => void }>,
): VNode {
  return ChoiceDialog(ctx, title, choices);
}

export const displayDialogs = {
  timeout: (ctx: SettingsCtx, _d: DialogState): VNode => {
    const current = Number(ctx.setting('system', 'screen_off_timeout') ?? 600000);
    return choiceDialog(
      ctx,
      ctx.t('Screen timeout'),
      TIMEOUTS.map(([ms, label]) => ({
        label: ctx.t(label),
        checked: ms === current,
        pick: () => ctx.putSetting('system', 'screen_off_timeout', String(ms)),
      })),
    );
  },
  'font-size': (ctx: SettingsCtx, _d: DialogState): VNode => {
    const current = ctx.setting('system', 'font_scale') ?? '1.0';
    return choiceDialog(
      ctx,
      ctx.t('Font size'),
      FONT_SCALES.map(([value, label]) => ({
        label: ctx.t(label),
        checked: value === current,
        pick: () => ctx.putSetting('system', 'font_scale', value),
      })),
    );
  },
  brightness: (ctx: SettingsCtx, _d: DialogState): VNode => {
    const current = brightnessPercent(ctx);
    return choiceDialog(
      ctx,
      ctx.t('Brightness level'),
      BRIGHTNESS.map((pct) => ({
        label: `${pct}%`,
        checked: Math.abs(pct - current) < 3,
        pick: () => ctx.putSetting('system', 'screen_brightness', String(Math.round((pct / 100) * 255))),
      })),
    );
  },
};

function volumeRow(ctx: SettingsCtx, key: string, title: string, max: number): VNode {
  const value = Number(ctx.setting('system', key) ?? 0);
  const set = (v: number): void => ctx.putSetting('system', key, String(Math.max(0, Math.min(max, v))));
  return h(
    'LinearLayout',
    { key, orientation: 'horizontal', class: 'list-item' },
    h(
      'LinearLayout',
      { class: 'list-texts' },
      h('TextView', { id: 'android:id/title', class: 'list-title' }, ctx.t(title)),
      Slider({ id: 'seekbar', value, max, desc: `${ctx.t(title)} ${value}/${max}`, onChange: set }),
    ),
    IconButton({
      id: `${key}_down`,
      icon: 'chevron-left',
      desc: `${ctx.t('Decrease')} ${ctx.t(title)}`,
      onTap: () => set(value - 1),
      enabled: value > 0,
    }),
    IconButton({
      id: `${key}_up`,
      icon: 'chevron-right',
      desc: `${ctx.t('Increase')} ${ctx.t(title)}`,
      onTap: () => set(value + 1),
      enabled: value < max,
    }),
  );
}

export function soundScreen(ctx: SettingsCtx): VNode {
  return page(
    ctx,
    'Sound & vibration',
    volumeRow(ctx, 'volume_music', 'Media volume', 15),
    volumeRow(ctx, 'volume_ring', 'Ring volume', 7),
    volumeRow(ctx, 'volume_alarm', 'Alarm volume', 7),
    SwitchItem({
      key: 'dnd',
      title: ctx.t('Do Not Disturb'),
      checked: ctx.setting('global', 'zen_mode') === '1',
      onToggle: (v) => ctx.putSetting('global', 'zen_mode', v ? '1' : '0'),
    }),
    SwitchItem({
      key: 'vibrate',
      title: ctx.t('Vibrate for calls'),
      checked: ctx.data.vibrateForCalls,
      onToggle: (v) => (ctx.data.vibrateForCalls = v),
    }),
  );
}

export function systemScreen(ctx: SettingsCtx): VNode {
  const lang =
    LANGUAGES.find(([code]) =>
      (ctx.setting('system', 'system_locales') ?? 'en-US').startsWith(code.slice(0, 2)),
    )?.[1] ?? 'English (United States)';
  return page(
    ctx,
    'System',
    ListItem({
      key: 'languages',
      title: ctx.t('Languages'),
      summary: lang,
      icon: 'globe',
      onTap: () => go(ctx, 'languages'),
    }),
    ListItem({
      key: 'keyboard',
      title: ctx.t('On-screen keyboard'),
      summary: ctx.system.inputMethods.find((i) => i.id === ctx.setting('secure', 'default_input_method'))?.label,
      icon: 'keyboard',
      onTap: () => go(ctx, 'keyboards'),
    }),
    ListItem({
      key: 'datetime',
      title: ctx.t('Date & time'),
      summary: 'GMT+08:00',
      icon: 'clock',
      onTap: () => go(ctx, 'datetime'),
    }),
    ctx.setting('global', 'development_settings_enabled') === '1'
      ? ListItem({ key: 'dev', title: ctx.t('Developer options'), icon: 'settings' })
      : null,
    ListItem({ key: 'reset', title: ctx.t('Reset options'), icon: 'refresh' }),
  );
}

export function languagesScreen(ctx: SettingsCtx): VNode {
  const current = ctx.setting('system', 'system_locales') ?? 'en-US';
  return page(
    ctx,
    'Languages',
    SectionHeader(ctx.t('System languages')),
    LANGUAGES.map(([code, label]) =>
      RadioButton({
        key: code,
        id: 'language_item',
        text: label,
        checked: current.startsWith(code.slice(0, 2)),
        onSelect: () => ctx.putSetting('system', 'system_locales', code),
      }),
    ),
  );
}

export function keyboardsScreen(ctx: SettingsCtx): VNode {
  const enabled = (ctx.setting('secure', 'enabled_input_methods') ?? '').split(':').filter(Boolean);
  const current = ctx.setting('secure', 'default_input_method');
  return page(
    ctx,
    'On-screen keyboard',
    ctx.system.inputMethods.map((ime) =>
      ListItem({
        key: ime.id,
        title: ime.label,
        summary: ime.id,
        trailing: Switch({
          checked: enabled.includes(ime.id),
          onToggle: (v) => {
            const next = v ? [...enabled.filter((id) => id !== ime.id), ime.id] : enabled.filter((id) => id !== ime.id);
            if (next.length === 0) return;
            ctx.putSetting('secure', 'enabled_input_methods', next.join(':'));
            if (!v && current === ime.id) ctx.putSetting('secure', 'default_input_method', next[0] ?? '');
          },
        }),
      }),
    ),
    SectionHeader(ctx.t('Default keyboard')),
    ctx.system.inputMethods
      .filter((ime) => enabled.includes(ime.id))
      .map((ime) =>
        RadioButton({
          key: `d-${ime.id}`,
          text: ime.label,
          checked: current === ime.id,
          onSelect: () => ctx.putSetting('secure', 'default_input_method', ime.id),
        }),
      ),
  );
}

export function dateTimeScreen(ctx: SettingsCtx): VNode {
  return page(
    ctx,
    'Date & time',
    SwitchItem({
      key: 'auto',
      title: ctx.t('Set time automatically'),
      checked: on(ctx, 'global', 'auto_time'),
      onToggle: (v) => ctx.putSetting('global', 'auto_time', v ? '1' : '0'),
    }),
    ListItem({ key: 'zone', title: ctx.t('Time zone'), summary: 'GMT+08:00 China Standard Time' }),
    SwitchItem({
      key: '24h',
      title: ctx.t('Use 24-hour format'),
      checked: ctx.is24Hour,
      onToggle: (v) => ctx.putSetting('system', 'time_12_24', v ? '24' : '12'),
    }),
  );
}
