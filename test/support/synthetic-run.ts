/**
 * Writes a realistic recorded run straight into a data folder (the real SQLite store and
 * artifact files): a task tree with plans, and per step an observation with a screenshot and
 * elements, the act call with its messages, the proposal, the person's approval, the execution,
 * the after-observation and the reflection. For replay benchmarks, export tests and screenshots
 * of the History view without a phone or a model.
 */
import sharp from 'sharp';
import { dataPaths } from '../../src/main/paths.ts';
import { ArtifactStore } from '../../src/main/store/artifacts.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import { RunsRepo } from '../../src/main/store/runs-repo.ts';
import type { ActionCall } from '../../src/shared/actions.ts';
import { foldRun, nextId, reduceRun } from '../../src/shared/run/reducer.ts';
import type { RunState } from '../../src/shared/run/reducer.ts';
import type { ArtifactRef } from '../../src/shared/schemas/common.ts';
import type { ModelCallRecord } from '../../src/shared/schemas/llm.ts';
import type { Observation, UiElement } from '../../src/shared/schemas/perception.ts';
import type { RunEventBody, RunOptions } from '../../src/shared/schemas/run.ts';

export interface SyntheticRunOptions {
  dataDir: string;
  /** Executed steps (each with observation, act call, approval, execution and reflection). */
  steps: number;
  task?: string;
  serial?: string;
  runId?: string;
  /** Leave the run waiting for approval of one more proposed step instead of finishing. */
  endWaiting?: boolean;
  /** Distinct screens (screenshots are content-addressed, so fewer screens = fewer files). */
  screens?: number;
  now?: number;
  /**
   * The person's decision on step N (0-based; default approve). `reject` records a rejection
   * with feedback, then a second proposal for the same sub-goal that is approved and runs.
   */
  decide?: (step: number) => SyntheticDecision;
  /** Stored as the run's strategy (default moba). */
  strategy?: string;
  /** The act calls came from a thinking model: this reasoning is recorded apart from each reply. */
  reasoning?: string;
}

export type SyntheticDecision =
  | { decision: 'approve' }
  | { decision: 'edit' | 'override'; action: ActionCall }
  | { decision: 'reject'; feedback: string; retry: ActionCall };

const W = 1080;
const H = 2400;
const SCREEN_COLOURS = ['#1f6feb', '#2da44e', '#bf3989', '#d4a72c', '#8250df', '#cf222e', '#0a7ea4', '#6e7781'];

function screenElements(screen: number): UiElement[] {
  const out: UiElement[] = [];
  const labels = [
    'Alarm',
    'Clock',
    'Timer',
    'Stopwatch',
    'Add alarm',
    '6:30 PM',
    'Label',
    'Vibrate',
    'Mon',
    'Tue',
    'Wed',
    'Thu',
    'Fri',
    'Save',
    'Cancel',
    'Repeat',
    'Sound',
    'Snooze',
    'Delete',
    'Done',
  ];
  for (let i = 0; i < 20; i++) {
    const row = Math.floor(i / 2);
    const col = i % 2;
    const x1 = 60 + col * 500;
    const y1 = 220 + row * 200;
    const bounds: [number, number, number, number] = [x1, y1, x1 + 460, y1 + 160];
    out.push({
      index: i + 1,
      bounds,
      center: [x1 + 230, y1 + 80],
      text: `${labels[(i + screen) % labels.length]}`,
      contentDesc: '',
      resourceId: `com.android.deskclock:id/item_${i}`,
      className: i % 5 === 0 ? 'android.widget.ListView' : 'android.widget.Button',
      packageName: 'com.android.deskclock',
      trueAttributes: i % 5 === 0 ? ['enabled', 'scrollable'] : ['enabled', 'clickable'],
    });
  }
  out.push({
    index: -1,
    bounds: [40, 80, 1040, 180],
    center: [540, 130],
    text: `Screen ${screen + 1}`,
    contentDesc: '',
    resourceId: '',
    className: 'android.widget.TextView',
    packageName: 'com.android.deskclock',
    trueAttributes: ['enabled'],
  });
  return out;
}

