/**
 * What each strategy is, for people and for the UI: its one-line description, the roles it
 * calls (and which configured model endpoint each uses), what it sees, and which options apply.
 * The loops live in `src/main/agent/strategies/<name>/`; `src/main/agent/strategies/registry.ts`
 * maps each name to its loop. The renderer's composer, `moba run --strategy` and README's table
 * read this list.
 */
import type { ChatRole } from './schemas/settings.ts';
import { STRATEGY_NAMES } from './schemas/strategy.ts';
import type { StrategyName } from './schemas/strategy.ts';

export { STRATEGY_NAMES, StrategyName } from './schemas/strategy.ts';

/** What reaches a strategy's prompts. */
export type Perception = 'dump' | 'screenshot' | 'marked screenshot' | 'ocr' | 'icons';

export interface StrategyRole {
  /** The strategy's own name for the role. */
  name: string;
  /** The configured endpoint it uses (Settings → Models). */
  endpoint: ChatRole;
  /** The `purpose` its model calls are recorded with (the inspector and bench group by it). */
  purposes: readonly string[];
  /** It is sent screenshots: its endpoint must take images. */
  images?: true;
}

export type StrategyOption = 'usePlan' | 'actionSpace' | 'planning' | 'evolution' | 'retryWithoutManager' | 'knowledge';

export interface StrategyInfo {
  name: StrategyName;
  label: string;
  description: string;
  roles: readonly StrategyRole[];
  sees: readonly Perception[];
  options: readonly StrategyOption[];
  /** What it is good at, in a few words (README's table). */
  goodAt: string;
}

