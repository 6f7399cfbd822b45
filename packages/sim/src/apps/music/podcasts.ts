/** Music's podcasts: your shows and all shows (subscribe), a show's episodes (.PodcastActivity) with progress. */
import { formatDateMedium } from '../../phone/page/i18n.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  EmptyState,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
} from '../../phone/page/widgets.ts';
import { PODCASTS } from './catalog.ts';
import type { Episode } from './catalog.ts';
import { playEpisode, positionAt } from './model.ts';
import type { MusicCtx } from './model.ts';
import { openPlayer } from './rows.ts';

function toggleSubscription(ctx: MusicCtx, id: number): void {
  const subs = ctx.data.subscriptions;
  ctx.data.subscriptions = subs.includes(id) ? subs.filter((x) => x !== id) : [...subs, id].sort((a, b) => a - b);
}

export function podcastsTab(ctx: MusicCtx): VNode {
  const mine = PODCASTS.filter((p) => ctx.data.subscriptions.includes(p.id));
  const row = (p: (typeof PODCASTS)[number]): VNode =>
    ListItem({
      key: `p${p.id}`,
      id: 'podcast_item',
      icon: 'podcast',
      title: p.title,
      titleId: 'podcast_title',
      summary: p.host,
      onTap: () => ctx.navigate('show', { id: p.id }, { activity: '.PodcastActivity' }),
    });
  return ScrollList(
    { id: 'podcast_list' },
    SectionHeader(ctx.t('Your shows')),
    mine.length ? mine.map(row) : h('TextView', { key: 'none', class: 'mu-sub', style: 'padding:8dp 16dp' }, '—'),
    SectionHeader(ctx.t('All shows')),
    PODCASTS.map(row),
  );
}

function episodeRow(ctx: MusicCtx, e: Episode): VNode {
  const p = ctx.data.player;
  const saved = ctx.data.episodes.find((x) => x.id === e.id);
  const heard = p.kind === 'episode' && p.id === e.id ? positionAt(p, ctx.now()) : (saved?.position ?? 0);
  const date = formatDateMedium(new Date(ctx.now() - e.daysAgo * 86_400_000), ctx.locale);
  const left = Math.ceil((e.duration - heard) / 60);
  const status = saved?.played
    ? ctx.t('Played')
    : heard > 0
      ? ctx.t('{m} min left', { m: left })
      : ctx.t('{m} min', { m: Math.round(e.duration / 60) });
  return h(
    'LinearLayout',
    {
      key: e.id,
      id: 'episode_item',
      orientation: 'horizontal',
      class: 'mu-row',
      desc: e.title,
      onTap: () => (playEpisode(ctx.data, e.id, ctx.now()), openPlayer(ctx)),
    },
    h(
      'LinearLayout',
      { class: 'grow mu-texts' },
      h('TextView', { id: 'episode_title', class: 'mu-title' }, e.title),
      h('TextView', { id: 'episode_status', class: 'mu-sub' }, `${date} · ${status}`),
      heard > 0 && !saved?.played
        ? h(
            'View',
            { class: 'mu-progress', ax: 'skip' },
            h('span', { class: 'mu-progress-fill', style: `width:${(heard / e.duration) * 100}%` }),
          )
        : null,
    ),
    IconButton({
      id: 'mark_played',
      icon: 'check',
      desc: `${ctx.t('Mark as played')} ${e.title}`,
      onTap: () => {
        ctx.data.episodes = [
          ...ctx.data.episodes.filter((x) => x.id !== e.id),
          { id: e.id, position: 0, played: true },
        ].sort((a, b) => a.id - b.id);
      },
    }),
  );
}

export function showScreen(ctx: MusicCtx): VNode {
  const show = PODCASTS.find((p) => p.id === Number(ctx.route.params?.id));
  if (!show) return Scaffold(ctx, { nav: 'back', body: EmptyState('podcast', ctx.t('No results')) });
  const subscribed = ctx.data.subscriptions.includes(show.id);
  return h(
    'LinearLayout',
    { class: 'fill music-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: show.title,
      body: ScrollList(
        { id: 'episode_list' },
        h(
          'LinearLayout',
          { key: 'head', class: 'mu-head' },
          h('TextView', { id: 'show_host', class: 'mu-sub' }, show.host),
          h(
            'TextView',
            { id: 'show_description', class: 'mu-sub', style: 'white-space:normal;text-align:center' },
            show.description,
          ),
          Button({
            id: 'subscribe',
            text: ctx.t(subscribed ? 'Subscribed' : 'Subscribe'),
            variant: subscribed ? 'outlined' : 'filled',
            onTap: () => toggleSubscription(ctx, show.id),
          }),
        ),
        [...show.episodes].sort((a, b) => a.daysAgo - b.daysAgo).map((e) => episodeRow(ctx, e)),
      ),
    }),
  );
}
