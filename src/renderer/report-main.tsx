/**
 * The report viewer's entry (built by electron.vite.config.ts into out/report/ as one script and
 * one stylesheet, which main inlines into every report file): reads the data the file carries
 * and shows it with the app's own views, offline.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/base.css';
import './styles/common.css';
import { REPORT_DATA_ID, isReportData } from '../shared/report/report-data.ts';
import { ReportApp } from './app/report-app.tsx';
import { createReportClient } from './client/report-client.ts';
import { useAppStore } from './state/app-store.ts';

const root = createRoot(document.getElementById('root')!);
let data: unknown;
try {
  data = JSON.parse(document.getElementById(REPORT_DATA_ID)?.textContent ?? 'null');
} catch {
  data = null;
}
if (isReportData(data)) {
  useAppStore.setState({
    client: createReportClient(data),
    host: 'report',
    connection: { state: 'open', attempts: 0 },
  });
  root.render(
    <StrictMode>
      <ReportApp data={data} />
    </StrictMode>,
  );
} else {
  root.render(
    <p className="banner banner-error" role="alert">
      This file has no MobA Studio report data this viewer can read (format moba-report, version 1).
    </p>,
  );
}
