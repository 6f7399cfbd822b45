import type { ReactNode } from 'react';
import { Icons } from '../ui/icons.tsx';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { ROUTES, hrefFor, useRoute } from '../routing/router.ts';
import type { RouteId } from '../routing/router.ts';
import { useAppStore } from '../state/app-store.ts';
import { useTheme } from './theme.ts';
import { DevicesPage } from '../features/devices/devices-page.tsx';
import { CockpitPage } from '../features/cockpit/cockpit-page.tsx';
import { HistoryPage } from '../features/history/history-page.tsx';
import { MemoryPage } from '../features/memory/memory-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { BenchmarksPage } from '../features/benchmarks/benchmarks-page.tsx';
import { RunSpeech } from '../ui/voice/run-speech.tsx';

const PAGES: Record<RouteId, () => ReactNode> = {
  devices: () => <DevicesPage />,
  run: () => <CockpitPage />,
  history: () => <HistoryPage />,
  memory: () => <MemoryPage />,
  benchmarks: () => <BenchmarksPage />,
  settings: () => <SettingsPage />,
};

export function App() {
  useTheme();
  const route = useRoute();
  const connection = useAppStore((s) => s.connection);
  const loadError = useAppStore((s) => s.loadError);
  const ready = useAppStore((s) => s.info !== undefined && s.settings !== undefined);
  const title = ROUTES.find((r) => r.id === route.id)?.title ?? '';
  return (
    <div className="shell">
      <header className="topbar">
        <div className="brand">
          <img src="./favicon.svg" alt="" width={22} height={22} />
          <span>MobA Studio</span>
        </div>
        <h1 className="page-title">{title}</h1>
        <ConnectionIndicator />
      </header>
      <nav className="navrail" aria-label="Main">
        {ROUTES.map((r) => {
          const Icon = Icons[r.id];
          const active = r.id === route.id;
          return (
            <a
              key={r.id}
              href={hrefFor(r.id)}
              className={`nav-item ${active ? 'active' : ''}`}
              aria-current={active ? 'page' : undefined}
              data-nav={r.id}
            >
              <Icon size={22} />
              <span>{r.label}</span>
            </a>
          );
        })}
      </nav>
      <main className="content" data-route={route.id}>
        {connection.error ? (
          <div className="banner banner-error" role="alert">
            {connection.error}
          </div>
        ) : null}
        {loadError ? (
          <div className="banner banner-error" role="alert">
            Could not load the app state: {loadError}
          </div>
        ) : null}
        {ready ? (
          PAGES[route.id]()
        ) : (
          <div className="loading" aria-busy="true">
            Connecting to MobA Studio…
          </div>
        )}
      </main>
      {ready ? <RunSpeech /> : null}
    </div>
  );
}
