/**
 * The scripted model's replies for MobA without its Plan module (a single-level agent) on a few
 * built-in benchmark tasks, chosen so each episode's score is known in advance: the weather
 * question is answered right (the high is read off the screen's "Tomorrow: …, high N°" line),
 * the umbrella question is looked up but not answered, the cross-app message is looked up but
 * never sent, and the alarm is not touched. Replies are told apart by the task text, so
 * episodes may run in parallel in any order.
 */
import type { ScriptInput } from '@moba/testkit';
import { REFLECT_GO_ON, SINGLE } from './agent-harness.ts';

const step = (task: string, action: string) => ({
  name: `${task}: ${action}`,
  match: { system: SINGLE, user: task },
  reply: { observation: 'o', thought: 't', can_complete: 'true', action },
  times: 1,
});

export const BENCH_MOBA_SCRIPT: ScriptInput = {
  description: 'MobA w/o Plan on four built-in benchmark tasks, with known scores.',
  models: ['scripted'],
  steps: [
    // weather.tomorrow-high (easy, a question): both milestones, the answer at step 2.
    step('How hot will it get in Shanghai tomorrow', 'Open_App("com.moba.weather")'),
    step(
      'How hot will it get in Shanghai tomorrow',
      'Finish("Tomorrow\'s high in Shanghai is {{match:Tomorrow: [^,]*, high (-?\\d+)°}}°C.")',
    ),
    // weather.umbrella (indirect, a question): looked at step 1, then no usable answer.
    step('Do I need to take an umbrella tomorrow', 'Open_App("com.moba.weather")'),
    step('Do I need to take an umbrella tomorrow', 'Finish("I am not sure.")'),
    // weather-messages.forecast-to-mom (cross-app): looked at step 1, opens Messages, sends nothing.
    step('Text Mom how warm it will get in Shanghai tomorrow', 'Open_App("com.moba.weather")'),
    step('Text Mom how warm it will get in Shanghai tomorrow', 'Open_App("com.android.messaging")'),
    step('Text Mom how warm it will get in Shanghai tomorrow', 'Finish("I could not send it.")'),
    // clock.weekday-alarm-off (easy): gives up at once.
    step('weekday alarm.', 'Finish("Done.")'),
    REFLECT_GO_ON,
  ],
};

/** What each episode above reaches: milestones reached, of all, the step of the last one reached, and all steps. */
export const BENCH_MOBA_EXPECTED = {
  'weather.tomorrow-high': { reached: 2, total: 2, stepsToLast: 2, complete: true },
  'weather.umbrella': { reached: 1, total: 2, stepsToLast: 1, complete: false },
  'weather-messages.forecast-to-mom': { reached: 1, total: 2, stepsToLast: 1, complete: false },
  'clock.weekday-alarm-off': { reached: 0, total: 1, stepsToLast: null, complete: false },
} as const;
