import { Panel, EmptyState } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';

export function MemoryPage() {
  return (
    <div className="page page-memory">
      <Panel id="memory" title="Memory" icon={<Icons.memory size={18} />}>
        <EmptyState title="No memories yet">
          <p>The agent's task memory (routes of past tasks, successful and failed actions with reflections), user memory and app memory appear here.</p>
          <p>Seed expert memories by importing a JSON file to give the agent a warm start; runs add to memory as they finish.</p>
        </EmptyState>
      </Panel>
    </div>
  );
}