export const STRATEGIES: Readonly<Record<StrategyName, StrategyInfo>> = {
  moba: {
    name: 'moba',
    label: 'MobA',
    description:
      'Two-level agent: a Global Agent plans a task tree and reflects, a Local Agent checks each sub-goal fits one action and picks it.',
    roles: [
      { name: 'Local Agent', endpoint: 'actor', purposes: ['act'], images: true },
      { name: 'Global Agent: plan', endpoint: 'planner', purposes: ['plan'], images: true },
      { name: 'Global Agent: reflect', endpoint: 'reflector', purposes: ['reflect'], images: true },
      { name: 'app selection', endpoint: 'appSelector', purposes: ['select-app'] },
    ],
    sees: ['dump', 'screenshot', 'marked screenshot'],
    options: ['usePlan', 'actionSpace', 'planning'],
    goodAt: 'long tasks with memory: plans, double reflection, routes of similar tasks',
  },
  appagent: {
    name: 'appagent',
    label: 'AppAgent',
    description:
      'One model call per step on the numbered interactive elements (clickable and focusable); a grid fallback; element docs the model wrote while exploring the app or watching a demonstration.',
    roles: [
      { name: 'agent', endpoint: 'actor', purposes: ['appagent'], images: true },
      { name: 'exploration reflection', endpoint: 'reflector', purposes: ['appagent-reflect'], images: true },
      { name: 'app selection', endpoint: 'appSelector', purposes: ['select-app'] },
    ],
    sees: ['dump', 'screenshot', 'marked screenshot'],
    options: ['actionSpace'],
    goodAt: 'short tasks in apps with good accessibility labels; cheapest per step',
  },
  'mobile-agent-v1': {
    name: 'mobile-agent-v1',
    label: 'Mobile-Agent v1',
    description:
      'Vision only: OCR text with positions and icon regions located by the vision model; eight operations; self-reflection when the screen did not change.',
    roles: [
      { name: 'agent', endpoint: 'actor', purposes: ['mobile-agent', 'final-check'], images: true },
      { name: 'text choice (several OCR matches)', endpoint: 'actor', purposes: ['pick-text'], images: true },
      { name: 'icon locator', endpoint: 'actor', purposes: ['locate-icon'], images: true },
      { name: 'app selection', endpoint: 'appSelector', purposes: ['select-app'] },
    ],
    sees: ['screenshot', 'ocr', 'icons'],
    options: ['knowledge'],
    goodAt: 'screens without a usable UI dump (games, web views, canvases)',
  },
  'mobile-agent-v2': {
    name: 'mobile-agent-v2',
    label: 'Mobile-Agent-v2',
    description:
      'Planning agent (task progress), decision agent (one action from the screenshot and the OCR/icon list), reflection agent (A/B/C, Back on B), memory unit.',
    roles: [
      { name: 'planning agent', endpoint: 'planner', purposes: ['planning'] },
      { name: 'decision agent', endpoint: 'actor', purposes: ['decision'], images: true },
      { name: 'memory unit', endpoint: 'actor', purposes: ['memory-unit'], images: true },
      { name: 'reflection agent', endpoint: 'reflector', purposes: ['reflection'], images: true },
      { name: 'icon captions', endpoint: 'actor', purposes: ['icon-captions'], images: true },
      { name: 'app selection', endpoint: 'appSelector', purposes: ['select-app'] },
    ],
    sees: ['screenshot', 'ocr', 'icons'],
    options: ['knowledge'],
    goodAt: 'multi-step navigation where progress must be tracked; content to remember across screens',
  },
  'mobile-agent-e': {
    name: 'mobile-agent-e',
    label: 'Mobile-Agent-E',
    description:
      'Manager (plan, sub-goal), Operator (atomic actions and Shortcuts), Action Reflector, Notetaker; escalation; self-evolving Tips and Shortcuts across tasks.',
    roles: [
      { name: 'Manager', endpoint: 'planner', purposes: ['manager'], images: true },
      { name: 'Operator', endpoint: 'actor', purposes: ['operator'], images: true },
      { name: 'Action Reflector', endpoint: 'reflector', purposes: ['action-reflector', 'precondition'], images: true },
      { name: 'Notetaker', endpoint: 'reflector', purposes: ['notetaker'], images: true },
      { name: 'Experience Reflectors', endpoint: 'planner', purposes: ['tips-reflector', 'shortcut-reflector'] },
      { name: 'Experience Retriever', endpoint: 'planner', purposes: ['experience-retriever'] },
      { name: 'icon captions', endpoint: 'actor', purposes: ['icon-captions'], images: true },
      { name: 'app selection', endpoint: 'appSelector', purposes: ['select-app'] },
    ],
    sees: ['screenshot', 'ocr', 'icons'],
    options: ['evolution', 'retryWithoutManager', 'knowledge'],
    goodAt: 'repeated, related tasks: learns Tips and Shortcuts; complex multi-app tasks',
  },
  'ui-tars': {
    name: 'ui-tars',
    label: 'UI-TARS',
    description:
      'A GUI-native model (UI-TARS 1.5/2): sees only the screenshot and its recent history, answers "Thought: … Action: click(start_box=…)" with points on its resized screenshot.',
    roles: [
      { name: 'UI-TARS', endpoint: 'actor', purposes: ['ui-tars'], images: true },
      { name: 'app selection', endpoint: 'appSelector', purposes: ['select-app'] },
    ],
    sees: ['screenshot'],
    options: [],
    goodAt: 'end-to-end GUI models served locally (vLLM): no UI dump, no planner, one call per action',
  },
  'qwen-vl': {
    name: 'qwen-vl',
    label: 'Qwen-VL mobile use',
    description:
      'A GUI-native model (Qwen2.5-VL, Qwen3-VL): calls the mobile_use function on the screenshot, with the operations done so far.',
    roles: [
      { name: 'Qwen-VL', endpoint: 'actor', purposes: ['qwen-vl'], images: true },
      { name: 'app selection', endpoint: 'appSelector', purposes: ['select-app'] },
    ],
    sees: ['screenshot'],
    options: [],
    goodAt: 'general vision-language models with function calling; the shortest prompts of the GUI-native three',
  },
  autoglm: {
    name: 'autoglm',
    label: 'AutoGLM-Phone',
    description:
      'A GUI-native model (AutoGLM-Phone): thinks in <think>, answers do(action=…) with points on a 0–999 grid, keeps the whole conversation.',
    roles: [
      { name: 'AutoGLM', endpoint: 'actor', purposes: ['autoglm'], images: true },
      { name: 'app selection', endpoint: 'appSelector', purposes: ['select-app'] },
    ],
    sees: ['screenshot'],
    options: [],
    goodAt: 'everyday phone tasks in many apps; asks the person to take over logins and choices',
  },
  'gui-owl': {
    name: 'gui-owl',
    label: 'GUI-Owl (Mobile-Agent-v3)',
    description:
      'A GUI-native model (GUI-Owl, Mobile-Agent-v3): thinks in <thinking>, calls the mobile_use function with points on its resized screenshot, sums each step up in <conclusion> for its task progress.',
    roles: [
      { name: 'GUI-Owl', endpoint: 'actor', purposes: ['gui-owl'], images: true },
      { name: 'app selection', endpoint: 'appSelector', purposes: ['select-app'] },
    ],
    sees: ['screenshot'],
    options: [],
    goodAt: 'GUI-Owl models served locally (vLLM); a history of its own one-line conclusions instead of raw calls',
  },
  external: {
    name: 'external',
    label: 'External agent',
    description:
      'Your own agent program (any language) drives the run through the agent protocol: it asks for the screen, proposes actions that pass the gates, and reports its thoughts, plan, notes and model calls.',
    roles: [],
    sees: ['dump', 'screenshot'],
    options: [],
    goodAt: 'watching, correcting and scoring an agent written outside the studio',
  },
};

/** Strategies a run can be started with from the composer or the contract: all but `external`, which needs its program. */
export function startableStrategies(): StrategyInfo[] {
  return listStrategies().filter((s) => s.name !== 'external');
}

/** The endpoints a strategy sends screenshots to: each must take images. */
export function imageEndpoints(name: StrategyName): ChatRole[] {
  return [...new Set(STRATEGIES[name].roles.filter((r) => r.images).map((r) => r.endpoint))];
}

export function strategyInfo(name: StrategyName): StrategyInfo {
  return STRATEGIES[name];
}

/** Every registered strategy, in menu order. */
export function listStrategies(): StrategyInfo[] {
  return STRATEGY_NAMES.map((n) => STRATEGIES[n]);
}
