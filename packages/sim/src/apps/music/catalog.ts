/**
 * Music's catalogue, the same on every phone: made-up artists, their albums and songs (ids are
 * stable: tasks name them), and three podcasts with their episodes.
 */

export interface Song {
  id: number;
  title: string;
  artist: string;
  album: string;
  /** Seconds. */
  duration: number;
  genre: string;
  explicit: boolean;
}

export interface Album {
  title: string;
  artist: string;
  year: number;
  /** The cover's colours. */
  colors: readonly [string, string];
}

export interface Podcast {
  id: number;
  title: string;
  host: string;
  description: string;
  episodes: Episode[];
}

export interface Episode {
  id: number;
  podcast: number;
  title: string;
  /** Days before the phone's start it was published. */
  daysAgo: number;
  /** Seconds. */
  duration: number;
}

export const ALBUMS: readonly Album[] = [
  { title: 'Harbor Lights', artist: 'Luna Harbor', year: 2021, colors: ['#1e3c72', '#2a5298'] },
  { title: 'Tidal', artist: 'Luna Harbor', year: 2023, colors: ['#0f2027', '#2c5364'] },
  { title: 'Orchard Nights', artist: 'Neon Orchard', year: 2022, colors: ['#8e2de2', '#4a00e0'] },
  { title: 'Pulse', artist: 'Neon Orchard', year: 2024, colors: ['#f953c6', '#b91d73'] },
  { title: 'Quiet Rooms', artist: 'Mira Chen', year: 2020, colors: ['#c9d6ff', '#e2e2e2'] },
  { title: 'Stone Roads', artist: 'Stone & Sparrow', year: 2019, colors: ['#56ab2f', '#a8e063'] },
  { title: '城市晚风', artist: '陈默', year: 2022, colors: ['#ff9966', '#ff5e62'] },
  { title: 'Atlas', artist: 'Blue Atlas', year: 2024, colors: ['#134e5e', '#71b280'] },
];

type Row = readonly [title: string, duration: string, explicit?: boolean];

const TRACKS: Record<string, { genre: string; rows: readonly Row[] }> = {
  'Harbor Lights': {
    genre: 'Indie pop',
    rows: [
      ['Morning Run', '3:24'],
      ['Paper Boats', '3:51'],
      ['Harbor Lights', '4:12'],
      ['Salt Air', '3:05'],
      ['Lighthouse Keeper', '4:40'],
    ],
  },
  Tidal: {
    genre: 'Indie pop',
    rows: [
      ['Undertow', '3:38'],
      ['Low Tide', '2:58'],
      ['Moonwater', '4:05'],
      ['Coastline', '3:47'],
    ],
  },
  'Orchard Nights': {
    genre: 'Electronic',
    rows: [
      ['Neon Bloom', '4:21'],
      ['Orchard Nights', '5:02'],
      ['Glowworm', '3:33', true],
      ['Static Hearts', '3:59'],
      ['After Hours', '4:48'],
    ],
  },
  Pulse: {
    genre: 'Electronic',
    rows: [
      ['Pulse', '3:15'],
      ['City Lights', '3:42'],
      ['Runaway Signal', '4:09', true],
      ['Midnight Drive', '4:27'],
    ],
  },
  'Quiet Rooms': {
    genre: 'Piano',
    rows: [
      ['Rainy Afternoon', '3:12'],
      ['Window Seat', '2:47'],
      ['Letters', '3:55'],
      ['Quiet Rooms', '4:31'],
      ['First Snow', '3:20'],
    ],
  },
  'Stone Roads': {
    genre: 'Folk',
    rows: [
      ['Stone Roads', '3:48'],
      ['Sparrow Song', '3:02'],
      ['Campfire', '4:16'],
      ['Long Way Home', '4:55'],
      ['River Bend', '3:29'],
    ],
  },
  城市晚风: {
    genre: 'Mandopop',
    rows: [
      ['城市晚风', '4:02'],
      ['末班地铁', '3:46'],
      ['旧相册', '4:18'],
      ['雨后', '3:37'],
      ['慢慢走', '3:58'],
    ],
  },
  Atlas: {
    genre: 'Rock',
    rows: [
      ['Atlas', '4:12'],
      ['Northbound', '3:39', true],
      ['Fault Lines', '3:51'],
      ['Wildfire', '4:24'],
      ['Horizon', '5:10'],
    ],
  },
};

const seconds = (text: string): number => {
  const [m, s] = text.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

export const SONGS: readonly Song[] = ALBUMS.flatMap((album) =>
  (TRACKS[album.title]?.rows ?? []).map(([title, duration, explicit]) => ({
    id: 0,
    title,
    artist: album.artist,
    album: album.title,
    duration: seconds(duration),
    genre: TRACKS[album.title]?.genre ?? '',
    explicit: explicit === true,
  })),
).map((song, i) => ({ ...song, id: i + 1 }));

export const ARTISTS: readonly string[] = [...new Set(ALBUMS.map((a) => a.artist))];

const EPISODES: ReadonlyArray<readonly [podcast: number, title: string, daysAgo: number, minutes: number]> = [
  [1, 'Foldable phones get cheaper', 1, 18],
  [1, 'Agents that use apps', 3, 22],
  [1, 'The battery breakthrough', 6, 19],
  [1, 'Chips, explained', 8, 24],
  [1, 'Privacy settings you should change', 13, 21],
  [2, 'The Silk Road', 2, 31],
  [2, 'Building the Great Wall', 9, 34],
  [2, 'The Grand Canal', 16, 29],
  [2, 'Zheng He’s voyages', 23, 36],
  [2, 'The first printed books', 30, 33],
  [3, 'Ordering food', 1, 14],
  [3, 'Taking the metro', 4, 12],
  [3, 'At the doctor', 8, 16],
  [3, 'Numbers and prices', 11, 13],
  [3, 'Making friends', 15, 15],
];

export const PODCASTS: readonly Podcast[] = [
  {
    id: 1,
    title: 'Daily Tech Brief',
    host: 'Anna Li',
    description: 'The day’s technology news in twenty minutes.',
    episodes: [],
  },
  {
    id: 2,
    title: 'History in 30',
    host: 'Tom Wu',
    description: 'One story from history, every week, in about half an hour.',
    episodes: [],
  },
  {
    id: 3,
    title: 'Mandarin Made Easy',
    host: 'Lin Yue',
    description: 'Short, practical Mandarin lessons for everyday life.',
    episodes: [],
  },
].map((p) => ({
  ...p,
  episodes: EPISODES.map(([podcast, title, daysAgo, minutes], i) => ({
    id: i + 1,
    podcast,
    title,
    daysAgo,
    duration: minutes * 60,
  })).filter((e) => e.podcast === p.id),
}));

export const EPISODE_LIST: readonly Episode[] = PODCASTS.flatMap((p) => p.episodes);

export const songById = (id: number): Song | undefined => SONGS[id - 1];
export const episodeById = (id: number): Episode | undefined => EPISODE_LIST[id - 1];
export const albumOf = (title: string): Album | undefined => ALBUMS.find((a) => a.title === title);
