/** The Python agent client and the example agents (Python, TypeScript), for the tests of the `external` strategy. */
import { join } from 'node:path';

/** The folder holding the `moba_agent` package (put on `sys.path` by inline programs). */
export const PYTHON_CLIENT = join(import.meta.dirname, '..', '..', 'resources', 'agent-client', 'python');
export const EXAMPLE_AGENT = join(PYTHON_CLIENT, 'examples', 'alarm_agent.py');
/** The README's TypeScript example agent (Node runs it as it is). */
export const TS_EXAMPLE_AGENT = join(PYTHON_CLIENT, '..', 'ts', 'examples', 'add-alarm.ts');
