import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';
import { APP_NAME } from '../version.ts';
import { allowMicrophone } from './media-permissions.ts';

/**
 * The main window: context isolation, sandbox, no Node in the renderer. Navigation away from
 * the app and new windows are refused; http(s) links open in the system browser.
 */
export function createMainWindow(outDir: string): BrowserWindow {
  allowMicrophone();
  const win = new BrowserWindow({
    width: 1440,
    height: 920,
    minWidth: 1024,
    minHeight: 640,
    title: APP_NAME,
    show: false,
    backgroundColor: '#111318',
    webPreferences: {
      preload: join(outDir, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith('file://')) event.preventDefault();
  });
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) void win.loadURL(devUrl);
  else void win.loadFile(join(outDir, 'renderer', 'index.html'));
  return win;
}
