/**
 * Music's state (likes, playlists, recently played, podcast subscriptions and progress, the
 * player, settings) and the player's rules: what plays now, the position on the device clock
 * (so `frozen` stands still and `stepped` moves with inputs), next and previous with shuffle
 * and repeat, the end of a track, the sleep timer.
 */
import type { AppContext, SeedContext } from '../../phone/page/types.ts';
import { EPISODE_LIST, PODCASTS, SONGS, episodeById, songById } from './catalog.ts';

export interface Playlist {
  id: number;
  name: string;
  songs: number[];
}

export interface Player {
  kind: 'song' | 'episode' | null;
  /** What plays (a song or an episode id), or null when nothing was chosen yet. */
  id: number | null;
  /** Seconds into it when it last started or stopped. */
  position: number;
  playing: boolean;
  /** Device time (epoch ms) it last started playing; null while paused. */
  startedAt: number | null;
  /** Song ids in play order, and where in it the player is. */
  queue: number[];
  index: number;
  shuffle: boolean;
  repeat: 'off' | 'all' | 'one';
  /** Playback speed of episodes (songs play at 1×). */
  speed: number;
  /** Device time the sleep timer stops playback, or null. */
  sleepAt: number | null;
}

export interface MusicData {
  liked: number[];
  playlists: Playlist[];
  nextPlaylistId: number;
  /** Song ids, most recent first (at most 20). */
  recent: number[];
  /** Podcast ids. */
  subscriptions: number[];
  /** Episode progress: seconds heard and whether it was finished. */
  episodes: Array<{ id: number; position: number; played: boolean }>;
  player: Player;
  settings: { crossfade: number; wifiOnly: boolean; explicit: boolean };
}

export interface MusicUi {
  tab: 'library' | 'search' | 'podcasts';
  section: 'songs' | 'albums' | 'artists' | 'playlists' | 'liked';
  query: string;
}

export type MusicCtx = AppContext<MusicData, MusicUi>;

export const SPEEDS = [0.8, 1, 1.2, 1.5, 2] as const;

export function durationOf(p: Player): number {
  if (p.id === null) return 0;
  return (p.kind === 'episode' ? episodeById(p.id)?.duration : songById(p.id)?.duration) ?? 0;
}

/** Seconds into what plays, now. */
export function positionAt(p: Player, now: number): number {
  const rate = p.kind === 'episode' ? p.speed : 1;
  const moved = p.playing && p.startedAt !== null ? ((now - p.startedAt) / 1000) * rate : 0;
  return Math.min(durationOf(p), Math.max(0, p.position + moved));
}

function pin(p: Player, now: number): void {
  p.position = positionAt(p, now);
  p.startedAt = p.playing ? now : null;
}

function noteRecent(data: MusicData, id: number): void {
  data.recent = [id, ...data.recent.filter((x) => x !== id)].slice(0, 20);
}

/** Plays a list of songs from `start` (the queue becomes the list). */
export function playSongs(data: MusicData, ids: readonly number[], start: number, now: number): void {
  const p = data.player;
  saveEpisodeProgress(data, now);
  p.queue = [...ids];
  p.index = Math.max(0, Math.min(ids.length - 1, start));
  if (p.shuffle && ids.length > 1) {
    const first = p.queue.splice(p.index, 1)[0] as number;
    p.queue.sort((a, b) => ((a * 7919 + now) % 101) - ((b * 7919 + now) % 101));
    p.queue.unshift(first);
    p.index = 0;
  }
  p.kind = 'song';
  p.id = p.queue[p.index] ?? null;
  p.position = 0;
  p.playing = p.id !== null;
  p.startedAt = p.playing ? now : null;
  if (p.id !== null) noteRecent(data, p.id);
}

export function playEpisode(data: MusicData, id: number, now: number): void {
  const p = data.player;
  saveEpisodeProgress(data, now);
  const saved = data.episodes.find((e) => e.id === id);
  Object.assign(p, {
    kind: 'episode',
    id,
    position: saved && !saved.played ? saved.position : 0,
    playing: true,
    startedAt: now,
    queue: [],
    index: 0,
  });
}

export function setPlaying(data: MusicData, playing: boolean, now: number): void {
  const p = data.player;
  if (p.id === null) return;
  pin(p, now);
  if (playing && p.position >= durationOf(p)) p.position = 0;
  p.playing = playing;
  p.startedAt = playing ? now : null;
  if (!playing) saveEpisodeProgress(data, now);
}

export function seek(data: MusicData, seconds: number, now: number): void {
  const p = data.player;
  p.position = Math.max(0, Math.min(durationOf(p), seconds));
  p.startedAt = p.playing ? now : null;
}

