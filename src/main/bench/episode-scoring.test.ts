import { describe, expect, it } from 'vitest';
import type { Observation, UiElement } from '../../shared/schemas/perception.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { STRATEGY_NAMES } from '../../shared/schemas/strategy.ts';
import type { StrategyName } from '../../shared/schemas/strategy.ts';
import type { PreparedEpisode } from './episode-setup.ts';
import { EpisodeScoring } from './episode-scoring.ts';
import type { JudgedPhone } from './episode-scoring.ts';
import type { InstanceMilestone } from './instance.ts';
import type { PhoneState, ScreenView } from './predicates/evaluate.ts';

const CLOCK = 'com.android.deskclock';
const state = (alarms: unknown[]): PhoneState => ({ device: { wifi: true }, packages: { [CLOCK]: { alarms } } });
const el = (text: string, resourceId: string): UiElement =>
  ({
    index: 0,
    bounds: [0, 0, 10, 10],
    center: [5, 5],
    text,
    contentDesc: '',
    resourceId,
    className: 'android.widget.TextView',
    packageName: CLOCK,
    trueAttributes: [],
  }) as UiElement;
const deviceScreen = (packageName: string, elements: UiElement[]): ScreenView => ({
  packageName,
  activity: '.DeskClock',
  elements,
});

/** What the phone really is after each step of one recorded action sequence (index = executed steps). */
const TRUTH: Array<{ state: PhoneState; screen: ScreenView }> = [
  { state: state([]), screen: deviceScreen('com.android.launcher3', [el('Clock', '')]) },
  { state: state([]), screen: deviceScreen(CLOCK, [el('Alarms', `${CLOCK}:id/alarm_list`)]) },
  { state: state([{ id: 1, hour: 7, label: '' }]), screen: deviceScreen(CLOCK, [el('7:00 AM', '')]) },
  { state: state([{ id: 1, hour: 7, label: 'Run' }]), screen: deviceScreen(CLOCK, [el('Run', `${CLOCK}:id/label`)]) },
];

const milestones: InstanceMilestone[] = [
  { id: 'list', when: 'reached', check: { screen: { app: 'clock', id: 'alarm_list' } } },
  { id: 'made', when: 'final', check: { app: 'clock', path: 'alarms', new: true, some: { hour: 7 } } },
  { id: 'label-shown', when: 'reached', check: { screen: { app: 'clock', text: 'Run' } } },
];

/** A phone that answers with the truth after the steps executed so far, and counts its readings. */
function judgedPhone(): JudgedPhone & { at: number; screens: number; states: number } {
  const p = {
    at: 0,
    screens: 0,
    states: 0,
    async state() {
      p.states++;
      return TRUTH[p.at]!.state;
    },
    async screen() {
      p.screens++;
      return TRUTH[p.at]!.screen;
    },
  };
  return p as unknown as JudgedPhone & { at: number; screens: number; states: number };
}

interface Perceived {
  elements: (i: number) => UiElement[];
  from: Observation['elementsFrom'];
}
const dumped = (i: number) => TRUTH[i]!.screen.elements as UiElement[];
/** The screenshot alone: no element reaches the observation. */
const screenshotOnly: Perceived = { elements: () => [], from: 'none' };

/**
 * What each registered strategy perceived of the same screens: MobA and the agents that read
 * the UI dump (ids, exact text); the vision strategies read the screenshot by OCR (no ids,
 * Tesseract's misreadings); the GUI-native ones see the screenshot only. Typed over every
 * strategy name, so a strategy added later must say what it perceives here.
 */
const PERCEIVED: Record<StrategyName, Perceived> = {
  moba: { elements: dumped, from: 'xml' },
  appagent: { elements: (i) => TRUTH[i]!.screen.elements.map((e) => el(e.text, '')), from: 'xml' },
  'mobile-agent-v1': {
    elements: (i) => TRUTH[i]!.screen.elements.map((e) => el(e.text.replace('Run', 'Rn'), '')),
    from: 'ocr',
  },
  'mobile-agent-v2': { elements: () => [], from: 'ocr' },
  'mobile-agent-e': {
    elements: (i) => TRUTH[i]!.screen.elements.map((e) => el(e.text.toUpperCase(), '')),
    from: 'ocr',
  },
  'ui-tars': screenshotOnly,
  'qwen-vl': screenshotOnly,
  autoglm: screenshotOnly,
  'gui-owl': screenshotOnly,
  // A program of the user's: whatever it asked for, here a dump with other ids.
  external: { elements: (i) => TRUTH[i]!.screen.elements.map((e) => el(e.text, `x:id/${e.text}`)), from: 'xml' },
};

