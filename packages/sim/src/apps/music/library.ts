/**
 * Music's main screen: the Library tab (songs, albums, artists, playlists, liked songs), the
 * Search tab, the Podcasts tab (podcasts.ts); the mini player above the tabs.
 */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Chip,
  EditText,
  EmptyState,
  Icon,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
  Tabs,
} from '../../phone/page/widgets.ts';
import { ALBUMS, ARTISTS, PODCASTS, SONGS } from './catalog.ts';
import { searchMusic } from './model.ts';
import type { MusicCtx, MusicUi } from './model.ts';
import { podcastsTab } from './podcasts.ts';
import { cover, miniPlayer, songRow } from './rows.ts';

export function openAlbum(ctx: MusicCtx, title: string): void {
  ctx.navigate('album', { title }, { activity: '.AlbumActivity' });
}

export function openArtist(ctx: MusicCtx, name: string): void {
  ctx.navigate('artist', { name }, { activity: '.ArtistActivity' });
}

function albumTile(ctx: MusicCtx, title: string): VNode {
  const a = ALBUMS.find((x) => x.title === title);
  return h(
    'LinearLayout',
    {
      key: title,
      id: 'album_item',
      class: 'mu-album',
      desc: `${title}, ${a?.artist ?? ''}`,
      onTap: () => openAlbum(ctx, title),
    },
    cover(title, 'mu-album-cover'),
    h('TextView', { id: 'album_title', class: 'mu-title' }, title),
    h('TextView', { class: 'mu-sub' }, `${a?.artist ?? ''} · ${a?.year ?? ''}`),
  );
}

function section(ctx: MusicCtx): VNode[] {
  const all = SONGS.filter((s) => ctx.data.settings.explicit || !s.explicit).map((s) => s.id);
  switch (ctx.ui.section) {
    case 'songs':
      return all.map((id) => songRow(ctx, id, all)).filter((v): v is VNode => v !== null);
    case 'albums':
      return [
        h(
          'ViewGroup',
          { key: 'grid', class: 'mu-grid' },
          ALBUMS.map((a) => albumTile(ctx, a.title)),
        ),
      ];
    case 'artists':
      return ARTISTS.map((name) =>
        ListItem({
          key: name,
          id: 'artist_item',
          icon: 'artist',
          title: name,
          summary: ctx.t('{n} songs', { n: SONGS.filter((s) => s.artist === name).length }),
          onTap: () => openArtist(ctx, name),
        }),
      );
    case 'playlists':
      return [
        ListItem({
          key: 'new',
          id: 'new_playlist',
          icon: 'playlist-add',
          title: ctx.t('New playlist'),
          onTap: () => (ctx.openDialog('new-playlist', { name: '' }), ctx.focus('playlist-name')),
        }),
        ...ctx.data.playlists.map((p) =>
          ListItem({
            key: `p${p.id}`,
            id: 'playlist_item',
            icon: 'playlist',
            title: p.name,
            titleId: 'playlist_name',
            summary: ctx.t('{n} songs', { n: p.songs.length }),
            onTap: () => ctx.navigate('playlist', { id: p.id }, { activity: '.PlaylistActivity' }),
          }),
        ),
      ];
    default: {
      const liked = ctx.data.liked;
      return liked.length
        ? liked.map((id) => songRow(ctx, id, liked)).filter((v): v is VNode => v !== null)
        : [EmptyState('heart', ctx.t('No songs'), 'empty_view')];
    }
  }
}

function libraryTab(ctx: MusicCtx): VNode {
  const chips: Array<[MusicUi['section'], string]> = [
    ['songs', 'Songs'],
    ['albums', 'Albums'],
    ['artists', 'Artists'],
    ['playlists', 'Playlists'],
    ['liked', 'Liked'],
  ];
  return h(
    'LinearLayout',
    { class: 'fill' },
    h(
      'HorizontalScrollView',
      { id: 'library_sections', scroll: 'h', style: 'flex:none' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'mu-chips' },
        chips.map(([id, text]) =>
          Chip({
            key: id,
            id: `section_${id}`,
            text: ctx.t(text),
            selected: ctx.ui.section === id,
            onTap: () => (ctx.ui.section = id),
          }),
        ),
      ),
    ),
    h('FrameLayout', { class: 'grow body', key: ctx.ui.section }, ScrollList({ id: 'library_list' }, section(ctx))),
  );
}

