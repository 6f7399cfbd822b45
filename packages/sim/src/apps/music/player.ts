/**
 * Music's player (.PlayerActivity): cover, title, a seek slider on the device clock, previous,
 * play/pause, next, shuffle and repeat, like, the media volume (a slider on `volume_music`, the
 * same as Settings'), and for episodes the speed and 10/30-second skips; the sleep timer; the
 * queue (.QueueActivity); settings (.SettingsActivity).
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EmptyState,
  Icon,
  IconButton,
  RadioButton,
  Scaffold,
  ScrollList,
  Slider,
  SwitchItem,
  Toolbar,
} from '../../phone/page/widgets.ts';
import { PODCASTS, episodeById, songById } from './catalog.ts';
import { SPEEDS, durationOf, positionAt, seek, setPlaying, skip, timeText, toggleLike } from './model.ts';
import type { MusicCtx } from './model.ts';
import { cover } from './rows.ts';

const MEDIA_MAX = 15;

function volumeRow(ctx: MusicCtx): VNode {
  const volume = Number(ctx.setting('system', 'volume_music') ?? 0);
  return h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'mu-row-line' },
    Icon('volume', { size: 22, class: 'muted' }),
    h(
      'FrameLayout',
      { class: 'grow' },
      Slider({
        id: 'volume_slider',
        value: volume,
        max: MEDIA_MAX,
        desc: `${ctx.t('Volume')} ${volume}/${MEDIA_MAX}`,
        onChange: (v) => ctx.putSetting('system', 'volume_music', String(v)),
      }),
    ),
  );
}

function controls(ctx: MusicCtx): VNode {
  const p = ctx.data.player;
  const now = ctx.now();
  const episode = p.kind === 'episode';
  const repeatDesc = p.repeat === 'off' ? 'Repeat off' : p.repeat === 'all' ? 'Repeat all' : 'Repeat one';
  return h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'mu-controls' },
    episode
      ? IconButton({
          id: 'replay_10',
          icon: 'replay-10',
          desc: ctx.t('Back 10 seconds'),
          onTap: () => seek(ctx.data, positionAt(p, now) - 10, now),
        })
      : IconButton({
          id: 'shuffle',
          icon: 'shuffle',
          color: p.shuffle ? 'var(--primary)' : undefined,
          desc: ctx.t(p.shuffle ? 'Shuffle on' : 'Shuffle off'),
          onTap: () => (p.shuffle = !p.shuffle),
        }),
    IconButton({
      id: 'previous',
      icon: 'skip-prev-fill',
      desc: ctx.t('Previous'),
      enabled: !episode,
      onTap: () => skip(ctx.data, -1, now),
    }),
    h(
      'ImageButton',
      {
        id: 'play_pause',
        class: 'mu-play icon-btn',
        desc: ctx.t(p.playing ? 'Pause' : 'Play'),
        onTap: () => setPlaying(ctx.data, !p.playing, now),
      },
      Icon(p.playing ? 'pause-fill' : 'play', { size: 32 }),
    ),
    IconButton({
      id: 'next',
      icon: 'skip-next-fill',
      desc: ctx.t('Next'),
      enabled: !episode,
      onTap: () => skip(ctx.data, 1, now),
    }),
    episode
      ? IconButton({
          id: 'forward_30',
          icon: 'forward-30',
          desc: ctx.t('Forward 30 seconds'),
          onTap: () => seek(ctx.data, positionAt(p, now) + 30, now),
        })
      : IconButton({
          id: 'repeat',
          icon: p.repeat === 'one' ? 'repeat-one' : 'repeat',
          color: p.repeat === 'off' ? undefined : 'var(--primary)',
          desc: ctx.t(repeatDesc),
          onTap: () => (p.repeat = p.repeat === 'off' ? 'all' : p.repeat === 'all' ? 'one' : 'off'),
        }),
  );
}

export function playerScreen(ctx: MusicCtx): VNode {
  const p = ctx.data.player;
  const song = p.kind === 'song' && p.id !== null ? songById(p.id) : undefined;
  const episode = p.kind === 'episode' && p.id !== null ? episodeById(p.id) : undefined;
  if (!song && !episode) return Scaffold(ctx, { nav: 'back', body: EmptyState('music', ctx.t('Nothing playing')) });
  const now = ctx.now();
  const duration = durationOf(p);
  const at = Math.floor(positionAt(p, now));
  const liked = song ? ctx.data.liked.includes(song.id) : false;
  return h(
    'LinearLayout',
    { class: 'fill music-app' },
    Toolbar(ctx, {
      nav: 'back',
      title: ctx.t('Now playing'),
      actions: [
        IconButton({
          id: 'sleep_timer',
          icon: 'timer',
          color: p.sleepAt ? 'var(--primary)' : undefined,
          desc: ctx.t('Sleep timer'),
          onTap: () => ctx.openDialog('sleep'),
        }),
        song
          ? IconButton({
              id: 'open_queue',
              icon: 'queue',
              desc: ctx.t('Queue'),
              onTap: () => ctx.navigate('queue', undefined, { activity: '.QueueActivity' }),
            })
          : null,
      ],
    }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'player_scroll', kind: 'scroll', padBottom: false },
        h(
          'LinearLayout',
          { key: 'player', class: 'mu-player' },
          song
            ? cover(song.album, 'mu-art')
            : h('span', { class: 'mu-art', ax: 'skip', style: 'background:linear-gradient(135deg,#37474f,#78909c)' }),
          h(
            'LinearLayout',
            { orientation: 'horizontal', class: 'mu-row-line' },
            h(
              'LinearLayout',
              { class: 'grow mu-texts' },
              h('TextView', { id: 'track_title', class: 'mu-now-title' }, song?.title ?? episode?.title ?? ''),
              h(
                'TextView',
                { id: 'track_artist', class: 'mu-now-sub' },
                song?.artist ?? PODCASTS.find((x) => x.id === episode?.podcast)?.title ?? '',
              ),
            ),
            song
              ? IconButton({
                  id: 'like',
                  icon: liked ? 'heart-fill' : 'heart',
                  color: liked ? 'var(--primary)' : undefined,
                  desc: ctx.t(liked ? 'Unlike' : 'Like'),
                  onTap: () => toggleLike(ctx.data, song.id),
                })
              : null,
          ),
          Slider({
            id: 'seek_bar',
            value: at,
            max: duration,
            desc: `${ctx.t('Seek')} ${timeText(at)} / ${timeText(duration)}`,
            onChange: (v) => seek(ctx.data, v, ctx.now()),
          }),
          h(
            'LinearLayout',
            { orientation: 'horizontal', class: 'mu-times' },
            h('TextView', { id: 'position' }, timeText(at)),
            h('TextView', { id: 'duration' }, timeText(duration)),
          ),
          controls(ctx),
          episode
            ? Button({
                id: 'speed',
                text: `${p.speed}×`,
                desc: `${ctx.t('Playback speed')} ${p.speed}×`,
                variant: 'tonal',
                onTap: () =>
                  (p.speed = SPEEDS[(SPEEDS.indexOf(p.speed as (typeof SPEEDS)[number]) + 1) % SPEEDS.length] ?? 1),
              })
            : null,
          volumeRow(ctx),
        ),
      ),
    ),
  );
}

export function sleepDialog(ctx: MusicCtx, _dialog: DialogState): VNode {
  const p = ctx.data.player;
  const choose = (minutes: number | null) => () => {
    p.sleepAt = minutes === null ? null : ctx.now() + minutes * 60_000;
    ctx.closeDialog();
  };
  const left = p.sleepAt === null ? null : Math.ceil((p.sleepAt - ctx.now()) / 60_000);
  return Dialog({
    title: ctx.t('Sleep timer'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      RadioButton({ key: 'off', id: 'sleep_off', text: ctx.t('Off'), checked: left === null, onSelect: choose(null) }),
      [15, 30, 60].map((m) =>
        RadioButton({
          key: m,
          id: `sleep_${m}`,
          text: ctx.t('{n} minutes', { n: m }),
          checked: left !== null && left <= m && left > m - 15,
          onSelect: choose(m),
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}

export function queueScreen(ctx: MusicCtx): VNode {
  const p = ctx.data.player;
  return h(
    'LinearLayout',
    { class: 'fill music-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Queue'),
      actions: [
        Button({
          id: 'clear_queue',
          text: ctx.t('Clear queue'),
          variant: 'text',
          onTap: () => ((p.queue = p.id !== null && p.kind === 'song' ? [p.id] : []), (p.index = 0)),
        }),
      ],
      body: p.queue.length
        ? ScrollList(
            { id: 'queue_list' },
            p.queue.map((id, i) => {
              const s = songById(id);
              return h(
                'LinearLayout',
                {
                  key: `q${i}`,
                  id: 'queue_item',
                  orientation: 'horizontal',
                  class: `mu-row ${i === p.index ? 'current' : ''}`,
                  selected: i === p.index,
                  desc: s?.title,
                },
                cover(s?.album ?? '', 'mu-cover'),
                h(
                  'LinearLayout',
                  { class: 'grow mu-texts' },
                  h('TextView', { id: 'song_title', class: 'mu-title' }, s?.title ?? ''),
                  h('TextView', { class: 'mu-sub' }, s?.artist ?? ''),
                ),
                i === p.index
                  ? null
                  : IconButton({
                      id: 'remove_from_queue',
                      icon: 'close',
                      desc: ctx.t('Remove {title}', { title: s?.title ?? '' }),
                      onTap: () => {
                        p.queue.splice(i, 1);
                        if (i < p.index) p.index--;
                      },
                    }),
              );
            }),
          )
        : EmptyState('queue', ctx.t('No songs'), 'empty_view'),
    }),
  );
}

export function settingsScreen(ctx: MusicCtx): VNode {
  const s = ctx.data.settings;
  return h(
    'LinearLayout',
    { class: 'fill music-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Settings'),
      body: ScrollList(
        { id: 'settings_list' },
        h(
          'LinearLayout',
          { key: 'crossfade', class: 'bk-field', style: 'padding:12dp 16dp' },
          h(
            'TextView',
            { id: 'crossfade_text', class: 'mu-title' },
            `${ctx.t('Crossfade')}: ${ctx.t('{n} s', { n: s.crossfade })}`,
          ),
          Slider({
            id: 'crossfade',
            value: s.crossfade,
            max: 12,
            desc: `${ctx.t('Crossfade')} ${s.crossfade}`,
            onChange: (v) => (s.crossfade = v),
          }),
        ),
        SwitchItem({
          key: 'wifi',
          title: ctx.t('Stream on Wi-Fi only'),
          switchId: 'wifi_only',
          checked: s.wifiOnly,
          onToggle: (v) => (s.wifiOnly = v),
        }),
        SwitchItem({
          key: 'explicit',
          title: ctx.t('Allow explicit content'),
          switchId: 'explicit',
          checked: s.explicit,
          onToggle: (v) => (s.explicit = v),
        }),
      ),
    }),
  );
}
