/** Music's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, int, raiseCounter, uniqueList } from '../schema-kit.ts';
import { EPISODE_LIST, PODCASTS, SONGS } from './catalog.ts';
import { SPEEDS } from './model.ts';
import type { MusicData } from './model.ts';

const songId = int(1, SONGS.length);
const episodeId = int(1, EPISODE_LIST.length);

export const musicStore: AppStore = {
  schema: z
    .strictObject({
      liked: z.array(songId),
      playlists: uniqueList(z.strictObject({ id, name: z.string().min(1), songs: z.array(songId) })),
      nextPlaylistId: id,
      recent: z.array(songId).max(20),
      subscriptions: z.array(int(1, PODCASTS.length)),
      episodes: uniqueList(z.strictObject({ id: episodeId, position: int(0), played: z.boolean() })),
      player: z.strictObject({
        kind: z.enum(['song', 'episode']).nullable(),
        id: id.nullable(),
        position: z.number().min(0),
        playing: z.boolean(),
        startedAt: epochMs.nullable(),
        queue: z.array(songId),
        index: int(0),
        shuffle: z.boolean(),
        repeat: z.enum(['off', 'all', 'one']),
        speed: z
          .number()
          .refine((s) => (SPEEDS as readonly number[]).includes(s), `expected one of ${SPEEDS.join(', ')}`),
        sleepAt: epochMs.nullable(),
      }),
      settings: z.strictObject({ crossfade: int(0, 12), wifiOnly: z.boolean(), explicit: z.boolean() }),
    })
    .superRefine((d, ctx) => {
      const p = d.player;
      const max = p.kind === 'episode' ? EPISODE_LIST.length : SONGS.length;
      if (p.id !== null && p.id > max)
        ctx.addIssue({ code: 'custom', path: ['player', 'id'], message: `expected a ${p.kind} id 1–${max}` });
      if ((p.kind === null) !== (p.id === null))
        ctx.addIssue({ code: 'custom', path: ['player', 'kind'], message: 'kind and id are both null or both set' });
      if (p.queue.length && p.index >= p.queue.length)
        ctx.addIssue({ code: 'custom', path: ['player', 'index'], message: 'expected a position in queue' });
    }) satisfies z.ZodType<MusicData>,
  normalize: (data: MusicData) => raiseCounter(data as never, 'nextPlaylistId', data.playlists, (p) => p.id),
};
