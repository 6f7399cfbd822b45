import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { ModelsSection } from './models-section.tsx';
import {
  AdbSection,
  AgentSection,
  AppearanceSection,
  MirrorSection,
  SimulatorSection,
  SweepSection,
} from './general-sections.tsx';
import { SectionCard } from './section-card.tsx';
import './settings.css';
import { VoiceSection } from './voice-section.tsx';

const SECTIONS = [
  { id: 'models', label: 'Models' },
  { id: 'voice', label: 'Voice' },
  { id: 'agent', label: 'Agent' },
  { id: 'adb', label: 'ADB server' },
  { id: 'mirror', label: 'Mirror' },
  { id: 'simulator', label: 'Simulated phone' },
  { id: 'ui', label: 'Appearance' },
  { id: 'data', label: 'Data' },
];

export function SettingsPage() {
  const info = useAppStore((s) => s.info!);
  return (
    <div className="page page-settings">
      <Panel id="settings" title="Settings" icon={<Icons.settings size={18} />}>
        <div className="settings-layout">
          <nav className="settings-toc" aria-label="Settings sections">
            {SECTIONS.map((s) => (
              <a
                key={s.id}
                href={`#/settings/${s.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.querySelector(`[data-section="${s.id}"]`)?.scrollIntoView({ block: 'start' });
                }}
              >
                {s.label}
              </a>
            ))}
          </nav>
          <div className="settings-sections">
            <ModelsSection />
            <VoiceSection />
            <AgentSection />
            <AdbSection />
            <MirrorSection />
            <SimulatorSection />
            <SweepSection />
            <AppearanceSection />
            <SectionCard
              id="data"
              title="Data"
              description="Runs, events, memories and settings live in one SQLite file; screenshots and dumps are files beside it. Set MOBA_HOME to use another folder."
            >
              <dl className="facts">
                <dt>Data folder</dt>
                <dd>
                  <code data-testid="data-dir">{info.dataDir}</code>
                </dd>
                <dt>Database</dt>
                <dd>
                  <code>{info.databasePath}</code>
                </dd>
                <dt>Version</dt>
                <dd>
                  {info.name} {info.version} ({info.host === 'electron' ? 'desktop' : 'web host'}, Node{' '}
                  {info.nodeVersion})
                </dd>
              </dl>
            </SectionCard>
          </div>
        </div>
      </Panel>
    </div>
  );
}
