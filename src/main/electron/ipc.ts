import { MessageChannelMain, ipcMain } from 'electron';
import type { BrowserWindow, MessagePortMain } from 'electron';
import { METHOD_NAMES } from '../../shared/contract.ts';
import type { MobaApp } from '../app.ts';
import type { Connection } from '../contract/router.ts';
import { Emitter } from '@moba/base';

interface WindowEntry {
  win: BrowserWindow;
  conn: Connection;
  port: MessagePortMain | undefined;
  closed: Emitter<void>;
}

/**
 * Binds the contract to Electron: `moba:call` (invoke) for requests, `moba:event` for events,
 * and a MessagePort per page load for bulk binary data (video), which never goes through the
 * request/response path.
 */
export function bindContract(app: MobaApp): { attach(win: BrowserWindow): void; dispose(): void } {
  const windows = new Map<number, WindowEntry>();

  ipcMain.on('moba:methods', (event) => {
    event.returnValue = METHOD_NAMES;
  });
  ipcMain.handle('moba:call', async (event, method: unknown, input: unknown) => {
    const entry = windows.get(event.sender.id);
    if (!entry)
      return { ok: false, error: { name: 'MobaError', code: 'DISCONNECTED', message: 'This window is not attached' } };
    const controller = new AbortController();
    const sub = entry.closed.event(() => controller.abort());
    try {
      return await app.router.call(method, input, { connection: entry.conn, signal: controller.signal });
    } finally {
      sub.dispose();
    }
  });
  const eventSub = app.events.onDidEmit((e) => {
    for (const { win } of windows.values()) {
      if (!win.webContents.isDestroyed()) win.webContents.send('moba:event', e);
    }
  });

  return {
    attach(win) {
      const wc = win.webContents;
      const closed = new Emitter<void>();
      const entry: WindowEntry = {
        win,
        port: undefined,
        closed,
        conn: {
          id: `electron-${wc.id}`,
          kind: 'electron',
          sendBinary: (channel, data) => {
            if (!entry.port || wc.isDestroyed()) return false;
            entry.port.postMessage({ channel, data });
            return true;
          },
          onDidClose: closed.event,
        },
      };
      windows.set(wc.id, entry);
      // Each page load (first load or reload) gets a fresh port; the preload is listening by dom-ready.
      wc.on('dom-ready', () => {
        entry.port?.close();
        const { port1, port2 } = new MessageChannelMain();
        port1.start();
        entry.port = port1;
        wc.postMessage('moba:port', null, [port2]);
      });
      wc.once('destroyed', () => {
        closed.fire();
        closed.dispose();
        entry.port?.close();
        windows.delete(wc.id);
      });
    },
    dispose() {
      eventSub.dispose();
      ipcMain.removeHandler('moba:call');
      ipcMain.removeAllListeners('moba:methods');
    },
  };
}
