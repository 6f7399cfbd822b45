/**
 * Music (com.moba.music) through the SimulatedDevice interface: the library scrolls and plays,
 * the player's position follows the stepped device clock, seek and volume sliders, next with
 * repeat, likes; playlists made, added to, renamed, edited and deleted; search; podcasts with
 * subscription, speed and saved progress; Chinese.
 */
import { describe, expect, it } from 'vitest';
import type { SimulatedPhone } from '../src/index.ts';
import { parseClockPolicy } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, scrollTo, tapOn } from '../src/testing/device-driver.ts';
import { parseDump, requireNode } from '../src/testing/ui-dump.ts';

const PKG = 'com.moba.music';
const KEY = { BACK: 4 };

interface State {
  nowPlaying: {
    kind: string;
    id: number;
    title: string;
    position: number;
    duration: number;
    playing: boolean;
    repeat: string;
    speed: number;
    queue: number[];
  } | null;
  liked: Array<{ id: number; title: string }>;
  playlists: Array<{ id: number; name: string; songs: Array<{ id: number; title: string }> }>;
  subscriptions: Array<{ id: number }>;
  episodes: Array<{ id: number; position: number; played: boolean }>;
}

let phone: SimulatedPhone;
useAppPhone({ seed: 6, freezeClock: true }, (t) => (phone = t.phone));

const state = async (): Promise<State> => (await phone.state(PKG)) as State;
const at = (node: { bounds: { left: number; right: number } }, f: number) =>
  Math.round(node.bounds.left + f * (node.bounds.right - node.bounds.left));

