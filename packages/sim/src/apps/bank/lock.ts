/**
 * Bank's PIN: the app lock's keypad (six digits; after five wrong PINs the keypad refuses for a
 * minute of device time) and the PIN dialog that confirms a transfer (a password field).
 */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Dialog, EditText, Icon } from '../../phone/page/widgets.ts';
import type { BankCtx } from './model.ts';

const MAX_TRIES = 5;

/** A wrong PIN: counted, and the keypad rests a minute after five in a row. */
export function wrongPin(ctx: BankCtx): string {
  ctx.ui.pinTries++;
  if (ctx.ui.pinTries >= MAX_TRIES) {
    ctx.ui.lockedUntil = ctx.now() + 60_000;
    ctx.ui.pinTries = 0;
    return ctx.t('Too many wrong PINs. Try again in a minute.');
  }
  return ctx.t('Wrong PIN. {n} tries left.', { n: MAX_TRIES - ctx.ui.pinTries });
}

function press(ctx: BankCtx, key: string): void {
  const ui = ctx.ui;
  if (ui.lockedUntil !== null && ctx.now() < ui.lockedUntil) return;
  ui.lockedUntil = null;
  if (key === 'del') {
    ui.pin = ui.pin.slice(0, -1);
    return;
  }
  if (ui.pin.length >= 6) return;
  ui.pin += key;
  ui.pinError = '';
  if (ui.pin.length < 6) return;
  if (ui.pin === ctx.data.pin) {
    ui.locked = false;
    ui.pinTries = 0;
  } else ui.pinError = wrongPin(ctx);
  ui.pin = '';
}

export function lockScreen(ctx: BankCtx): VNode {
  const ui = ctx.ui;
  const resting = ui.lockedUntil !== null && ctx.now() < ui.lockedUntil;
  const key = (k: string, label: string, desc?: string): VNode =>
    h(
      'TextView',
      { key: k, id: `pin_key_${k}`, class: 'bk-key', desc: desc ?? label, clickable: true, onTap: () => press(ctx, k) },
      label,
    );
  return h(
    'LinearLayout',
    { class: 'fill bank-app' },
    h(
      'LinearLayout',
      { class: 'bk-lock' },
      Icon('lock', { size: 40, class: 'muted' }),
      h('TextView', { id: 'lock_title', class: 'bk-hello' }, ctx.t('Enter your 6-digit PIN')),
      h(
        'View',
        {
          id: 'pin_field',
          class: 'bk-dots',
          password: true,
          text: '•'.repeat(ui.pin.length),
          desc: ctx.t('Enter PIN'),
        },
        [0, 1, 2, 3, 4, 5].map((i) =>
          h('span', { key: i, ax: 'skip', class: `bk-dot ${i < ui.pin.length ? 'on' : ''}` }),
        ),
      ),
      ui.pinError || resting
        ? h(
            'TextView',
            { id: 'pin_error', class: 'bk-error' },
            ui.pinError || ctx.t('Too many wrong PINs. Try again in a minute.'),
          )
        : null,
      h(
        'ViewGroup',
        { class: 'bk-keys', id: 'pin_keypad' },
        ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => key(d, d)),
        h('View', { key: 'blank', ax: 'skip' }),
        key('0', '0'),
        key('del', '⌫', ctx.t('Delete')),
      ),
    ),
  );
}

/** Confirms a sensitive action (a transfer) with the PIN in a password field. */
export function pinDialog(ctx: BankCtx, o: { message?: string; onPin: (pin: string) => void }): VNode {
  const onPin = o.onPin;
  return Dialog({
    title: ctx.t('Enter PIN'),
    message: o.message,
    body: h(
      'LinearLayout',
      { class: 'bk-pad' },
      EditText(ctx, {
        field: 'confirm-pin',
        id: 'confirm_pin',
        value: ctx.ui.confirmPin,
        hint: ctx.t('Enter your 6-digit PIN'),
        inputType: 'password',
        maxLength: 6,
        onChange: (v) => (ctx.ui.confirmPin = v.replace(/\D/g, '')),
        onSubmit: () => onPin(ctx.ui.confirmPin),
      }),
      ctx.ui.pinError ? h('TextView', { id: 'pin_error', class: 'bk-error' }, ctx.ui.pinError) : null,
    ),
    negative: {
      text: ctx.t('Cancel'),
      onTap: () => ((ctx.ui.confirmPin = ''), (ctx.ui.pinError = ''), ctx.closeDialog()),
    },
    positive: { text: ctx.t('Confirm'), onTap: () => onPin(ctx.ui.confirmPin) },
  });
}
