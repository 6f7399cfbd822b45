/** Settings: Network & internet, Wi-Fi (Internet), network details, Bluetooth pairing. */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  Icon,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
  SwitchItem,
} from '../../phone/page/widgets.ts';
import { go, on, setAirplane, setWifi } from './model.ts';
import type { SettingsCtx, WifiNetwork } from './model.ts';

function page(ctx: SettingsCtx, title: string, ...rows: Array<VNode | VNode[] | null>): VNode {
  return Scaffold(ctx, {
    title: ctx.t(title),
    nav: 'back',
    large: true,
    body: ScrollList({ id: 'recycler_view' }, rows),
  });
}

export function networkScreen(ctx: SettingsCtx): VNode {
  const wifi = on(ctx, 'global', 'wifi_on');
  const airplane = on(ctx, 'global', 'airplane_mode_on');
  return page(
    ctx,
    'Network & internet',
    ListItem({
      key: 'internet',
      title: ctx.t('Internet'),
      summary: wifi && ctx.data.connected ? ctx.data.connected : wifi ? ctx.t('Not connected') : ctx.t('Off'),
      icon: 'wifi',
      onTap: () => go(ctx, 'wifi'),
    }),
    ListItem({ key: 'sims', title: ctx.t('SIMs'), summary: airplane ? ctx.t('Off') : 'MobA Mobile', icon: 'phone' }),
    SwitchItem({
      key: 'airplane',
      title: ctx.t('Airplane mode'),
      icon: 'airplane',
      checked: airplane,
      onToggle: (v) => setAirplane(ctx, v),
    }),
    SwitchItem({
      key: 'hotspot',
      title: ctx.t('Hotspot & tethering'),
      icon: 'wifi',
      checked: ctx.data.hotspot,
      onToggle: (v) => (ctx.data.hotspot = v),
    }),
    SwitchItem({
      key: 'saver',
      title: ctx.t('Data Saver'),
      checked: ctx.data.dataSaver,
      onToggle: (v) => (ctx.data.dataSaver = v),
    }),
    ListItem({ key: 'vpn', title: ctx.t('VPN'), summary: ctx.t('None') }),
    ListItem({ key: 'dns', title: ctx.t('Private DNS'), summary: ctx.t('Automatic') }),
  );
}

function signalWord(ctx: SettingsCtx, bars: number): string {
  return ctx.t(bars >= 4 ? 'Excellent' : bars === 3 ? 'Good' : bars === 2 ? 'Fair' : 'Poor');
}

function connect(ctx: SettingsCtx, network: WifiNetwork): void {
  if (network.password !== null && !network.saved) {
    ctx.ui.password = '';
    ctx.ui.wrongPassword = null;
    ctx.openDialog('wifi-password', { ssid: network.ssid });
    ctx.focus('wifi-password');
    return;
  }
  network.saved = true;
  ctx.data.connected = network.ssid;
}

export function wifiScreen(ctx: SettingsCtx): VNode {
  const wifi = on(ctx, 'global', 'wifi_on');
  const connected = ctx.data.networks.find((n) => n.ssid === ctx.data.connected);
  const others = [...ctx.data.networks]
    .filter((n) => n.ssid !== ctx.data.connected)
    .sort((a, b) => b.signal - a.signal || a.ssid.localeCompare(b.ssid));
  const row = (network: WifiNetwork, isConnected: boolean): VNode =>
    ListItem({
      key: network.ssid,
      title: network.ssid,
      summary: isConnected
        ? ctx.t('Connected')
        : ctx.ui.wrongPassword === network.ssid
          ? ctx.t('Check password and try again')
          : network.saved
            ? ctx.t('Saved')
            : undefined,
      icon: 'wifi',
      iconColor: isConnected ? 'var(--primary)' : undefined,
      desc: `${network.ssid},${network.password ? 'Secure network' : 'Open network'},${signalWord(ctx, network.signal)}`,
      trailing: network.password ? Icon('lock', { size: 18 }) : undefined,
      onTap: () => (isConnected ? go(ctx, 'wifi-detail', { ssid: network.ssid }) : connect(ctx, network)),
    });
  return page(
    ctx,
    'Internet',
    SwitchItem({
      key: 'master',
      id: 'wifi_toggle',
      title: ctx.t('Wi‑Fi'),
      checked: wifi,
      switchId: 'android:id/switch_widget',
      onToggle: (v) => setWifi(ctx, v),
    }),
    wifi && connected ? row(connected, true) : null,
    wifi ? others.map((n) => row(n, false)) : null,
    wifi ? ListItem({ key: 'add', title: ctx.t('Add network'), icon: 'add' }) : null,
    ListItem({
      key: 'saved',
      title: ctx.t('Saved networks'),
      summary: String(ctx.data.networks.filter((n) => n.saved).length),
    }),
  );
}