async function screenPng(screen: number, elements: UiElement[]): Promise<Buffer> {
  const colour = SCREEN_COLOURS[screen % SCREEN_COLOURS.length]!;
  const rects = elements
    .filter((e) => e.index > 0)
    .map(
      (e) =>
        `<rect x="${e.bounds[0]}" y="${e.bounds[1]}" width="${e.bounds[2] - e.bounds[0]}" height="${e.bounds[3] - e.bounds[1]}" rx="24" fill="#ffffff" opacity="0.92"/><text x="${e.bounds[0] + 40}" y="${e.bounds[1] + 98}" font-family="DejaVu Sans" font-size="52" fill="#222">${e.text}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="${colour}"/><text x="60" y="150" font-family="DejaVu Sans" font-size="64" fill="#fff">Screen ${screen + 1}</text>${rects}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

const OPTIONS: RunOptions = {
  strategy: 'moba',
  mode: 'step',
  usePlan: true,
  useMemory: true,
  maxSteps: 500,
  planBudget: 50,
  settleTimeoutMs: 1000,
  approvalRules: [],
  models: {},
};

/** A record as a thinking model's call on a provider with structured outputs leaves it. */
function thinking(r: ModelCallRecord, reasoning: string | undefined): ModelCallRecord {
  if (!reasoning || !r.reply) return r;
  return { ...r, request: { ...r.request, structured: 'json_schema' }, reply: { ...r.reply, reasoning } };
}

function record(
  purpose: 'act' | 'reflect' | 'plan',
  id: string,
  image: ArtifactRef,
  reply: unknown,
  at: number,
): ModelCallRecord {
  return {
    id,
    kind: 'chat',
    role: purpose === 'act' ? 'actor' : purpose === 'plan' ? 'planner' : 'reflector',
    purpose,
    baseUrl: 'http://127.0.0.1:8741/v1',
    model: 'scripted',
    request: {
      messages: [
        {
          role: 'system',
          content: `You are the ${purpose === 'act' ? 'Local Agent. Answer with CanComplete and one action' : purpose === 'plan' ? 'Global Agent planning sub-goals' : 'Global Agent reflecting: Subgoal_Status, Goal_Status'}.`,
        },
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: `Final goal: create an alarm.\nElements:\n[1] Button "Alarm"\n[2] Button "Clock"\n…`,
            },
            { type: 'image', image, detail: 'high' },
          ],
        },
      ],
      temperature: 0,
      responseFormat: 'json',
    },
    requestHash: id
      .padEnd(64, '0')
      .replace(/[^0-9a-f]/g, '0')
      .slice(0, 64),
    reply: { text: JSON.stringify(reply), refusal: null, finishReason: 'stop' },
    usage: { promptTokens: 1500, completionTokens: 90, totalTokens: 1590 },
    latencyMs: 420,
    costUsd: null,
    attempts: 1,
    error: null,
    startedAt: at,
  };
}

/**
 * Writes one run and returns its id. The store is opened and closed here; run it before a host
 * opens the same folder, or beside it (SQLite WAL allows a second writer process).
 */
export async function writeSyntheticRun(options: SyntheticRunOptions): Promise<{ runId: string; events: number }> {
  const paths = dataPaths(options.dataDir);
  const db = openDatabase({ path: paths.databasePath });
  try {
    const artifacts = new ArtifactStore(db, paths.artifactsDir);
    const repo = new RunsRepo(db);
    const screensN = Math.max(1, options.screens ?? 6);
    const screens: Array<{ elements: UiElement[]; shot: ArtifactRef }> = [];
    for (let i = 0; i < screensN; i++) {
      const elements = screenElements(i);
      const png = await screenPng(i, elements);
      screens.push({ elements, shot: artifacts.put(png, { mime: 'image/png', width: W, height: H }) });
    }
    const runId = options.runId ?? `synthetic-${options.steps}-${Date.now().toString(36)}`;
    const task = options.task ?? 'Create an alarm at 6:30 PM titled Work that vibrates, Monday to Thursday';
    const serial = options.serial ?? '127.0.0.1:6520';
    let at = options.now ?? Date.now() - options.steps * 4000;
    repo.create({ id: runId, task, serial, mode: 'step', now: at });
    let state: RunState = foldRun(runId, []);
    const append = (body: RunEventBody) => {
      at += 150;
      const e = repo.append(runId, body, at, (ev) => {
        state = reduceRun(state, ev);
        return {
          status: state.status,
          outcomeReason: state.outcomeReason,
          steps: state.counters.executedActions,
          modelCalls: state.counters.modelCalls,
          tokens: state.counters.promptTokens + state.counters.completionTokens,
        };
      });
      return e;
    };
    const observe = (screen: number): string => {
      const s = screens[screen % screens.length]!;
      const observation: Observation = {
        serial,
        capturedAt: at,
        source: 'screencap',
        screen: { width: W, height: H, rotation: 0 },
        screenshot: s.shot,
        marked: null,
        xml: null,
        elements: s.elements,
        elementsFrom: 'xml',
        currentApp: { packageName: 'com.android.deskclock', activity: '.DeskClock' },
        keyboardShown: false,
        problems: [],
        timings: { total: 180 },
      };
      const id = nextId(state, 'o');
      append({ type: 'observation', observationId: id, observation, screenKey: `screen-${screen % screens.length}` });
      return id;
    };
    append({
      type: 'run_started',
      task,
      serial,
      options: { ...OPTIONS, ...(options.strategy ? { strategy: options.strategy as 'moba' } : {}) },
      appVersion: '0.1.0',
      device: { model: 'MobA Sim', androidVersion: '14', width: W, height: H },
    });
    const root = nextId(state, 'n');
    append({ type: 'node_added', nodeId: root, parentId: null, goal: task, by: 'person' });
    append({ type: 'cursor_moved', nodeId: root, by: 'agent' });
    // Sub-goals of ten steps each, under a few intermediate nodes.
    const groups = Math.max(1, Math.ceil(options.steps / 10));
    const plan = (parent: string, subgoals: string[], screen: number): string[] => {
      const obsId = observe(screen);
      void obsId;
      const callId = nextId(state, 'c');
      append({
        type: 'model_call',
        callId,
        nodeId: parent,
        record: record('plan', callId, screens[screen % screens.length]!.shot, { subgoals }, at),
        memories: [{ id: 'route:expert-alarm', kind: 'route', score: 0.82 }],
      });
      append({ type: 'plan_reflection', nodeId: parent, text: 'This needs several actions; split it.' });
      append({
        type: 'plan_made',
        nodeId: parent,
        callIds: [callId],
        observation: 'The clock app is open.',
        thought: 'Split into sub-goals.',
        subgoals,
        reason: 'cannot_complete',
      });
      const ids: string[] = [];
      for (const goal of subgoals) {
        const id = nextId(state, 'n');
        append({ type: 'node_added', nodeId: id, parentId: parent, goal, by: 'agent' });
        ids.push(id);
      }
      append({ type: 'node_status', nodeId: parent, status: 'running', by: 'agent' });
      return ids;
    };
    const groupIds = plan(
      root,
      Array.from({ length: groups }, (_, g) => `Part ${g + 1} of the alarm setup`),
      0,
    );
    let step = 0;
    for (let g = 0; g < groups && step < options.steps; g++) {
      const groupId = groupIds[g]!;
      append({ type: 'cursor_moved', nodeId: groupId, by: 'agent' });
      const n = Math.min(10, options.steps - step);
      const leaves = plan(
        groupId,
        Array.from({ length: n }, (_, i) => `Sub-goal ${step + i + 1}: tap the next control`),
        g,
      );
      for (const leaf of leaves) {
        append({ type: 'cursor_moved', nodeId: leaf, by: 'agent' });
        append({ type: 'node_status', nodeId: leaf, status: 'running', by: 'agent' });
        const screen = step % screens.length;
        const obsId = observe(screen);
        const proposal: ActionCall =
          step % 7 === 3
            ? { name: 'Swipe', params: { direction: 'up', distance: 'medium' } }
            : { name: 'Click', params: { index: (step % 19) + 2 } };
        const propose = (action: ActionCall): string => {
          const callId = nextId(state, 'c');
          append({
            type: 'model_call',
            callId,
            nodeId: leaf,
            record: thinking(
              record('act', callId, screens[screen]!.shot, { canComplete: 'true', action: 'Click(3)' }, at),
              options.reasoning,
            ),
            memories: step % 3 === 0 ? [{ id: `action:demo-${step}`, kind: 'action', score: 0.61 }] : [],
          });
          append({
            type: 'act_decided',
            nodeId: leaf,
            callIds: [callId],
            observation: `Screen ${screen + 1} of the Clock app.`,
            thought: `Step ${step + 1}: use the control for this sub-goal.`,
            canComplete: 'true',
            action,
            message: null,
          });
          const id = nextId(state, 's');
          const target =
            action.name === 'Click'
              ? (screens[screen]!.elements.find((e) => e.index === action.params.index) ?? null)
              : null;
          append({
            type: 'step_proposed',
            stepId: id,
            nodeId: leaf,
            action,
            element: target,
            observationId: obsId,
            gate: 'step mode: every action waits for approval',
          });
          return id;
        };
        let stepId = propose(proposal);
        let action: ActionCall = proposal;
        const decided = options.decide?.(step) ?? { decision: 'approve' as const };
        const waitId = nextId(state, 'w');
        append({ type: 'human_wait', waitId, kind: 'approve', stepId, prompt: 'Approve?' });
        if (decided.decision === 'reject') {
          append({
            type: 'human_decision',
            waitId,
            stepId,
            decision: 'reject',
            action: null,
            feedback: decided.feedback,
            by: 'person',
          });
          action = decided.retry;
          stepId = propose(action);
          const again = nextId(state, 'w');
          append({ type: 'human_wait', waitId: again, kind: 'approve', stepId, prompt: 'Approve?' });
          append({
            type: 'human_decision',
            waitId: again,
            stepId,
            decision: 'approve',
            action: null,
            feedback: null,
            by: 'person',
          });
        } else if (decided.decision === 'approve') {
          append({
            type: 'human_decision',
            waitId,
            stepId,
            decision: 'approve',
            action: null,
            feedback: null,
            by: 'person',
          });
        } else {
          append({
            type: 'human_decision',
            waitId,
            stepId,
            decision: decided.decision,
            action: decided.action,
            feedback: null,
            by: 'person',
          });
          action = decided.action;
        }
        append({
          type: 'step_executed',
          stepId,
          action,
          by: 'agent',
          ok: true,
          error: null,
          durationMs: 120,
          settleMs: 300,
          detail: 'tap',
        });
        observe(screen + 1);
        const rcall = nextId(state, 'c');
        append({
          type: 'model_call',
          callId: rcall,
          nodeId: leaf,
          record: record(
            'reflect',
            rcall,
            screens[(screen + 1) % screens.length]!.shot,
            { subgoalStatus: true, goalStatus: false },
            at,
          ),
          memories: [],
        });
        append({
          type: 'reflected',
          stepId,
          nodeId: leaf,
          callIds: [rcall],
          subgoalStatus: 'success',
          goalDone: false,
          reflection: `Step ${step + 1} worked.`,
        });
        append({ type: 'node_status', nodeId: leaf, status: 'done', by: 'agent' });
        step++;
      }
      append({ type: 'node_status', nodeId: groupId, status: 'done', by: 'agent' });
    }
    if (options.endWaiting) {
      const leaf = nextId(state, 'n');
      append({ type: 'node_added', nodeId: leaf, parentId: root, goal: 'Save the alarm', by: 'agent' });
      append({ type: 'cursor_moved', nodeId: leaf, by: 'agent' });
      append({ type: 'node_status', nodeId: leaf, status: 'running', by: 'agent' });
      const obsId = observe(1);
      const action: ActionCall = { name: 'Click', params: { index: 14 } };
      const callId = nextId(state, 'c');
      append({
        type: 'model_call',
        callId,
        nodeId: leaf,
        record: record('act', callId, screens[1 % screens.length]!.shot, { action: 'Click(14)' }, at),
        memories: [],
      });
      append({
        type: 'act_decided',
        nodeId: leaf,
        callIds: [callId],
        observation: 'The alarm editor shows Save at the bottom.',
        thought: 'Tap Save to store the alarm.',
        canComplete: 'true',
        action,
        message: null,
      });
      const stepId = nextId(state, 's');
      append({
        type: 'step_proposed',
        stepId,
        nodeId: leaf,
        action,
        element: screens[1 % screens.length]!.elements.find((e) => e.index === 14) ?? null,
        observationId: obsId,
        gate: 'step mode: every action waits for approval',
      });
      append({
        type: 'human_wait',
        waitId: nextId(state, 'w'),
        kind: 'approve',
        stepId,
        prompt: 'Approve "Click(14)"?',
      });
    } else {
      append({ type: 'node_status', nodeId: root, status: 'done', by: 'agent' });
      append({
        type: 'run_finished',
        outcome: 'succeeded',
        cause: 'finished',
        reason: 'Every sub-goal is done',
        answer: null,
      });
    }
    return { runId, events: state.lastSeq + 1 };
  } finally {
    db.close();
  }
}
