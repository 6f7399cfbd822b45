import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Tokens and globals first: every feature's own CSS builds on them.
import './styles/base.css';
import './styles/common.css';
import { App } from './app/app.tsx';
import { useAppStore } from './state/app-store.ts';
import { createClient } from './client/index.ts';
import { toMobaError } from '../shared/errors.ts';

const { client, host } = createClient((connection) => useAppStore.setState({ connection }));
useAppStore.setState({ client, host });

async function loadBasics(): Promise<void> {
  try {
    const [info, settings] = await Promise.all([client.getAppInfo(), client.getSettings()]);
    useAppStore.setState({ info, settings, loadError: undefined });
  } catch (error) {
    useAppStore.setState({ loadError: toMobaError(error).message });
  }
}
client.on('didChangeSettings', (settings) => useAppStore.setState({ settings }));
// Re-read after every (re)connection: the host may have restarted with other state.
let wasOpen = false;
useAppStore.subscribe((s) => {
  const open = s.connection.state === 'open';
  if (open && !wasOpen) void loadBasics();
  wasOpen = open;
});
if (useAppStore.getState().connection.state === 'open') {
  wasOpen = true;
  void loadBasics();
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
