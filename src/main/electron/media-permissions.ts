import { session, systemPreferences } from 'electron';
import type { Session } from 'electron';

/**
 * The microphone for push-to-talk, and nothing else: the app's own pages may ask for audio
 * capture (never the camera, the screen or other permissions of the kind); macOS asks the
 * person once through its own privacy prompt. A refusal reaches the renderer as
 * NotAllowedError, which it explains (see features/voice/microphone.ts).
 */
export function allowMicrophone(target: Session = session.defaultSession): void {
  const ownPage = (url: string) =>
    url.startsWith('file://') ||
    (process.env.ELECTRON_RENDERER_URL !== undefined && url.startsWith(process.env.ELECTRON_RENDERER_URL));
  target.setPermissionRequestHandler((webContents, permission, callback, details) => {
    if (permission !== 'media' || !ownPage(webContents.getURL())) return callback(false);
    const types = (details as { mediaTypes?: string[] }).mediaTypes ?? [];
    if (types.length === 0 || types.some((t) => t !== 'audio')) return callback(false);
    if (process.platform !== 'darwin') return callback(true);
    // macOS: the system decides; ask it once (it remembers the answer).
    if (systemPreferences.getMediaAccessStatus('microphone') === 'granted') return callback(true);
    void systemPreferences.askForMediaAccess('microphone').then(callback, () => callback(false));
  });
  target.setPermissionCheckHandler(
    (_webContents, permission, origin) => permission === 'media' && (origin.startsWith('file://') || ownPage(origin)),
  );
}
