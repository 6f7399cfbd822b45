/**
 * Maps' settings (.SettingsActivity): distance units, the travel mode directions open with,
 * route options (avoid tolls, avoid highways), the map type and traffic layer, keeping search
 * and trip history, clearing it.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  ChoiceDialog,
  Dialog,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
  SwitchItem,
} from '../../phone/page/widgets.ts';
import { MODE_LABEL } from './directions.ts';
import { MODES } from './model.ts';
import type { MapsCtx } from './model.ts';

const UNIT_LABEL = { km: 'Kilometres', mi: 'Miles' } as const;
const TYPE_LABEL = { default: 'Default', satellite: 'Satellite', terrain: 'Terrain' } as const;

export function settingsScreen(ctx: MapsCtx): VNode {
  const s = ctx.data.settings;
  return h(
    'LinearLayout',
    { class: 'fill maps-app' },
    Scaffold(ctx, {
      title: ctx.t('Settings'),
      nav: 'back',
      body: ScrollList(
        { id: 'settings_list' },
        ListItem({
          id: 'units_item',
          title: ctx.t('Distance units'),
          summary: ctx.t(UNIT_LABEL[s.units]),
          onTap: () => ctx.openDialog('units'),
        }),
        SectionHeader(ctx.t('Navigation')),
        ListItem({
          id: 'mode_item',
          title: ctx.t('Preferred travel mode'),
          summary: ctx.t(MODE_LABEL[s.mode]),
          onTap: () => ctx.openDialog('mode'),
        }),
        SwitchItem({
          id: 'avoid_tolls',
          title: ctx.t('Avoid tolls'),
          checked: s.avoidTolls,
          onToggle: (v) => (s.avoidTolls = v),
        }),
        SwitchItem({
          id: 'avoid_highways',
          title: ctx.t('Avoid highways'),
          checked: s.avoidHighways,
          onToggle: (v) => (s.avoidHighways = v),
        }),
        SectionHeader(ctx.t('Map')),
        ListItem({
          id: 'map_type_item',
          title: ctx.t('Map type'),
          summary: ctx.t(TYPE_LABEL[s.mapType]),
          onTap: () => ctx.openDialog('layers'),
        }),
        SwitchItem({
          id: 'traffic_item',
          title: ctx.t('Traffic'),
          checked: s.traffic,
          onToggle: (v) => (s.traffic = v),
        }),
        SectionHeader(ctx.t('History')),
        SwitchItem({
          id: 'save_history',
          title: ctx.t('Keep search and trip history'),
          checked: s.saveHistory,
          onToggle: (v) => (s.saveHistory = v),
        }),
        ListItem({
          id: 'clear_history',
          title: ctx.t('Clear history'),
          summary: ctx.t('{n} searches, {m} trips', { n: ctx.data.searches.length, m: ctx.data.trips.length }),
          onTap: () => ctx.openDialog('clear-history'),
        }),
      ),
    }),
  );
}

function choiceDialog<T extends string>(
  ctx: MapsCtx,
  title: string,
  options: ReadonlyArray<[T, string]>,
  current: T,
  set: (v: T) => void,
): VNode {
  return ChoiceDialog(
    ctx,
    title,
    options.map(([id, text]) => ({
      id: `choice_${id}`,
      label: ctx.t(text),
      checked: current === id,
      pick: () => set(id),
    })),
  );
}

export function unitsDialog(ctx: MapsCtx, _dialog: DialogState): VNode {
  const s = ctx.data.settings;
  return choiceDialog(
    ctx,
    ctx.t('Distance units'),
    Object.entries(UNIT_LABEL) as Array<['km' | 'mi', string]>,
    s.units,
    (v) => (s.units = v),
  );
}

export function modeDialog(ctx: MapsCtx, _dialog: DialogState): VNode {
  const s = ctx.data.settings;
  return choiceDialog(
    ctx,
    ctx.t('Preferred travel mode'),
    MODES.map((m) => [m, MODE_LABEL[m]] as [typeof m, string]),
    s.mode,
    (v) => (s.mode = v),
  );
}

export function clearHistoryDialog(ctx: MapsCtx, _dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Clear history?'),
    message: ctx.t('Your recent searches and trips will be removed.'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Clear'),
      onTap: () => {
        ctx.data.searches = [];
        ctx.data.trips = [];
        ctx.closeDialog();
        ctx.toast(ctx.t('History cleared'));
      },
    },
  });
}
