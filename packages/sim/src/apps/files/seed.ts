/**
 * Files' seeded storage: camera photos over the last weeks (names from their times, scenes
 * drawn per photo), screenshots, downloads (a boarding pass, an invoice, an app, an archive),
 * documents, music and videos; a hidden `.thumbnails` folder. How many photos, their times and
 * sizes, and a few names vary with the seed.
 */
import type { SeedContext } from '../../phone/page/types.ts';
import type { FileEntry, FilesData } from './model.ts';
import { kindOf } from './model.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

const FOLDERS = [
  '.thumbnails',
  'DCIM',
  'DCIM/Camera',
  'Documents',
  'Documents/Work',
  'Download',
  'Movies',
  'Music',
  'Pictures',
  'Pictures/Screenshots',
];

const int = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
const pad = (n: number): string => String(n).padStart(2, '0');

function stamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}_${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
}

const FIXED: ReadonlyArray<readonly [folder: string, name: string, kb: number, daysAgo: number]> = [
  ['Download', 'Boarding_Pass_MU5101.pdf', 180, 3],
  ['Download', 'Invoice_2025-05.pdf', 96, 9],
  ['Download', 'MobA_Studio_setup.apk', 48_200, 12],
  ['Download', 'holiday-photos.zip', 86_000, 20],
  ['Download', 'Metro_map_Shanghai.png', 2_400, 30],
  ['Documents', 'Resume_2025.docx', 64, 40],
  ['Documents', 'Notes.txt', 2, 1],
  ['Documents', 'Budget_2025.xlsx', 38, 6],
  ['Documents', 'Lease_agreement.pdf', 1_200, 90],
  ['Documents/Work', 'Q3_report.pdf', 3_100, 2],
  ['Documents/Work', 'Meeting_notes.docx', 41, 1],
  ['Documents/Work', 'Roadmap.pptx', 5_600, 4],
  ['Music', 'Morning Run.mp3', 7_800, 50],
  ['Music', 'Rainy Afternoon.mp3', 6_200, 50],
  ['Music', 'City Lights.mp3', 8_400, 50],
  ['Music', 'Voice memo 0412.m4a', 900, 52],
  ['Movies', 'Birthday_party.mp4', 240_000, 15],
  ['Movies', 'Sunset_timelapse.mp4', 118_000, 25],
  ['.thumbnails', 'cache_0001.jpg', 12, 1],
];

export function initialFilesData(seed: SeedContext): FilesData {
  const r = seed.rng;
  const anchor = Math.floor(seed.now / MINUTE) * MINUTE;
  const files: Array<Omit<FileEntry, 'id'>> = [];
  // Camera photos, newest first: a few today, then every day or two back over about five weeks.
  let minutesAgo = int(r, 40, 120);
  const photos = int(r, 22, 30);
  for (let i = 0; i < photos; i++) {
    const at = anchor - minutesAgo * MINUTE - int(r, 0, 59) * 1000;
    files.push({
      name: `IMG_${stamp(at)}.jpg`,
      folder: 'DCIM/Camera',
      kind: 'image',
      size: int(r, 1_800, 5_200) * 1024,
      modifiedAt: at,
      favourite: false,
      trashed: false,
      art: int(r, 0, 9999),
    });
    minutesAgo += i < 3 ? int(r, 30, 200) : int(r, 300, 2_400);
  }
  for (let i = 0; i < 6; i++) {
    const at = anchor - int(r, 60, 60 * 24 * 20) * MINUTE;
    files.push({
      name: `Screenshot_${stamp(at)}.png`,
      folder: 'Pictures/Screenshots',
      kind: 'image',
      size: int(r, 300, 1_400) * 1024,
      modifiedAt: at,
      favourite: false,
      trashed: false,
      art: int(r, 0, 9999),
    });
  }
  for (const [folder, name, kb, daysAgo] of FIXED) {
    const kind = kindOf(name);
    files.push({
      name,
      folder,
      kind,
      size: Math.round(kb * (0.9 + r() * 0.2)) * 1024,
      modifiedAt: anchor - daysAgo * DAY - int(r, 0, 600) * MINUTE,
      favourite: name === 'Boarding_Pass_MU5101.pdf',
      trashed: false,
      art: kind === 'image' ? int(r, 0, 9999) : null,
    });
  }
  // Two photos are favourites; one old screenshot waits in the trash.
  const camera = files.filter((f) => f.folder === 'DCIM/Camera');
  for (const i of [int(r, 0, 4), int(r, 6, camera.length - 1)]) if (camera[i]) camera[i].favourite = true;
  const shots = files.filter((f) => f.folder === 'Pictures/Screenshots');
  if (shots[0]) shots[0].trashed = true;
  const withIds = files.map((f, i) => ({ ...f, id: i + 1 }));
  return {
    folders: [...FOLDERS],
    files: withIds,
    nextId: withIds.length + 1,
    settings: { showHidden: false, sort: 'name', view: 'list' },
  };
}
