/** Music's shared pieces: album covers, a song row, the mini player, opening the player. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Icon, IconButton } from '../../phone/page/widgets.ts';
import { albumOf, episodeById, songById } from './catalog.ts';
import { durationOf, playSongs, positionAt, setPlaying, timeText } from './model.ts';
import type { MusicCtx } from './model.ts';

export function cover(album: string, cls: string, key?: string | number): VNode {
  const a = albumOf(album);
  const [from, to] = a?.colors ?? ['#607d8b', '#90a4ae'];
  return h(
    'span',
    { key, class: cls, ax: 'skip', style: `background:linear-gradient(135deg,${from},${to})` },
    Icon('music', { size: 22 }),
  );
}

export function openPlayer(ctx: MusicCtx): void {
  ctx.navigate('player', undefined, { activity: '.PlayerActivity' });
}

/** A song in a list; a tap plays the list from it; ⋮ opens its menu. */
export function songRow(
  ctx: MusicCtx,
  id: number,
  list: readonly number[],
  o: { playlist?: number; key?: string } = {},
): VNode | null {
  const s = songById(id);
  if (!s) return null;
  const p = ctx.data.player;
  const current = p.kind === 'song' && p.id === id;
  return h(
    'LinearLayout',
    {
      key: o.key ?? `s${id}`,
      id: 'song_item',
      orientation: 'horizontal',
      class: `mu-row ${current ? 'current' : ''}`,
      desc: `${s.title}, ${s.artist}`,
      selected: current,
      onTap: () => {
        playSongs(ctx.data, list, list.indexOf(id), ctx.now());
        openPlayer(ctx);
      },
      onLongPress: () => ctx.openDialog('song-menu', { id, playlist: o.playlist ?? null }),
    },
    cover(s.album, 'mu-cover'),
    h(
      'LinearLayout',
      { class: 'grow mu-texts' },
      h('TextView', { id: 'song_title', class: 'mu-title' }, s.title),
      h(
        'TextView',
        { id: 'song_subtitle', class: 'mu-sub' },
        `${s.explicit ? `${ctx.t('Explicit')} · ` : ''}${s.artist} · ${timeText(s.duration)}`,
      ),
    ),
    ctx.data.liked.includes(id)
      ? Icon('heart-fill', { size: 18, desc: ctx.t('Liked'), id: 'liked_mark', class: 'mu-on' })
      : null,
    IconButton({
      id: 'song_more',
      icon: 'more-vert',
      desc: `${ctx.t('More')} ${s.title}`,
      onTap: () => ctx.openDialog('song-menu', { id, playlist: o.playlist ?? null }),
    }),
  );
}

/** What plays now, as a bar above the tabs: a tap opens the player. */
export function miniPlayer(ctx: MusicCtx): VNode | null {
  const p = ctx.data.player;
  if (p.id === null) return null;
  const song = p.kind === 'song' ? songById(p.id) : undefined;
  const episode = p.kind === 'episode' ? episodeById(p.id) : undefined;
  const title = song?.title ?? episode?.title ?? '';
  const sub = song?.artist ?? '';
  const pct = durationOf(p) ? (positionAt(p, ctx.now()) / durationOf(p)) * 100 : 0;
  return h(
    'LinearLayout',
    {
      key: 'mini',
      id: 'mini_player',
      class: 'mu-mini-wrap',
      desc: `${ctx.t('Now playing')}: ${title}`,
      onTap: () => openPlayer(ctx),
    },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mu-mini' },
      cover(song?.album ?? '', 'mu-cover'),
      h(
        'LinearLayout',
        { class: 'grow mu-texts' },
        h('TextView', { id: 'mini_title', class: 'mu-title' }, title),
        sub ? h('TextView', { class: 'mu-sub' }, sub) : null,
      ),
      IconButton({
        id: 'mini_play_pause',
        icon: p.playing ? 'pause-fill' : 'play',
        desc: ctx.t(p.playing ? 'Pause' : 'Play'),
        onTap: () => setPlaying(ctx.data, !p.playing, ctx.now()),
      }),
    ),
    h('View', { class: 'mu-progress', ax: 'skip' }, h('span', { class: 'mu-progress-fill', style: `width:${pct}%` })),
  );
}
