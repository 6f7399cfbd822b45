/** Clock's Timer tab (keypad setup, countdown, expiry) and Stopwatch tab. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, Fab, IconButton, ScrollList } from '../../phone/page/widgets.ts';
import { formatDuration, stopwatchElapsed, timerRemaining } from './model.ts';
import type { ClockCtx } from './model.ts';

function inputToMs(digits: string): number {
  const padded = digits.padStart(6, '0');
  const hh = Number(padded.slice(0, 2));
  const mm = Number(padded.slice(2, 4));
  const ss = Number(padded.slice(4, 6));
  return ((hh * 60 + mm) * 60 + ss) * 1000;
}

/** Starts (or restarts) the countdown for `durationMs`. */
export function startTimer(ctx: ClockCtx, durationMs: number): void {
  ctx.data.timer = {
    state: 'running',
    durationMs,
    remainingMs: durationMs,
    endsAt: ctx.now() + durationMs,
    label: ctx.data.timer.label,
  };
  ctx.ui.timerInput = '';
}

function setup(ctx: ClockCtx): VNode {
  const padded = ctx.ui.timerInput.padStart(6, '0');
  const unit = (value: string, suffix: string, id: string): VNode =>
    h(
      'TextView',
      { id, class: `timer-unit ${ctx.ui.timerInput ? 'set' : ''}`, ax: 'flatten' },
      value,
      h('span', { class: 'timer-suffix', ax: 'skip' }, suffix),
    );
  const digit = (n: number): VNode =>
    h(
      'Button',
      {
        key: n,
        id: `timer_setup_digit_${n}`,
        class: 'keypad-btn',
        clickable: true,
        onTap: () => {
          if (ctx.ui.timerInput.length >= 6 || (ctx.ui.timerInput === '' && n === 0)) return;
          ctx.ui.timerInput += String(n);
        },
      },
      String(n),
    );
  return h(
    'FrameLayout',
    { class: 'fill' },
    h(
      'LinearLayout',
      { class: 'fill timer-setup' },
      h(
        'TextView',
        {
          id: 'timer_setup_time',
          class: 'timer-display',
          text: `${padded.slice(0, 2)}h ${padded.slice(2, 4)}m ${padded.slice(4, 6)}s`,
        },
        unit(padded.slice(0, 2), 'h', 'hours'),
        unit(padded.slice(2, 4), 'm', 'minutes'),
        unit(padded.slice(4, 6), 's', 'seconds'),
      ),
      h(
        'LinearLayout',
        { class: 'keypad', id: 'timer_setup_digits' },
        [
          [1, 2, 3],
          [4, 5, 6],
          [7, 8, 9],
        ].map((row, i) =>
          h('LinearLayout', { key: i, orientation: 'horizontal', class: 'keypad-row', ax: 'flatten' }, row.map(digit)),
        ),
        h(
          'LinearLayout',
          { key: 'last', orientation: 'horizontal', class: 'keypad-row', ax: 'flatten' },
          h('View', { class: 'keypad-btn', ax: 'skip' }),
          digit(0),
          IconButton({
            id: 'timer_setup_delete',
            icon: 'backspace',
            desc: ctx.t('Delete'),
            onTap: () => (ctx.ui.timerInput = ctx.ui.timerInput.slice(0, -1)),
            enabled: ctx.ui.timerInput !== '',
          }),
        ),
      ),
    ),
    ctx.ui.timerInput
      ? Fab({
          id: 'fab',
          icon: 'play',
          desc: ctx.t('Start'),
          onTap: () => startTimer(ctx, inputToMs(ctx.ui.timerInput)),
        })
      : null,
  );
}

