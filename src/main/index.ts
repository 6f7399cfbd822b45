/**
 * The Electron entry: windows, the contract bound to ipcMain, the artifact protocol and the
 * OS keychain. Everything else is the plain-Node service graph from app.ts.
 */
import { app, protocol, net, session } from 'electron';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createApp } from './app.ts';
import type { MobaApp } from './app.ts';
import { dataPaths, resolveDataDir } from './paths.ts';
import { SafeStorageSecretStore } from './electron/safe-storage-secrets.ts';
import { bindContract } from './electron/ipc.ts';
import { createMainWindow } from './electron/window.ts';
import { RENDERER_CSP } from '../shared/csp.ts';
import { startDefaultPhone, wantsDefaultPhone } from './simulators/default-phone.ts';

const outDir = dirname(dirname(fileURLToPath(import.meta.url)));

protocol.registerSchemesAsPrivileged([
  { scheme: 'moba-artifact', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) app.quit();

let mobaApp: MobaApp | undefined;

app
  .whenReady()
  .then(async () => {
    const paths = dataPaths(resolveDataDir());
    mobaApp = await createApp({
      host: 'electron',
      dataDir: paths.dataDir,
      secrets: new SafeStorageSecretStore(paths.secretsPath),
    });
    const services = mobaApp;
    // `--sim` / `--no-sim` on Electron's command line (`npm start` passes --sim), else the setting.
    const simFlag = process.argv.includes('--no-sim') ? false : process.argv.includes('--sim') ? true : undefined;
    const simulator = services.settings.get().simulator;
    if (wantsDefaultPhone(simFlag, simulator)) {
      startDefaultPhone(services.simulators, simulator).catch((error: unknown) =>
        console.error('[moba] the simulated phone did not start', error),
      );
    }
    protocol.handle('moba-artifact', (request) => {
      try {
        const sha = new URL(request.url).hostname;
        return net.fetch(pathToFileURL(services.artifacts.get(sha).path).href);
      } catch {
        return new Response('No such artifact', { status: 404 });
      }
    });
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } });
    });
    const binding = bindContract(services);
    const win = createMainWindow(outDir);
    binding.attach(win);
    app.on('second-instance', () => {
      if (win.isMinimized()) win.restore();
      win.focus();
    });
    app.on('before-quit', () => binding.dispose());
  })
  .catch((error: unknown) => {
    console.error('[moba] failed to start', error);
    app.exit(1);
  });

app.on('window-all-closed', () => {
  void mobaApp?.dispose().finally(() => app.quit());
});