function observation(elements: UiElement[], from: Observation['elementsFrom']): RunEvent {
  const o: Observation = {
    serial: 's',
    capturedAt: 0,
    source: 'screencap',
    screen: { width: 1080, height: 2400, rotation: 0 },
    screenshot: null,
    marked: null,
    xml: null,
    elements,
    elementsFrom: from,
    currentApp: null,
    keyboardShown: false,
    problems: [],
    timings: {},
  };
  return { type: 'observation', observationId: 'o', observation: o, screenKey: 'k' } as RunEvent;
}

const executed = (n: number): RunEvent =>
  ({
    type: 'step_executed',
    stepId: `s${n}`,
    action: { name: 'Back', params: {} },
    by: 'agent',
    ok: true,
    error: null,
    durationMs: 1,
    settleMs: 1,
    detail: '',
  }) as RunEvent;

/** Scoring of `ms` begun on a fresh judged phone at the start of the recorded sequence. */
async function begin(ms: InstanceMilestone[]) {
  const phone = judgedPhone();
  const prepared = { instance: { milestones: ms, invariants: [] }, start: TRUTH[0]!.state, skipped: [] };
  const scoring = await EpisodeScoring.begin(
    phone,
    prepared as unknown as PreparedEpisode,
    new AbortController().signal,
  );
  return { phone, scoring };
}

/** The recorded actions under `ms`, each step's observation as `perceive` saw it (none when null). */
async function replay(
  ms: InstanceMilestone[],
  perceive: ((i: number) => UiElement[]) | null,
  from: Observation['elementsFrom'] = 'xml',
) {
  const { phone, scoring } = await begin(ms);
  for (let step = 1; step < TRUTH.length; step++) {
    if (perceive) scoring.onEvent(observation(perceive(step - 1), from));
    phone.at = step; // the recorded action changes the phone
    scoring.onEvent(executed(step));
    await scoring.captured();
  }
  if (perceive) scoring.onEvent(observation(perceive(TRUTH.length - 1), from));
  await scoring.captured();
  return { phone, scoring };
}

describe('milestones are judged on the device, not on what the strategy perceived', () => {
  it('gives the same milestones at the same steps under every registered strategy: MobA, the vision and the GUI-native ones', async () => {
    expect(Object.keys(PERCEIVED).sort()).toEqual([...STRATEGY_NAMES].sort());
    const results: Record<string, unknown> = {};
    for (const strategy of STRATEGY_NAMES) {
      const { elements, from } = PERCEIVED[strategy];
      const { scoring } = await replay(milestones, elements, from);
      const r = scoring.result({
        outcome: { runId: 'r', outcome: 'succeeded', cause: 'finished', reason: '' } as never,
        state: {
          answer: null,
          counters: { executedActions: 3, modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 },
        } as never,
        events: [],
        final: TRUTH.at(-1)!.state,
        wallMs: 1,
      });
      results[strategy] = r.milestones.map((m) => [m.id, m.reached, m.step]);
    }
    for (const strategy of STRATEGY_NAMES)
      expect(results[strategy], strategy).toEqual([
        ['list', true, 1],
        ['made', true, 2],
        ['label-shown', true, 3],
      ]);
  });

  it('reads the screen only while a screen milestone is open', async () => {
    const { phone } = await replay([milestones[1]!], null);
    expect(phone.screens).toBe(0);
    expect(phone.states).toBe(3);

    // With the screen milestones: once both are reached (step 3) nothing more is read of the screen.
    const { phone: full } = await replay(milestones, dumped);
    expect(full.screens).toBe(1 + 3); // the start, then after steps 1–3
    // Reached at step 1: the start and step 1 only; no state milestone, so no state reading at all.
    const { phone: after } = await replay([milestones[0]!], null);
    expect(after.screens).toBe(2);
    expect(after.states).toBe(0);
  });
});