function countdown(ctx: ClockCtx): VNode {
  const timer = ctx.data.timer;
  const remaining = timerRemaining(timer, ctx.now());
  const expired = timer.state === 'expired';
  return h(
    'FrameLayout',
    { class: 'fill' },
    h(
      'LinearLayout',
      { class: 'fill timer-run', id: 'timer_view' },
      h('TextView', { id: 'timer_label', class: 'timer-label' }, timer.label || ctx.t('Timer')),
      h(
        'TextView',
        { id: 'timer_time_text', class: `timer-big ${expired ? 'expired' : ''}` },
        expired ? ctx.t("Time's up") : formatDuration(remaining),
      ),
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'timer-actions' },
        Button({
          id: 'reset_add',
          variant: 'tonal',
          text: expired || timer.state === 'paused' ? ctx.t('Reset') : ctx.t('+1:00'),
          onTap: () => {
            if (expired || timer.state === 'paused') {
              ctx.data.timer = { state: 'reset', durationMs: 0, remainingMs: 0, endsAt: null, label: timer.label };
            } else if (timer.endsAt !== null) {
              timer.endsAt += 60_000;
              timer.durationMs += 60_000;
            }
          },
        }),
        Button({
          id: 'delete',
          variant: 'text',
          text: ctx.t('Delete timer'),
          onTap: () => (ctx.data.timer = { state: 'reset', durationMs: 0, remainingMs: 0, endsAt: null, label: '' }),
        }),
      ),
    ),
    Fab({
      id: 'fab',
      icon: expired ? 'stop' : timer.state === 'running' ? 'pause' : 'play',
      desc: expired ? ctx.t('Stop') : timer.state === 'running' ? ctx.t('Pause') : ctx.t('Start'),
      onTap: () => {
        if (expired)
          ctx.data.timer = { state: 'reset', durationMs: 0, remainingMs: 0, endsAt: null, label: timer.label };
        else if (timer.state === 'running')
          ctx.data.timer = { ...timer, state: 'paused', remainingMs: remaining, endsAt: null };
        else ctx.data.timer = { ...timer, state: 'running', endsAt: ctx.now() + timer.remainingMs };
      },
    }),
  );
}

export function timerTab(ctx: ClockCtx): VNode {
  return ctx.data.timer.state === 'reset' ? setup(ctx) : countdown(ctx);
}

function stopwatchText(ms: number): string {
  const centis = Math.floor(ms / 10);
  const cs = centis % 100;
  const s = Math.floor(centis / 100) % 60;
  const m = Math.floor(centis / 6000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(m)}:${pad(s)}.${pad(cs)}`;
}

export function stopwatchTab(ctx: ClockCtx): VNode {
  const sw = ctx.data.stopwatch;
  const elapsed = stopwatchElapsed(sw, ctx.now());
  return h(
    'FrameLayout',
    { class: 'fill' },
    h(
      'LinearLayout',
      { class: 'fill stopwatch' },
      h('TextView', { id: 'stopwatch_time_text', class: 'timer-big' }, stopwatchText(elapsed)),
      sw.laps.length
        ? ScrollList(
            { id: 'laps_list', class: 'laps' },
            sw.laps.map((lap, i) =>
              h(
                'LinearLayout',
                { key: i, orientation: 'horizontal', class: 'list-item' },
                h('TextView', { id: 'lap_number', class: 'grow' }, ctx.t('Lap {n}', { n: sw.laps.length - i })),
                h('TextView', { id: 'lap_time' }, stopwatchText(lap)),
              ),
            ),
          )
        : null,
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'timer-actions' },
        sw.state !== 'reset'
          ? Button({
              id: sw.state === 'running' ? 'right_button' : 'left_button',
              variant: 'tonal',
              text: sw.state === 'running' ? ctx.t('Lap') : ctx.t('Reset'),
              onTap: () => {
                if (sw.state === 'running') sw.laps.unshift(elapsed);
                else ctx.data.stopwatch = { state: 'reset', elapsedMs: 0, startedAt: null, laps: [] };
              },
            })
          : null,
      ),
    ),
    Fab({
      id: 'fab',
      icon: sw.state === 'running' ? 'pause' : 'play',
      desc: sw.state === 'running' ? ctx.t('Pause') : ctx.t('Start'),
      onTap: () => {
        if (sw.state === 'running')
          ctx.data.stopwatch = { ...sw, state: 'paused', elapsedMs: elapsed, startedAt: null };
        else ctx.data.stopwatch = { ...sw, state: 'running', startedAt: ctx.now() };
      },
    }),
  );
}
