import { Panel, EmptyState } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';

export function DevicesPage() {
  return (
    <div className="page page-devices">
      <Panel id="devices" title="Devices" icon={<Icons.devices size={18} />}>
        <EmptyState title="No devices yet">
          <p>Phones the adb server sees appear here with their state, model and Android version.</p>
          <ul>
            <li>USB: enable <em>USB debugging</em> on the phone and plug it in.</li>
            <li>Wireless: enable <em>Wireless debugging</em>, then connect to its <code>host:port</code>.</li>
            <li>No phone at hand: start a simulated phone (<code>npm run sim</code>).</li>
          </ul>
        </EmptyState>
      </Panel>
    </div>
  );
}
