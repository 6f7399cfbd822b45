// An external agent for e2e: two actions, each with its own thought, then finish.
import { AgentSession } from '@moba/agent-client';

const s = AgentSession.fromEnv();
await s.attach('e2e-thought-agent/1');
await s.observe(['app']);
await s.act('Open_App("Clock")', { thought: 'First I open the Clock app' });
await s.observe(['app']);
await s.act('Back()', { thought: 'Then I go back home' });
await s.finish({ answer: 'done' });
