/**
 * The Browser's settings (.SettingsActivity): the search engine, the homepage, the page text
 * size (a slider, 50–200 %), JavaScript, pop-ups, desktop site, clearing browsing data.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  ChoiceDialog,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
  Slider,
  SwitchItem,
} from '../../phone/page/widgets.ts';
import { shortAddress } from './main.ts';
import type { BrowserCtx, BrowserSettings } from './model.ts';
import { NEWS, RECIPES, WIKI } from './web.ts';

const ENGINE_LABEL: Record<BrowserSettings['searchEngine'], string> = { moba: 'MobA Search', wiki: 'MobA Wiki' };
const HOMEPAGES = [NEWS, `${WIKI}Shanghai`, RECIPES, 'about:newtab'];

export function settingsScreen(ctx: BrowserCtx): VNode {
  const s = ctx.data.settings;
  return h(
    'LinearLayout',
    { class: 'fill browser-app' },
    Scaffold(ctx, {
      title: ctx.t('Settings'),
      nav: 'back',
      body: ScrollList(
        { id: 'settings_list' },
        ListItem({
          id: 'search_engine',
          title: ctx.t('Search engine'),
          summary: ENGINE_LABEL[s.searchEngine],
          onTap: () => ctx.openDialog('engine'),
        }),
        ListItem({
          id: 'homepage',
          title: ctx.t('Homepage'),
          summary: s.homepage === 'about:newtab' ? ctx.t('New tab') : shortAddress(s.homepage),
          onTap: () => ctx.openDialog('homepage'),
        }),
        SectionHeader(ctx.t('Accessibility')),
        h(
          'LinearLayout',
          { class: 'wb-slider-row' },
          h('TextView', { id: 'text_size_title', class: 'list-title' }, ctx.t('Text scaling')),
          h(
            'LinearLayout',
            { orientation: 'horizontal', class: 'wb-slider-line' },
            Slider({
              id: 'text_size',
              value: s.textSize / 10,
              min: 5,
              max: 20,
              desc: ctx.t('Text scaling'),
              class: 'grow',
              onChange: (v) => (s.textSize = v * 10),
            }),
            h('TextView', { id: 'text_size_value', class: 'wb-pct' }, `${s.textSize}%`),
          ),
          h('TextView', { class: 'wb-sample', style: `font-size:${(16 * s.textSize) / 100}sp` }, ctx.t('Preview text')),
        ),
        SectionHeader(ctx.t('Site settings')),
        SwitchItem({
          id: 'javascript',
          title: ctx.t('JavaScript'),
          checked: s.javascript,
          onToggle: (v) => (s.javascript = v),
        }),
        SwitchItem({
          id: 'popups',
          title: ctx.t('Pop-ups and redirects'),
          checked: s.popups,
          onToggle: (v) => (s.popups = v),
        }),
        SwitchItem({
          id: 'desktop_site',
          title: ctx.t('Desktop site'),
          checked: s.desktopSite,
          onToggle: (v) => (s.desktopSite = v),
        }),
        SectionHeader(ctx.t('Privacy')),
        ListItem({
          id: 'clear_data_item',
          title: ctx.t('Clear browsing data'),
          summary: ctx.t('{n} pages in history', { n: ctx.data.history.length }),
          onTap: () => ctx.openDialog('clear-data'),
        }),
      ),
    }),
  );
}

function choiceDialog(
  ctx: BrowserCtx,
  title: string,
  options: Array<[string, string]>,
  current: string,
  set: (v: string) => void,
): VNode {
  return ChoiceDialog(
    ctx,
    title,
    options.map(([value, label], i) => ({
      id: `choice_${i}`,
      label,
      checked: current === value,
      pick: () => set(value),
    })),
  );
}

export function engineDialog(ctx: BrowserCtx, _dialog: DialogState): VNode {
  const s = ctx.data.settings;
  return choiceDialog(ctx, ctx.t('Search engine'), Object.entries(ENGINE_LABEL), s.searchEngine, (v) => {
    s.searchEngine = v === 'wiki' ? 'wiki' : 'moba';
  });
}

export function homepageDialog(ctx: BrowserCtx, _dialog: DialogState): VNode {
  const s = ctx.data.settings;
  const options = HOMEPAGES.map((u): [string, string] => [
    u,
    u === 'about:newtab' ? ctx.t('New tab') : shortAddress(u),
  ]);
  return choiceDialog(ctx, ctx.t('Homepage'), options, s.homepage, (v) => (s.homepage = v));
}
