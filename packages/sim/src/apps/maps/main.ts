/** Maps' main screen: the Explore tab (explore.ts) or the Saved tab (saved.ts) above the tabs. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Tabs } from '../../phone/page/widgets.ts';
import { exploreTab, settleLocating } from './explore.ts';
import type { MapsCtx } from './model.ts';
import { savedTab } from './saved.ts';

export function mainScreen(ctx: MapsCtx): VNode {
  settleLocating(ctx);
  const tab = ctx.ui.tab;
  return h(
    'LinearLayout',
    { class: 'fill maps-app' },
    h('FrameLayout', { class: 'grow body' }, tab === 'explore' ? exploreTab(ctx) : savedTab(ctx)),
    Tabs([
      {
        text: ctx.t('Explore'),
        icon: 'location',
        id: 'tab_explore',
        selected: tab === 'explore',
        onTap: () => (ctx.ui.tab = 'explore'),
      },
      {
        text: ctx.t('Saved'),
        icon: 'bookmark',
        id: 'tab_saved',
        selected: tab === 'saved',
        onTap: () => (ctx.ui.tab = 'saved'),
      },
    ]),
  );
}
