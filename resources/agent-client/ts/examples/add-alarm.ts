// add-alarm.ts — started by: npx moba run --strategy external --external-cmd "node resources/agent-client/ts/examples/add-alarm.ts" …
import { AgentSession, findElement } from '@moba/agent-client';

const s = AgentSession.fromEnv();
s.onEvent((e) => console.error('the person:', e.type));
const { task } = await s.attach('add-alarm-example/1');
await s.observe(['app']);
await s.act('Open_App("Clock")', { thought: 'Alarms are set in the Clock app' });
const screen = await s.observe(['elements', 'app']);
const add = findElement(screen.elements ?? [], 'Add alarm');
if (add === null) await s.finish({ success: false, reason: `No "Add alarm" for: ${task}` });
else {
  const r = await s.act(`Click(${add})`, { thought: 'The + button adds an alarm' });
  if (r.status === 'rejected') console.error('rejected:', r.feedback);
  await s.finish({ answer: 'The new alarm is open for its time' });
}
