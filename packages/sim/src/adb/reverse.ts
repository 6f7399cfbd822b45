/**
 * `adb reverse`: the host asks the phone (service `reverse:forward:[norebind:]LOCAL;REMOTE`,
 * `reverse:killforward:LOCAL`, `reverse:killforward-all`, `reverse:list-forward`) to listen on
 * LOCAL (`tcp:PORT`, `localabstract:NAME`) and carry every connection made there to REMOTE on
 * the host, over the connection that asked. Answers are adbd's: `OKAY`, or `FAIL` with a
 * 4-hex-digit length and the message; the list is a 4-hex-digit length and `host-N LOCAL REMOTE`
 * lines (the adb server's own OKAY comes first).
 * A program on the phone connects with `connect(LOCAL)` (the scrcpy server without
 * tunnel_forward does).
 */
import { MobaError } from '@moba/base';
import type { ServiceHandler } from './services.ts';
import type { AdbSocket, DeviceSocket, HostLink } from './socket.ts';

interface ReverseEntry {
  link: HostLink;
  remote: string;
}

const SPEC = /^(tcp:\d+|localabstract:.+|localreserved:.+|localfilesystem:.+)$/;

function hex4(text: string): string {
  return Buffer.byteLength(text).toString(16).padStart(4, '0');
}

function okay(socket: AdbSocket): void {
  void socket.write('OKAY');
  void socket.end();
}

function fail(socket: AdbSocket, message: string): void {
  void socket.write(`FAIL${hex4(message)}${message}`);
  void socket.end();
}

export class ReverseForwards {
  private readonly entries = new Map<string, ReverseEntry>();

  /** The `reverse` service. */
  readonly handler: ServiceHandler = (socket, request) => {
    const link = (socket as DeviceSocket).origin;
    if (!link) return false;
    const rest = request.rest;
    if (rest === 'list-forward') {
      // The list alone (the adb server has already said OKAY for the stream).
      const list = [...this.entries].map(([local, e]) => `host-${e.link.id} ${local} ${e.remote}\n`).join('');
      void socket.write(`${hex4(list)}${list}`);
      void socket.end();
    } else if (rest === 'killforward-all') {
      for (const [local, e] of [...this.entries]) if (e.link === link) this.entries.delete(local);
      okay(socket);
    } else if (rest.startsWith('killforward:')) {
      const local = rest.slice('killforward:'.length);
      if (this.entries.get(local)?.link !== link) fail(socket, `listener '${local}' not found`);
      else {
        this.entries.delete(local);
        okay(socket);
      }
    } else if (rest.startsWith('forward:')) {
      this.forward(socket, link, rest.slice('forward:'.length));
    } else {
      fail(socket, `unknown reverse command: ${rest}`);
    }
    return true;
  };

  private forward(socket: AdbSocket, link: HostLink, spec: string): void {
    const norebind = spec.startsWith('norebind:');
    const [local = '', remote = ''] = (norebind ? spec.slice('norebind:'.length) : spec).split(';');
    if (!SPEC.test(local) || !/^(tcp:\d+|localabstract:.+|local:.+|jdwp:\d+)$/.test(remote)) {
      fail(socket, `cannot bind listener: invalid spec '${local}' '${remote}'`);
      return;
    }
    if (local.startsWith('tcp:0')) {
      fail(socket, 'cannot bind listener: the phone does not choose ports for reverse forwards');
      return;
    }
    if (norebind && this.entries.has(local)) {
      fail(socket, 'cannot rebind existing socket');
      return;
    }
    this.entries.set(local, { link, remote });
    link.onDidClose(() => {
      if (this.entries.get(local)?.link === link) this.entries.delete(local);
    });
    okay(socket);
  }

  has(local: string): boolean {
    return this.entries.has(local);
  }

  /**
   * Connects a program on the phone to LOCAL: a stream to the host's REMOTE.
   * @throws MobaError NOT_FOUND (nothing reverse-forwarded there: ECONNREFUSED) or
   *   DEVICE_COMMAND_FAILED (the host refused the stream)
   */
  async connect(local: string): Promise<AdbSocket> {
    const entry = this.entries.get(local);
    if (!entry) throw new MobaError('NOT_FOUND', `connect ${local}: Connection refused`);
    const socket = await entry.link.openToHost(entry.remote);
    if (!socket) throw new MobaError('DEVICE_COMMAND_FAILED', `connect ${local}: the host refused ${entry.remote}`);
    return socket;
  }
}
