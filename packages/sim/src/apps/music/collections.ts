/**
 * Music's collections: an album (.AlbumActivity), an artist (.ArtistActivity), a playlist
 * (.PlaylistActivity: play, shuffle, rename, delete, remove a song); a song's menu (play next,
 * add to queue, add to a playlist, like, go to the album or the artist) and the playlist dialogs.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  EmptyState,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
} from '../../phone/page/widgets.ts';
import { ALBUMS, SONGS, songById } from './catalog.ts';
import { createPlaylist, playSongs, playlistNameProblem, toggleLike } from './model.ts';
import type { MusicCtx } from './model.ts';
import { openAlbum, openArtist } from './library.ts';
import { cover, openPlayer, songRow } from './rows.ts';

function collection(
  ctx: MusicCtx,
  o: { title: string; sub: string; album?: string; ids: number[]; playlist?: number; actions?: VNode[] },
): VNode {
  const play = (shuffle: boolean) => () => {
    ctx.data.player.shuffle = shuffle;
    playSongs(ctx.data, o.ids, 0, ctx.now());
    openPlayer(ctx);
  };
  return h(
    'LinearLayout',
    { class: 'fill music-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: o.title,
      actions: o.actions,
      body: ScrollList(
        { id: 'song_list' },
        h(
          'LinearLayout',
          { key: 'head', class: 'mu-head' },
          cover(o.album ?? '', 'mu-head-cover'),
          h('TextView', { id: 'collection_title', class: 'mu-head-title' }, o.title),
          h('TextView', { id: 'collection_subtitle', class: 'mu-sub' }, o.sub),
          o.ids.length
            ? h(
                'LinearLayout',
                { orientation: 'horizontal', class: 'mu-head-buttons' },
                Button({ id: 'play_all', text: ctx.t('Play'), onTap: play(false) }),
                Button({ id: 'shuffle_all', text: ctx.t('Shuffle'), variant: 'tonal', onTap: play(true) }),
              )
            : null,
        ),
        o.ids.length
          ? o.ids.map((id, i) => songRow(ctx, id, o.ids, { playlist: o.playlist, key: `s${i}` }))
          : EmptyState('music', ctx.t('No songs'), 'empty_view'),
      ),
    }),
  );
}

export function albumScreen(ctx: MusicCtx): VNode {
  const album = ALBUMS.find((a) => a.title === ctx.route.params?.title);
  if (!album) return Scaffold(ctx, { nav: 'back', body: EmptyState('album', ctx.t('No songs')) });
  const ids = SONGS.filter((s) => s.album === album.title).map((s) => s.id);
  return collection(ctx, { title: album.title, sub: `${album.artist} · ${album.year}`, album: album.title, ids });
}

export function artistScreen(ctx: MusicCtx): VNode {
  const name = String(ctx.route.params?.name ?? '');
  const ids = SONGS.filter((s) => s.artist === name).map((s) => s.id);
  return collection(ctx, {
    title: name,
    sub: ctx.t('{n} songs', { n: ids.length }),
    album: ALBUMS.find((a) => a.artist === name)?.title,
    ids,
  });
}

export function playlistScreen(ctx: MusicCtx): VNode {
  const playlist = ctx.data.playlists.find((p) => p.id === Number(ctx.route.params?.id));
  if (!playlist) return Scaffold(ctx, { nav: 'back', body: EmptyState('playlist', ctx.t('No songs')) });
  return collection(ctx, {
    title: playlist.name,
    sub: ctx.t('{n} songs', { n: playlist.songs.length }),
    album: songById(playlist.songs[0] ?? 0)?.album,
    ids: playlist.songs,
    playlist: playlist.id,
    actions: [
      IconButton({
        id: 'rename_playlist',
        icon: 'edit',
        desc: ctx.t('Rename'),
        onTap: () => (
          ctx.openDialog('rename-playlist', { id: playlist.id, name: playlist.name }), ctx.focus('playlist-name')
        ),
      }),
      IconButton({
        id: 'delete_playlist',
        icon: 'delete',
        desc: ctx.t('Delete playlist'),
        onTap: () => ctx.openDialog('delete-playlist', { id: playlist.id }),
      }),
    ],
  });
}

export function songMenuDialog(ctx: MusicCtx, dialog: DialogState): VNode {
  const s = songById(Number(dialog.data.id));
  if (!s) return Dialog({ message: ctx.t('No songs') });
  const p = ctx.data.player;
  const playlistId = typeof dialog.data.playlist === 'number' ? dialog.data.playlist : null;
  const item = (key: string, icon: string, title: string, act: () => void): VNode =>
    ListItem({ key, id: `menu_${key}`, icon, title, onTap: () => (ctx.closeDialog(), act()) });
  const inQueue = p.kind === 'song' && p.queue.length > 0;
  return Dialog({
    title: `${s.title} · ${s.artist}`,
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      inQueue ? item('play_next', 'queue', ctx.t('Play next'), () => p.queue.splice(p.index + 1, 0, s.id)) : null,
      inQueue ? item('add_to_queue', 'queue', ctx.t('Add to queue'), () => p.queue.push(s.id)) : null,
      item('add_to_playlist', 'playlist-add', ctx.t('Add to playlist'), () =>
        ctx.openDialog('add-to-playlist', { id: s.id }),
      ),
      playlistId !== null
        ? item('remove_from_playlist', 'close', ctx.t('Remove from playlist'), () => {
            const pl = ctx.data.playlists.find((x) => x.id === playlistId);
            if (pl) pl.songs = pl.songs.filter((x) => x !== s.id);
          })
        : null,
      item(
        'like',
        ctx.data.liked.includes(s.id) ? 'heart-fill' : 'heart',
        ctx.t(ctx.data.liked.includes(s.id) ? 'Unlike' : 'Like'),
        () => toggleLike(ctx.data, s.id),
      ),
      item('go_to_album', 'album', ctx.t('Go to album'), () => openAlbum(ctx, s.album)),
      item('go_to_artist', 'artist', ctx.t('Go to artist'), () => openArtist(ctx, s.artist)),
    ),
  });
}

export function addToPlaylistDialog(ctx: MusicCtx, dialog: DialogState): VNode {
  const id = Number(dialog.data.id);
  return Dialog({
    title: ctx.t('Add to playlist'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      ListItem({
        key: 'new',
        id: 'new_playlist',
        icon: 'playlist-add',
        title: ctx.t('New playlist'),
        onTap: () => (ctx.openDialog('new-playlist', { name: '', song: id }), ctx.focus('playlist-name')),
      }),
      ctx.data.playlists.map((pl) =>
        ListItem({
          key: pl.id,
          id: 'playlist_option',
          icon: 'playlist',
          title: pl.name,
          onTap: () => {
            ctx.closeDialog();
            if (pl.songs.includes(id)) ctx.toast(ctx.t('Already in {name}', { name: pl.name }));
            else {
              pl.songs.push(id);
              ctx.toast(ctx.t('Added to {name}', { name: pl.name }));
            }
          },
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}

function nameDialog(
  ctx: MusicCtx,
  dialog: DialogState,
  o: { title: string; ok: string; except: number | null; save: (name: string) => void },
): VNode {
  const error = typeof dialog.data.error === 'string' ? dialog.data.error : '';
  const submit = (): void => {
    const name = String(dialog.data.name ?? '');
    const problem = playlistNameProblem(ctx.data, name, o.except);
    if (problem) {
      dialog.data.error = ctx.t(problem);
      return;
    }
    ctx.closeDialog();
    o.save(name.trim());
  };
  return Dialog({
    title: o.title,
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      EditText(ctx, {
        field: 'playlist-name',
        id: 'playlist_name_input',
        value: String(dialog.data.name ?? ''),
        hint: ctx.t('Playlist name'),
        onChange: (v) => ((dialog.data.name = v), (dialog.data.error = '')),
        onSubmit: submit,
      }),
      error ? h('TextView', { id: 'playlist_error', class: 'wall-error' }, error) : null,
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: { text: o.ok, onTap: submit },
  });
}

export function newPlaylistDialog(ctx: MusicCtx, dialog: DialogState): VNode {
  const song = typeof dialog.data.song === 'number' ? dialog.data.song : null;
  return nameDialog(ctx, dialog, {
    title: ctx.t('New playlist'),
    ok: ctx.t('Create'),
    except: null,
    save: (name) => {
      createPlaylist(ctx.data, name, song === null ? [] : [song]);
      if (song !== null) ctx.toast(ctx.t('Added to {name}', { name }));
    },
  });
}

export function renamePlaylistDialog(ctx: MusicCtx, dialog: DialogState): VNode {
  const id = Number(dialog.data.id);
  return nameDialog(ctx, dialog, {
    title: ctx.t('Rename'),
    ok: ctx.t('OK'),
    except: id,
    save: (name) => {
      const pl = ctx.data.playlists.find((x) => x.id === id);
      if (pl) pl.name = name;
    },
  });
}

export function deletePlaylistDialog(ctx: MusicCtx, dialog: DialogState): VNode {
  const pl = ctx.data.playlists.find((x) => x.id === dialog.data.id);
  return Dialog({
    title: ctx.t('Delete playlist'),
    message: ctx.t('Delete the playlist {name}?', { name: pl?.name ?? '' }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        ctx.data.playlists = ctx.data.playlists.filter((x) => x.id !== dialog.data.id);
        ctx.closeDialog();
        ctx.back();
      },
    },
  });
}
