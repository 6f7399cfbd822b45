import { describe, expect, it } from 'vitest';
import { hashString, mulberry32 } from '../../phone/page/rng.ts';
import { EPISODE_LIST, SONGS } from './catalog.ts';
import {
  createPlaylist,
  initialMusicData,
  playEpisode,
  playSongs,
  playlistNameProblem,
  positionAt,
  saveEpisodeProgress,
  searchMusic,
  seek,
  setPlaying,
  skip,
  tickPlayer,
  toggleLike,
} from './model.ts';

const now = new Date(2025, 5, 2, 9, 0, 0).getTime();
const seeded = (seed: number) => initialMusicData({ seed, rng: mulberry32(seed ^ hashString('com.moba.music')), now });
const S = 1000;

describe('music model', () => {
  it('has a fixed catalogue and seeds likes, playlists and podcast progress per seed', () => {
    expect(SONGS.length).toBe(38);
    expect(SONGS[0]).toMatchObject({ id: 1, title: 'Morning Run', artist: 'Luna Harbor', duration: 204 });
    expect(seeded(1)).toEqual(seeded(1));
    expect(seeded(1).liked).not.toEqual(seeded(2).liked);
    expect(seeded(1).playlists.map((p) => p.name)).toEqual(['Morning run', 'Focus']);
  });

  it('plays on the device clock: position, pause, seek, the end of a song moves to the next', () => {
    const data = seeded(3);
    playSongs(data, [1, 2, 3], 0, now);
    const p = data.player;
    expect(positionAt(p, now + 30 * S)).toBe(30);
    setPlaying(data, false, now + 30 * S);
    expect(positionAt(p, now + 90 * S)).toBe(30);
    seek(data, 200, now + 90 * S);
    setPlaying(data, true, now + 90 * S);
    expect(tickPlayer(data, now + 93 * S)).toBe(false);
    expect(tickPlayer(data, now + 95 * S)).toBe(true);
    expect([p.id, p.index]).toEqual([2, 1]);
    // The next song started when the first ended (4 s after resuming at 200 of 204).
    expect(positionAt(p, now + 100 * S)).toBe(6);
    expect(data.recent[0]).toBe(2);
  });

  it('skips with repeat off, all and one; previous restarts a song after three seconds', () => {
    const data = seeded(4);
    playSongs(data, [5, 6], 1, now);
    const p = data.player;
    skip(data, 1, now);
    expect([p.playing, p.id]).toEqual([false, 6]);
    p.repeat = 'all';
    setPlaying(data, true, now);
    skip(data, 1, now);
    expect([p.id, p.index]).toEqual([5, 0]);
    skip(data, -1, now + 10 * S);
    expect([p.id, positionAt(p, now + 10 * S)]).toEqual([5, 0]);
    p.repeat = 'one';
    seek(data, 239, now);
    tickPlayer(data, now + 2 * S);
    expect(p.id).toBe(5);
  });

  it('keeps episode progress and plays episodes at their speed', () => {
    const data = seeded(5);
    const ep = EPISODE_LIST[6]!;
    playEpisode(data, ep.id, now);
    data.player.speed = 2;
    data.player.startedAt = now;
    expect(positionAt(data.player, now + 60 * S)).toBe(120);
    setPlaying(data, false, now + 60 * S);
    expect(data.episodes.find((e) => e.id === ep.id)).toEqual({ id: ep.id, position: 120, played: false });
    playEpisode(data, ep.id, now + 70 * S);
    expect(data.player.position).toBe(120);
    seek(data, ep.duration, now + 70 * S);
    saveEpisodeProgress(data, now + 70 * S);
    expect(data.episodes.find((e) => e.id === ep.id)?.played).toBe(true);
  });

  it('likes, names playlists uniquely, searches', () => {
    const data = seeded(6);
    const liked = data.liked.includes(9);
    expect(toggleLike(data, 9)).toBe(!liked);
    expect(playlistNameProblem(data, ' focus ', null)).toBe('A playlist with this name already exists');
    expect(playlistNameProblem(data, 'Focus', 2)).toBeNull();
    expect(createPlaylist(data, ' Road trip ', [1])).toEqual({ id: 3, name: 'Road trip', songs: [1] });
    expect(searchMusic('atlas')).toMatchObject({ albums: ['Atlas'], artists: ['Blue Atlas'] });
    expect(searchMusic('history').podcasts).toEqual([2]);
  });
});
