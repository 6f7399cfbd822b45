/**
 * The sandboxed preload: exposes `window.moba`, one named function per contract method (the
 * names come from main), event and binary subscriptions, and nothing else. Results arrive as
 * `{ ok, result | error }`; errors are rejected as plain `{ name, code, message }` objects so
 * their code survives the context bridge.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';

type CallResult = { ok: true; result: unknown } | { ok: false; error: { name: string; code: string; message: string } };

const methodNames = ipcRenderer.sendSync('moba:methods') as string[];
const api: Record<string, unknown> = {};
for (const name of methodNames) {
  api[name] = async (input?: unknown) => {
    const r = (await ipcRenderer.invoke('moba:call', name, input ?? {})) as CallResult;
    if (r.ok) return r.result;
    throw r.error;
  };
}

api.on = (event: string, listener: (payload: unknown) => void) => {
  const handler = (_e: IpcRendererEvent, msg: { event: string; payload: unknown }) => {
    if (msg.event === event) listener(msg.payload);
  };
  ipcRenderer.on('moba:event', handler);
  return () => ipcRenderer.off('moba:event', handler);
};

let port: MessagePort | undefined;
const binaryListeners = new Set<(channel: number, data: Uint8Array) => void>();
ipcRenderer.on('moba:port', (e) => {
  port?.close();
  port = e.ports[0];
  if (!port) return;
  port.onmessage = (m: MessageEvent<{ channel: number; data: Uint8Array }>) => {
    for (const l of binaryListeners) l(m.data.channel, m.data.data);
  };
  port.start();
});
api.onBinary = (listener: (channel: number, data: Uint8Array) => void) => {
  binaryListeners.add(listener);
  return () => binaryListeners.delete(listener);
};
api.artifactUrl = (sha256: string) => `moba-artifact://${sha256}`;
api.host = 'electron';

contextBridge.exposeInMainWorld('moba', api);
