/** Weather's settings: the temperature unit (wind follows: km/h with °C, mph with °F). */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Dialog, ListItem, RadioButton, Scaffold, ScrollList, SectionHeader } from '../../phone/page/widgets.ts';
import type { Unit, WeatherCtx } from './model.ts';

function unitLabel(ctx: WeatherCtx, unit: Unit): string {
  return unit === 'C' ? ctx.t('Celsius (°C)') : ctx.t('Fahrenheit (°F)');
}

export function settingsScreen(ctx: WeatherCtx): VNode {
  return h(
    'LinearLayout',
    { class: 'fill wx-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Settings'),
      body: ScrollList(
        { id: 'recycler_view' },
        SectionHeader(ctx.t('Units')),
        ListItem({
          key: 'unit',
          id: 'temperature_unit',
          icon: 'thermometer',
          title: ctx.t('Temperature unit'),
          summary: unitLabel(ctx, ctx.data.unit),
          onTap: () => ctx.openDialog('unit'),
        }),
      ),
    }),
  );
}

export function unitDialog(ctx: WeatherCtx, _dialog: DialogState): VNode {
  const choose = (unit: Unit): void => {
    ctx.data.unit = unit;
    ctx.closeDialog();
  };
  return Dialog({
    title: ctx.t('Temperature unit'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      (['C', 'F'] as const).map((unit) =>
        RadioButton({
          key: unit,
          id: unit === 'C' ? 'unit_celsius' : 'unit_fahrenheit',
          text: unitLabel(ctx, unit),
          checked: ctx.data.unit === unit,
          onSelect: () => choose(unit),
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}
