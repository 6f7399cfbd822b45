import { useEffect } from 'react';
import { useRoute } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { connectRunFeed } from '../../state/run-store.ts';
import { ReplayView } from './replay-view.tsx';
import { RunList } from './run-list.tsx';
import { CompareView } from './compare/compare-view.tsx';
import './history.css';

/** `#/history`: the run list; `#/history/<run>[/<step>[/play]]`: the replay of one run (playing). */
export function HistoryPage() {
  const client = useClient();
  const route = useRoute();
  useEffect(() => {
    connectRunFeed(client);
  }, [client]);
  const runId = route.params[0];
  // `#/history/compare/<A>/<B>`: History → Compare.
  if (runId === 'compare' && route.params[1] && route.params[2])
    return <CompareView key={`${route.params[1]}/${route.params[2]}`} runA={route.params[1]} runB={route.params[2]} />;
  if (runId) {
    // `#/history/RUN/STEP/play`: open at that step and play from there.
    const step = Number(route.params[1]);
    return (
      <ReplayView
        key={runId}
        runId={runId}
        initialStep={Number.isInteger(step) && step > 0 ? step : null}
        autoplay={route.params[2] === 'play'}
      />
    );
  }
  return (
    <div className="page page-history">
      <Panel id="history" title="Run history" icon={<Icons.history size={18} />}>
        <RunList />
      </Panel>
    </div>
  );
}
