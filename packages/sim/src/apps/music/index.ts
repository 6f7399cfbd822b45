/**
 * Music (com.moba.music/.MainActivity): a library of songs, albums, artists and playlists,
 * liked songs, search, podcasts with subscriptions and progress, and a player whose position
 * runs on the device clock — seek slider, shuffle, repeat, queue, sleep timer, episode speed —
 * with the media volume as a slider. Playlists can be made, renamed, edited and deleted.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { Route } from '../../phone/page/types.ts';
import { EPISODE_LIST, PODCASTS, songById } from './catalog.ts';
import {
  addToPlaylistDialog,
  albumScreen,
  artistScreen,
  deletePlaylistDialog,
  newPlaylistDialog,
  playlistScreen,
  renamePlaylistDialog,
  songMenuDialog,
} from './collections.ts';
import { mainScreen } from './library.ts';
import { durationOf, initialMusicData, positionAt, tickPlayer } from './model.ts';
import type { MusicCtx, MusicData, MusicUi } from './model.ts';
import { MUSIC_CSS } from './music-css.ts';
import { playerScreen, queueScreen, settingsScreen, sleepDialog } from './player.ts';
import { showScreen } from './podcasts.ts';
import { MUSIC_STRINGS } from './strings.ts';

export const musicApp = defineApp<MusicData, MusicUi>({
  packageName: 'com.moba.music',
  icon: { bg: '#e91e63', fg: '#ffffff', glyph: 'music' },
  strings: MUSIC_STRINGS,
  css: MUSIC_CSS,
  initialData: initialMusicData,
  initialUi: () => ({ tab: 'library', section: 'songs', query: '' }),
  launch(ctx: MusicCtx, request, resuming): Route[] | null {
    const main: Route = { screen: 'main' };
    if (request.activity.endsWith('PlayerActivity')) return [main, { screen: 'player', activity: '.PlayerActivity' }];
    if (resuming) return null;
    ctx.ui.tab = 'library';
    return [main];
  },
  screens: {
    main: mainScreen,
    player: playerScreen,
    queue: queueScreen,
    album: albumScreen,
    artist: artistScreen,
    playlist: playlistScreen,
    show: showScreen,
    settings: settingsScreen,
  },
  dialogs: {
    'song-menu': songMenuDialog,
    'add-to-playlist': addToPlaylistDialog,
    'new-playlist': newPlaylistDialog,
    'rename-playlist': renamePlaylistDialog,
    'delete-playlist': deletePlaylistDialog,
    sleep: sleepDialog,
  },
  onBack(ctx) {
    if (ctx.route.screen === 'main' && ctx.ui.tab !== 'library') {
      ctx.ui.tab = 'library';
      return true;
    }
    return false;
  },
  tick(ctx) {
    tickPlayer(ctx.data, ctx.now());
  },
  publicState: (data) => {
    const p = data.player;
    const now = Date.now();
    const song = p.kind === 'song' && p.id !== null ? songById(p.id) : undefined;
    const episode = p.kind === 'episode' && p.id !== null ? EPISODE_LIST[p.id - 1] : undefined;
    return {
      nowPlaying:
        p.id === null
          ? null
          : {
              kind: p.kind,
              id: p.id,
              title: song?.title ?? episode?.title ?? '',
              artist: song?.artist ?? PODCASTS.find((x) => x.id === episode?.podcast)?.title ?? '',
              position: Math.floor(positionAt(p, now)),
              duration: durationOf(p),
              playing: p.playing,
              shuffle: p.shuffle,
              repeat: p.repeat,
              speed: p.speed,
              queue: [...p.queue],
              index: p.index,
              sleepAt: p.sleepAt,
            },
      liked: data.liked.map((id) => ({ id, title: songById(id)?.title ?? '', artist: songById(id)?.artist ?? '' })),
      playlists: data.playlists.map((pl) => ({
        id: pl.id,
        name: pl.name,
        songs: pl.songs.map((id) => ({ id, title: songById(id)?.title ?? '' })),
      })),
      recent: data.recent.map((id) => ({ id, title: songById(id)?.title ?? '' })),
      subscriptions: data.subscriptions.map((id) => ({ id, title: PODCASTS.find((x) => x.id === id)?.title ?? '' })),
      episodes: data.episodes.map((e) => ({ ...e, title: EPISODE_LIST[e.id - 1]?.title ?? '' })),
      settings: { ...data.settings },
    };
  },
});