describe('Music', () => {
  it('scrolls the songs, plays one, and the position follows the stepped device clock; seek and volume sliders', async () => {
    await tapOn(phone, { desc: 'Music' });
    const horizon = await scrollTo(phone, { id: 'song_title', text: 'Horizon' }, 15);
    await phone.tap(horizon.center.x, horizon.center.y);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.PlayerActivity' });
    let s = await state();
    expect(s.nowPlaying).toMatchObject({ kind: 'song', title: 'Horizon', position: 0, duration: 310, playing: true });
    phone.setClockPolicy(parseClockPolicy('stepped:10s'));
    await phone.keyevent(0);
    await phone.keyevent(0);
    expect((await state()).nowPlaying?.position).toBe(20);
    const seekBar = requireNode(await dump(phone), { id: 'seek_bar' });
    expect(seekBar.className).toBe('android.widget.SeekBar');
    await phone.tap(at(seekBar, 0.5), seekBar.center.y);
    expect((await state()).nowPlaying?.position).toBeGreaterThanOrEqual(155);
    await tapOn(phone, { desc: 'Pause' });
    s = await state();
    await phone.keyevent(0);
    expect((await state()).nowPlaying).toMatchObject({ playing: false, position: s.nowPlaying!.position });
    const volume = requireNode(await dump(phone), { id: 'volume_slider' });
    await phone.tap(volume.bounds.right - 2, volume.center.y);
    expect(phone.getSetting('system', 'volume_music')).toBe('15');
    const liked = (await state()).liked.some((l) => l.title === 'Horizon');
    await tapOn(phone, { id: 'like' });
    expect((await state()).liked.some((l) => l.title === 'Horizon')).toBe(!liked);
    expect(requireNode(await dump(phone), { id: 'like' }).contentDesc).toBe(liked ? 'Like' : 'Unlike');
  });

  it('plays an album to its end with repeat all, wrapping to the first song; next skips', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { id: 'section_albums' });
    await tapOn(phone, { id: 'album_title', text: 'Tidal' });
    await tapOn(phone, { id: 'play_all' });
    await tapOn(phone, { desc: 'Next' });
    expect((await state()).nowPlaying).toMatchObject({ title: 'Low Tide', queue: [6, 7, 8, 9] });
    await tapOn(phone, { desc: 'Repeat off' });
    expect((await state()).nowPlaying?.repeat).toBe('all');
    await tapOn(phone, { desc: 'Next' });
    await tapOn(phone, { desc: 'Next' });
    expect((await state()).nowPlaying?.title).toBe('Coastline');
    const seekBar = requireNode(await dump(phone), { id: 'seek_bar' });
    await phone.tap(seekBar.bounds.right - 1, seekBar.center.y);
    phone.setClockPolicy(parseClockPolicy('stepped:5s'));
    await phone.keyevent(0);
    expect((await state()).nowPlaying).toMatchObject({ title: 'Undertow', playing: true });
  });

  it('makes a playlist from a song menu, adds to it, renames it, removes a song, deletes it', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { desc: 'More Paper Boats' });
    await tapOn(phone, { id: 'menu_add_to_playlist' });
    await tapOn(phone, { id: 'new_playlist' });
    await phone.text('Road trip');
    await tapOn(phone, { id: 'android:id/button1' });
    await tapOn(phone, { desc: 'More Salt Air' });
    await tapOn(phone, { id: 'menu_add_to_playlist' });
    await tapOn(phone, { id: 'playlist_option' });
    let s = await state();
    const road = s.playlists.find((p) => p.name === 'Road trip')!;
    expect(road.songs.map((x) => x.title)).toEqual(['Paper Boats']);
    await tapOn(phone, { desc: 'More Salt Air' });
    await tapOn(phone, { id: 'menu_add_to_playlist' });
    await tapOn(phone, { text: 'Road trip' });
    s = await state();
    expect(s.playlists.find((p) => p.name === 'Road trip')!.songs.map((x) => x.title)).toEqual([
      'Paper Boats',
      'Salt Air',
    ]);

    await tapOn(phone, { id: 'section_playlists' });
    await tapOn(phone, { id: 'playlist_name', text: 'Road trip' });
    await tapOn(phone, { desc: 'Rename' });
    await phone.text(' 2025');
    await tapOn(phone, { id: 'android:id/button1' });
    await tapOn(phone, { desc: 'More Paper Boats' });
    await tapOn(phone, { id: 'menu_remove_from_playlist' });
    s = await state();
    expect(s.playlists.find((p) => p.id === road.id)).toMatchObject({
      name: 'Road trip 2025',
      songs: [{ title: 'Salt Air' }],
    });
    await tapOn(phone, { desc: 'Delete playlist' });
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).playlists.some((p) => p.id === road.id)).toBe(false);
  });

  it('searches, subscribes to a podcast, plays an episode at 1.5× and keeps its progress', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { id: 'tab_search' });
    await phone.text('mandarin');
    await tapOn(phone, { id: 'podcast_result' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.PodcastActivity' });
    const subscribed = (await state()).subscriptions.some((x) => x.id === 3);
    await tapOn(phone, { id: 'subscribe' });
    expect((await state()).subscriptions.some((x) => x.id === 3)).toBe(!subscribed);
    await tapOn(phone, { id: 'episode_title', text: 'Taking the metro' });
    await tapOn(phone, { id: 'speed' });
    await tapOn(phone, { id: 'speed' });
    expect((await state()).nowPlaying).toMatchObject({ kind: 'episode', speed: 1.5 });
    phone.setClockPolicy(parseClockPolicy('stepped:20s'));
    await phone.keyevent(0);
    await tapOn(phone, { desc: 'Pause' });
    const ep = (await state()).episodes.find((e) => e.id === 12)!;
    expect(ep.position).toBeGreaterThanOrEqual(30);
    await phone.keyevent(KEY.BACK);
    const row = parseDump(await dump(phone)).find(
      (n) => n.resourceId === `${PKG}:id/episode_status` && n.text.includes('min left'),
    );
    expect(row).toBeDefined();
  });

  it('speaks Chinese', async () => {
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    expect(requireNode(await dump(phone), { text: '音乐库' })).toBeDefined();
  });
});
