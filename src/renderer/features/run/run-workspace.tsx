import { Panel, EmptyState } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { hrefFor } from '../../app/router.ts';

/** The cockpit: the live mirror, the run (task, proposed step, approvals) and the task tree side by side. */
export function RunWorkspace() {
  return (
    <div className="page page-run">
      <Panel id="mirror" title="Mirror" icon={<Icons.mirror size={18} />} className="run-mirror">
        <EmptyState title="No device selected">
          <p>The phone's screen streams here live, with the indexed UI elements overlaid. Click to tap, drag to swipe.</p>
          <p>
            Pick a device on the <a href={hrefFor('devices')}>Devices</a> page first.
          </p>
        </EmptyState>
      </Panel>
      <Panel id="run" title="Run" icon={<Icons.step size={18} />} className="run-main">
        <EmptyState title="No run yet">
          <p>Describe a task (for example <q>Create a 6:30 PM alarm titled Work, vibrate, Monday to Thursday</q>) and start a run.</p>
          <p>Each action the agent proposes waits here for you to approve, edit, override or reject it, depending on the autonomy mode.</p>
          <p>
            Configure a model in <a href={hrefFor('settings')}>Settings</a> first.
          </p>
        </EmptyState>
      </Panel>
      <Panel id="task-tree" title="Task tree" icon={<Icons.tree size={18} />} className="run-tree">
        <EmptyState title="The plan appears here">
          <p>When a run starts, the Global Agent splits the task into sub-goals. Each node shows its status, the cursor, and the reflections made before and after acting.</p>
        </EmptyState>
      </Panel>
    </div>
  );
}
