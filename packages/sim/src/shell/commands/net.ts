/**
 * The network as `ifconfig [IFACE]` and `ip addr|link|route` show it: loopback, `wlan0` with
 * an address while Wi-Fi is on (and airplane mode off), `rmnet_data0` while mobile data is on.
 * The Wi-Fi address is stable per phone (derived from its android_id).
 */
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command } from './util.ts';

interface Interface {
  name: string;
  index: number;
  mac: string;
  /** IPv4 address and prefix length, when the interface is up. */
  inet: { address: string; prefix: number; broadcast: string } | undefined;
  up: boolean;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/** The phone's interfaces now. */
export function interfaces(ctx: CommandContext): Interface[] {
  const setting = (key: string) => ctx.device.getSetting('global', key);
  const airplane = setting('airplane_mode_on') === '1';
  const wifi = setting('wifi_on') === '1' && !airplane;
  const data = setting('mobile_data') !== '0' && !airplane;
  const id = hash(ctx.device.getSetting('secure', 'android_id') ?? ctx.device.props.serial);
  const host = 100 + (id % 150);
  const macTail = [(id >>> 8) & 0xff, (id >>> 16) & 0xff, (id >>> 24) & 0xff]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(':');
  return [
    {
      name: 'lo',
      index: 1,
      mac: '00:00:00:00:00:00',
      inet: { address: '127.0.0.1', prefix: 8, broadcast: '' },
      up: true,
    },
    {
      name: 'wlan0',
      index: 30,
      mac: `02:00:00:${macTail}`,
      inet: wifi ? { address: `192.168.1.${host}`, prefix: 24, broadcast: '192.168.1.255' } : undefined,
      up: wifi,
    },
    {
      name: 'rmnet_data0',
      index: 12,
      mac: '00:00:00:00:00:00',
      inet: data
        ? { address: `10.${(id >>> 4) & 0xff}.${(id >>> 12) & 0xff}.${2 + (id % 200)}`, prefix: 30, broadcast: '' }
        : undefined,
      up: data,
    },
  ];
}

const MASKS: Readonly<Record<number, string>> = { 8: '255.0.0.0', 24: '255.255.255.0', 30: '255.255.255.252' };

function ifconfigBlock(i: Interface): string {
  const encap = i.name === 'lo' ? 'Local Loopback' : `Ethernet  HWaddr ${i.mac}`;
  const lines = [`${i.name.padEnd(10)}Link encap:${encap}`];
  if (i.inet)
    lines.push(
      `          inet addr:${i.inet.address}  ${i.inet.broadcast ? `Bcast:${i.inet.broadcast}  ` : ''}Mask:${MASKS[i.inet.prefix] ?? ''} `,
    );
  const flags =
    i.name === 'lo' ? 'UP LOOPBACK RUNNING' : i.up ? 'UP BROADCAST RUNNING MULTICAST' : 'BROADCAST MULTICAST';
  lines.push(
    `          ${flags}  MTU:${i.name === 'lo' ? 65536 : 1500}  Metric:1`,
    '          RX packets:0 errors:0 dropped:0 overruns:0 frame:0 ',
    '          TX packets:0 errors:0 dropped:0 overruns:0 carrier:0 ',
    '          collisions:0 txqueuelen:1000 ',
    '          RX bytes:0 TX bytes:0 ',
  );
  return `${lines.join('\n')}\n\n`;
}

export const ifconfig: ShellCommand = command('ifconfig', async (ctx) => {
  const all = interfaces(ctx);
  const wanted = ctx.args.find((a) => !a.startsWith('-'));
  if (wanted !== undefined) {
    const one = all.find((i) => i.name === wanted);
    if (!one) {
      await ctx.err(`ifconfig: ${wanted}: No such device\n`);
      return 1;
    }
    await ctx.out(ifconfigBlock(one));
    return 0;
  }
  await ctx.out(
    all
      .filter((i) => i.up || ctx.args.includes('-a'))
      .map(ifconfigBlock)
      .join(''),
  );
  return 0;
});

function ipAddrBlock(i: Interface, family: '4' | '6' | undefined): string {
  const state = i.name === 'lo' ? 'UNKNOWN' : i.up ? 'UP' : 'DOWN';
  const flags =
    i.name === 'lo' ? 'LOOPBACK,UP,LOWER_UP' : i.up ? 'BROADCAST,MULTICAST,UP,LOWER_UP' : 'BROADCAST,MULTICAST';
  const lines = [
    `${i.index}: ${i.name}: <${flags}> mtu ${i.name === 'lo' ? 65536 : 1500} qdisc mq state ${state} group default qlen 1000`,
  ];
  if (family !== '4' && family !== '6')
    lines.push(`    link/${i.name === 'lo' ? 'loopback' : 'ether'} ${i.mac} brd ff:ff:ff:ff:ff:ff`);
  if (i.inet && family !== '6')
    lines.push(
      `    inet ${i.inet.address}/${i.inet.prefix} ${i.inet.broadcast ? `brd ${i.inet.broadcast} ` : ''}scope ${i.name === 'lo' ? 'host' : 'global'} ${i.name}`,
      '       valid_lft forever preferred_lft forever',
    );
  return `${lines.join('\n')}\n`;
}

export const ip: ShellCommand = command('ip', async (ctx) => {
  const args = [...ctx.args];
  let family: '4' | '6' | undefined;
  while (args[0]?.startsWith('-')) {
    const flag = args.shift() as string;
    if (flag === '-4' || flag === '-6') family = flag[1] as '4';
    else if (flag === '-f') family = args.shift() === 'inet6' ? '6' : '4';
  }
  const object = args.shift() ?? 'help';
  const rest = args.filter((a) => a !== 'show' && a !== 'list' && a !== 'dev');
  const all = interfaces(ctx);
  const wanted = rest[0] === undefined ? all : all.filter((i) => i.name === rest[0]);
  if (rest[0] !== undefined && wanted.length === 0) {
    await ctx.err(`Device "${rest[0]}" does not exist.\n`);
    return 1;
  }
  if ('address'.startsWith(object) || object === 'a') {
    await ctx.out(wanted.map((i) => ipAddrBlock(i, family)).join(''));
    return 0;
  }
  if ('link'.startsWith(object)) {
    await ctx.out(wanted.map((i) => ipAddrBlock(i, '6').split('\n')[0]).join('\n') + (wanted.length ? '\n' : ''));
    return 0;
  }
  if ('route'.startsWith(object) || object === 'r') {
    await ctx.out(
      all
        .filter((i) => i.name !== 'lo' && i.inet)
        .map(
          (i) =>
            `${i.name === 'wlan0' ? '192.168.1.0/24' : `${i.inet?.address}/30`} dev ${i.name} proto kernel scope link src ${i.inet?.address} \n`,
        )
        .join(''),
    );
    return 0;
  }
  await ctx.err(
    'Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }\nwhere  OBJECT := { link | address | route | rule | neigh }\n',
  );
  return object === 'help' ? 0 : 255;
});

export const NET_COMMANDS: readonly ShellCommand[] = [ifconfig, ip];