/** Next song: by the queue, wrapping when repeat is `all`; at the end of the queue it stops. */
export function skip(data: MusicData, delta: 1 | -1, now: number): void {
  const p = data.player;
  if (p.kind !== 'song' || !p.queue.length) return;
  // "Previous" more than three seconds in starts the song again, as players do.
  if (delta === -1 && positionAt(p, now) > 3) {
    seek(data, 0, now);
    return;
  }
  let i = p.index + delta;
  if (i >= p.queue.length) i = p.repeat === 'all' ? 0 : -1;
  if (i < 0 && delta === -1) i = 0;
  if (i < 0) {
    Object.assign(p, { position: durationOf(p), playing: false, startedAt: null });
    return;
  }
  p.index = i;
  p.id = p.queue[i] ?? null;
  p.position = 0;
  p.startedAt = p.playing ? now : null;
  if (p.id !== null) noteRecent(data, p.id);
}

export function saveEpisodeProgress(data: MusicData, now: number): void {
  const p = data.player;
  if (p.kind !== 'episode' || p.id === null) return;
  const at = positionAt(p, now);
  const done = at >= durationOf(p) - 1;
  const id = p.id;
  data.episodes = [
    ...data.episodes.filter((e) => e.id !== id),
    { id, position: done ? 0 : Math.floor(at), played: done },
  ].sort((a, b) => a.id - b.id);
}

/** Every device second: a track that reached its end moves on (or repeats); the sleep timer stops. */
export function tickPlayer(data: MusicData, now: number): boolean {
  const p = data.player;
  if (!p.playing || p.id === null) return false;
  if (p.sleepAt !== null && now >= p.sleepAt) {
    setPlaying(data, false, now);
    p.sleepAt = null;
    return true;
  }
  const duration = durationOf(p);
  if (positionAt(p, now) < duration) return false;
  // When it ended, by the device clock: the next track starts there (a jump may pass several).
  const rate = p.kind === 'episode' ? p.speed : 1;
  const endedAt = (p.startedAt ?? now) + ((duration - p.position) / rate) * 1000;
  if (p.kind === 'episode') {
    p.position = duration;
    p.playing = false;
    p.startedAt = null;
    saveEpisodeProgress(data, endedAt);
    return true;
  }
  if (p.repeat === 'one') {
    Object.assign(p, { position: 0, startedAt: endedAt });
    return true;
  }
  skip(data, 1, endedAt);
  return true;
}

export function toggleLike(data: MusicData, id: number): boolean {
  const liked = data.liked.includes(id);
  data.liked = liked ? data.liked.filter((x) => x !== id) : [...data.liked, id];
  return !liked;
}

/** @returns the error text key, or null */
export function playlistNameProblem(data: MusicData, name: string, except: number | null): string | null {
  const n = name.trim();
  if (!n) return 'Enter a name';
  if (data.playlists.some((p) => p.id !== except && p.name.toLowerCase() === n.toLowerCase()))
    return 'A playlist with this name already exists';
  return null;
}

export function createPlaylist(data: MusicData, name: string, songs: number[] = []): Playlist {
  const playlist = { id: data.nextPlaylistId++, name: name.trim(), songs };
  data.playlists.push(playlist);
  return playlist;
}

export function searchMusic(query: string): {
  songs: number[];
  albums: string[];
  artists: string[];
  podcasts: number[];
} {
  const q = query.trim().toLowerCase();
  if (!q) return { songs: [], albums: [], artists: [], podcasts: [] };
  const has = (t: string): boolean => t.toLowerCase().includes(q);
  return {
    songs: SONGS.filter((s) => has(s.title) || has(s.artist) || has(s.album)).map((s) => s.id),
    albums: [...new Set(SONGS.filter((s) => has(s.album)).map((s) => s.album))],
    artists: [...new Set(SONGS.filter((s) => has(s.artist)).map((s) => s.artist))],
    podcasts: PODCASTS.filter((p) => has(p.title) || has(p.host)).map((p) => p.id),
  };
}

export function timeText(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function initialMusicData(seed: SeedContext): MusicData {
  const r = seed.rng;
  const pickSongs = (n: number): number[] =>
    SONGS.map((s) => ({ id: s.id, k: r() }))
      .sort((a, b) => a.k - b.k)
      .slice(0, n)
      .map((x) => x.id);
  const liked = pickSongs(5 + Math.floor(r() * 4)).sort((a, b) => a - b);
  const heard = EPISODE_LIST.filter(() => r() < 0.25).map((e) => ({
    id: e.id,
    position: Math.floor(r() * e.duration * 0.8),
    played: r() < 0.3,
  }));
  return {
    liked,
    playlists: [
      { id: 1, name: 'Morning run', songs: pickSongs(6) },
      { id: 2, name: 'Focus', songs: SONGS.filter((s) => s.genre === 'Piano').map((s) => s.id) },
    ],
    nextPlaylistId: 3,
    recent: pickSongs(6),
    subscriptions: PODCASTS.filter(() => r() < 0.6).map((p) => p.id),
    episodes: heard.map((e) => (e.played ? { ...e, position: 0 } : e)),
    player: {
      kind: null,
      id: null,
      position: 0,
      playing: false,
      startedAt: null,
      queue: [],
      index: 0,
      shuffle: false,
      repeat: 'off',
      speed: 1,
      sleepAt: null,
    },
    settings: { crossfade: 0, wifiOnly: true, explicit: true },
  };
}