function searchTab(ctx: MusicCtx): VNode {
  const r = searchMusic(ctx.ui.query);
  const any = r.songs.length + r.albums.length + r.artists.length + r.podcasts.length > 0;
  return h(
    'LinearLayout',
    { class: 'fill' },
    h(
      'LinearLayout',
      {
        orientation: 'horizontal',
        class: 'bk-search',
        style:
          'display:flex;flex-direction:row;align-items:center;gap:8dp;margin:4dp 16dp 8dp;padding:0 12dp;height:48dp;border-radius:24dp;background:var(--surface-hi);flex:none',
      },
      Icon('search', { size: 20, class: 'muted' }),
      EditText(ctx, {
        field: 'search',
        id: 'search_src_text',
        value: ctx.ui.query,
        hint: ctx.t('Search songs, albums, artists, podcasts'),
        look: 'plain',
        onChange: (v) => (ctx.ui.query = v),
        onSubmit: () => ctx.blur(),
      }),
    ),
    h(
      'FrameLayout',
      { class: 'grow body' },
      any
        ? ScrollList(
            { id: 'search_results' },
            r.songs.length ? SectionHeader(ctx.t('Songs')) : null,
            r.songs.map((id) => songRow(ctx, id, r.songs)),
            r.albums.length ? SectionHeader(ctx.t('Albums')) : null,
            r.albums.map((title) =>
              ListItem({
                key: `a${title}`,
                id: 'album_result',
                icon: 'album',
                title,
                onTap: () => openAlbum(ctx, title),
              }),
            ),
            r.artists.length ? SectionHeader(ctx.t('Artists')) : null,
            r.artists.map((name) =>
              ListItem({
                key: `r${name}`,
                id: 'artist_result',
                icon: 'artist',
                title: name,
                onTap: () => openArtist(ctx, name),
              }),
            ),
            r.podcasts.length ? SectionHeader(ctx.t('Podcasts')) : null,
            r.podcasts.map((id) => {
              const p = PODCASTS.find((x) => x.id === id);
              return ListItem({
                key: `c${id}`,
                id: 'podcast_result',
                icon: 'podcast',
                title: p?.title ?? '',
                summary: p?.host,
                onTap: () => ctx.navigate('show', { id }, { activity: '.PodcastActivity' }),
              });
            }),
          )
        : ctx.ui.query.trim()
          ? EmptyState('search', ctx.t('No results'), 'empty_view')
          : null,
    ),
  );
}

export function mainScreen(ctx: MusicCtx): VNode {
  const tab = ctx.ui.tab;
  const body = tab === 'library' ? libraryTab(ctx) : tab === 'search' ? searchTab(ctx) : podcastsTab(ctx);
  return h(
    'LinearLayout',
    { class: 'fill music-app' },
    Scaffold(ctx, {
      title: ctx.t(tab === 'library' ? 'Library' : tab === 'search' ? 'Search' : 'Podcasts'),
      actions: [
        IconButton({
          id: 'action_settings',
          icon: 'settings',
          desc: ctx.t('Settings'),
          onTap: () => ctx.navigate('settings', undefined, { activity: '.SettingsActivity' }),
        }),
      ],
      body,
      bottom: h(
        'LinearLayout',
        { class: 'mu-bottom' },
        miniPlayer(ctx),
        Tabs([
          {
            text: ctx.t('Library'),
            icon: 'music',
            id: 'tab_library',
            selected: tab === 'library',
            onTap: () => (ctx.ui.tab = 'library'),
          },
          {
            text: ctx.t('Search'),
            icon: 'search',
            id: 'tab_search',
            selected: tab === 'search',
            onTap: () => ((ctx.ui.tab = 'search'), ctx.focus('search')),
          },
          {
            text: ctx.t('Podcasts'),
            icon: 'podcast',
            id: 'tab_podcasts',
            selected: tab === 'podcasts',
            onTap: () => (ctx.ui.tab = 'podcasts'),
          },
        ]),
      ),
    }),
  );
}