export function wifiPasswordDialog(ctx: SettingsCtx, dialog: DialogState): VNode {
  const ssid = String(dialog.data.ssid);
  const submit = (): void => {
    const network = ctx.data.networks.find((n) => n.ssid === ssid);
    ctx.closeDialog();
    if (!network) return;
    if (network.password === ctx.ui.password) {
      network.saved = true;
      ctx.data.connected = ssid;
      ctx.ui.wrongPassword = null;
    } else {
      ctx.ui.wrongPassword = ssid;
    }
    ctx.ui.password = '';
  };
  return Dialog({
    title: ssid,
    body: EditText(ctx, {
      field: 'wifi-password',
      id: 'password',
      value: ctx.ui.password,
      hint: ctx.t('Password'),
      inputType: 'password',
      look: 'underline',
      onChange: (v) => (ctx.ui.password = v),
      onSubmit: submit,
    }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: { text: ctx.t('Connect'), onTap: submit, enabled: ctx.ui.password.length >= 8 },
  });
}

export function wifiDetailScreen(ctx: SettingsCtx): VNode {
  const ssid = String(ctx.route.params?.ssid ?? '');
  const network = ctx.data.networks.find((n) => n.ssid === ssid);
  return Scaffold(ctx, {
    title: ctx.t('Network details'),
    nav: 'back',
    body: ScrollList(
      { id: 'recycler_view' },
      h('TextView', { key: 'ssid', class: 'app-header-title center', id: 'entity_header_title' }, ssid),
      h(
        'LinearLayout',
        { key: 'buttons', orientation: 'horizontal', class: 'app-buttons' },
        Button({
          id: 'button1',
          text: ctx.t('Forget'),
          variant: 'tonal',
          onTap: () => {
            if (network) network.saved = false;
            if (ctx.data.connected === ssid) ctx.data.connected = null;
            ctx.back();
          },
        }),
        Button({
          id: 'button2',
          text: ctx.t('Disconnect'),
          variant: 'tonal',
          onTap: () => {
            if (ctx.data.connected === ssid) ctx.data.connected = null;
            ctx.back();
          },
        }),
      ),
      ListItem({ key: 'signal', title: ctx.t('Signal strength'), summary: signalWord(ctx, network?.signal ?? 0) }),
      ListItem({
        key: 'security',
        title: ctx.t('Security'),
        summary: network?.password ? ctx.t('WPA2-Personal') : ctx.t('None'),
      }),
      ListItem({ key: 'ip', title: ctx.t('IP address'), summary: '192.168.1.23' }),
    ),
  });
}

export function connectedScreen(ctx: SettingsCtx): VNode {
  const bt = on(ctx, 'global', 'bluetooth_on');
  const saved = ctx.data.devices.filter((d) => d.paired);
  return page(
    ctx,
    'Connected devices',
    ListItem({ key: 'pair', title: ctx.t('Pair new device'), icon: 'add', onTap: () => go(ctx, 'bt-pair') }),
    SwitchItem({
      key: 'bt',
      title: ctx.t('Bluetooth'),
      icon: 'bluetooth',
      checked: bt,
      onToggle: (v) => setBluetooth(ctx, v),
    }),
    SectionHeader(ctx.t('Saved devices')),
    saved.map((d) =>
      ListItem({
        key: d.name,
        title: d.name,
        summary: d.connected ? ctx.t('Connected') : undefined,
        icon: d.kind === 'car' ? 'train' : d.kind === 'watch' ? 'clock' : 'volume',
        enabled: bt,
        onTap: () => {
          const was = d.connected;
          for (const other of ctx.data.devices) other.connected = false;
          d.connected = !was;
        },
      }),
    ),
  );
}

export function setBluetooth(ctx: SettingsCtx, enabled: boolean): void {
  ctx.putSetting('global', 'bluetooth_on', enabled ? '1' : '0');
  if (!enabled) for (const d of ctx.data.devices) d.connected = false;
}

export function pairScreen(ctx: SettingsCtx): VNode {
  const bt = on(ctx, 'global', 'bluetooth_on');
  const available = ctx.data.devices.filter((d) => !d.paired);
  return page(
    ctx,
    'Pair new device',
    ListItem({
      key: 'name',
      title: ctx.t('Device name'),
      summary: ctx.setting('global', 'device_name') ?? ctx.system.model,
    }),
    bt
      ? [
          SectionHeader(ctx.t('Available devices')),
          ...available.map((d) =>
            ListItem({
              key: d.name,
              title: d.name,
              icon: 'bluetooth',
              onTap: () => {
                d.paired = true;
                for (const other of ctx.data.devices) other.connected = false;
                d.connected = true;
                ctx.back();
              },
            }),
          ),
        ]
      : SwitchItem({
          key: 'bt',
          title: ctx.t('Turn on Bluetooth to pair'),
          checked: false,
          onToggle: (v) => setBluetooth(ctx, v),
        }),
  );
}
