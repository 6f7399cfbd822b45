/**
 * Railway's saved passengers: the list on the Me tab, the editor (.PassengerEditActivity) for
 * a new passenger or a saved one (name, ID number, mobile, ticket type), and removing one
 * after a confirmation.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, Dialog, EditText, ListItem, Scaffold, ScrollList } from '../../phone/page/widgets.ts';
import { passengerTypeText } from './format.ts';
import { checkPassenger, maskId, removePassenger } from './model.ts';
import type { Passenger, PassengerType, RailCtx } from './model.ts';

const EDIT_ACTIVITY = '.PassengerEditActivity';
const TYPES: readonly PassengerType[] = ['adult', 'child', 'student'];

export function openAddPassenger(ctx: RailCtx, forBooking: boolean): void {
  ctx.ui.draft = { id: null, name: '', idNumber: '', phone: '', type: 'adult', error: '' };
  ctx.ui.draftFor = forBooking ? 'booking' : 'list';
  ctx.navigate('passenger', undefined, { activity: EDIT_ACTIVITY });
  ctx.focus('passenger-name');
}

export function openEditPassenger(ctx: RailCtx, p: Passenger): void {
  ctx.ui.draft = { id: p.id, name: p.name, idNumber: p.idNumber, phone: p.phone, type: p.type, error: '' };
  ctx.ui.draftFor = 'list';
  ctx.navigate('passenger', undefined, { activity: EDIT_ACTIVITY });
}

function savePassenger(ctx: RailCtx): void {
  const d = ctx.ui.draft;
  const checked = checkPassenger(ctx.data, d, d.id);
  if ('error' in checked) {
    d.error = checked.error;
    return;
  }
  d.error = '';
  const saved = d.id === null ? undefined : ctx.data.passengers.find((p) => p.id === d.id);
  if (saved) {
    Object.assign(saved, checked);
    ctx.toast(ctx.t('Passenger updated'));
  } else {
    const passenger = { id: ctx.data.nextPassengerId++, ...checked };
    ctx.data.passengers.push(passenger);
    if (ctx.ui.draftFor === 'booking' && ctx.ui.booking)
      ctx.ui.booking.passengerIds = [...ctx.ui.booking.passengerIds, passenger.id];
    ctx.toast(ctx.t('Passenger added'));
  }
  ctx.back();
}

/** The Me tab's passenger rows: tap one to edit it. */
export function passengerRows(ctx: RailCtx): VNode[] {
  return ctx.data.passengers.map((p) =>
    ListItem({
      key: `p${p.id}`,
      id: 'passenger_item',
      icon: 'person',
      title: p.name,
      summary: `${ctx.t('ID card')} ${maskId(p.idNumber)} · ${passengerTypeText(ctx, p.type)}`,
      titleId: 'passenger_name',
      summaryId: 'passenger_summary',
      onTap: () => openEditPassenger(ctx, p),
    }),
  );
}

function field(
  ctx: RailCtx,
  o: {
    field: string;
    id: string;
    label: string;
    value: string;
    hint: string;
    onChange: (v: string) => void;
    inputType?: 'text' | 'number' | 'phone';
    maxLength?: number;
  },
): VNode {
  return h(
    'LinearLayout',
    { key: o.field, class: 'rw-field' },
    h('TextView', { class: 'rw-field-label' }, o.label),
    EditText(ctx, {
      field: o.field,
      id: o.id,
      value: o.value,
      hint: o.hint,
      onChange: o.onChange,
      inputType: o.inputType,
      maxLength: o.maxLength,
      onSubmit: o.field === 'passenger-phone' ? () => savePassenger(ctx) : undefined,
    }),
  );
}

function typeChips(ctx: RailCtx): VNode {
  const d = ctx.ui.draft;
  return h(
    'LinearLayout',
    { key: 'type', class: 'rw-field' },
    h('TextView', { class: 'rw-field-label' }, ctx.t('Ticket type')),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'rw-chip-row' },
      TYPES.map((t) =>
        h(
          'TextView',
          {
            key: t,
            id: `type_${t}`,
            class: `chip ${d.type === t ? 'selected' : ''}`,
            checkable: true,
            checked: d.type === t,
            onTap: () => (d.type = t),
          },
          passengerTypeText(ctx, t),
        ),
      ),
    ),
  );
}

export function passengerScreen(ctx: RailCtx): VNode {
  const d = ctx.ui.draft;
  const editing = d.id !== null;
  return Scaffold(ctx, {
    nav: 'close',
    title: ctx.t(editing ? 'Edit passenger' : 'Add passenger'),
    actions: [Button({ id: 'save_passenger', text: ctx.t('Save'), onTap: () => savePassenger(ctx), class: 'rw-save' })],
    body: ScrollList(
      { id: 'passenger_form', kind: 'scroll', class: 'rw-screen' },
      field(ctx, {
        field: 'passenger-name',
        id: 'edit_name',
        label: ctx.t('Name'),
        value: d.name,
        hint: ctx.t('Name as on the ID card'),
        onChange: (v) => ((d.name = v), (d.error = '')),
      }),
      h(
        'LinearLayout',
        { key: 'idtype', class: 'rw-field' },
        h('TextView', { class: 'rw-field-label' }, ctx.t('ID type')),
        h('TextView', { id: 'id_type', class: 'rw-field-value' }, ctx.t('Resident ID card')),
      ),
      field(ctx, {
        field: 'passenger-id',
        id: 'edit_id_number',
        label: ctx.t('ID number'),
        value: d.idNumber,
        hint: ctx.t('18 characters'),
        maxLength: 18,
        onChange: (v) => ((d.idNumber = v), (d.error = '')),
      }),
      field(ctx, {
        field: 'passenger-phone',
        id: 'edit_phone',
        label: ctx.t('Mobile number'),
        value: d.phone,
        hint: ctx.t('Optional'),
        inputType: 'phone',
        maxLength: 11,
        onChange: (v) => ((d.phone = v), (d.error = '')),
      }),
      typeChips(ctx),
      d.error ? h('TextView', { key: 'err', id: 'passenger_error', class: 'rw-error' }, ctx.t(d.error)) : null,
      editing
        ? h(
            'LinearLayout',
            { key: 'delete', class: 'rw-pad-row' },
            Button({
              id: 'delete_passenger',
              text: ctx.t('Remove passenger'),
              variant: 'outlined',
              class: 'rw-danger',
              onTap: () => ctx.openDialog('delete-passenger', { id: d.id }),
            }),
          )
        : null,
    ),
  });
}

export function deletePassengerDialog(ctx: RailCtx, dialog: DialogState): VNode {
  const passenger = ctx.data.passengers.find((p) => p.id === dialog.data.id);
  return Dialog({
    title: ctx.t('Remove passenger'),
    message: ctx.t('Remove {name} from your passengers?', { name: passenger?.name ?? '' }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Remove'),
      onTap: () => {
        ctx.closeDialog();
        const refused = removePassenger(ctx.data, Number(dialog.data.id), ctx.now());
        if (refused) {
          ctx.toast(ctx.t(refused));
          return;
        }
        ctx.toast(ctx.t('Passenger removed'));
        if (ctx.route.screen === 'passenger') ctx.back();
      },
    },
  });
}
