/** Files' stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, int, raiseCounter, uniqueList } from '../schema-kit.ts';
import { KINDS, parentOf } from './model.ts';
import type { FilesData } from './model.ts';

const name = z
  .string()
  .min(1)
  .refine((n) => !n.includes('/'), 'a name cannot contain /');
const folderPath = z.string().regex(/^([^/]+(\/[^/]+)*)?$/, 'expected a folder path like Documents/Work');

const file = z.strictObject({
  id,
  name,
  folder: folderPath,
  kind: z.enum(KINDS),
  size: int(0),
  modifiedAt: epochMs,
  favourite: z.boolean(),
  trashed: z.boolean(),
  art: int(0).nullable(),
});

export const filesStore: AppStore = {
  schema: z
    .strictObject({
      folders: z.array(folderPath.refine((f) => f !== '', 'expected a folder path')),
      files: uniqueList(file),
      nextId: id,
      settings: z.strictObject({
        showHidden: z.boolean(),
        sort: z.enum(['name', 'date', 'size']),
        view: z.enum(['list', 'grid']),
      }),
    })
    .superRefine((d, ctx) => {
      const folders = new Set(d.folders);
      d.folders.forEach((f, i) => {
        if (parentOf(f) && !folders.has(parentOf(f)))
          ctx.addIssue({
            code: 'custom',
            path: ['folders', i],
            message: `its parent ${parentOf(f)} is not in folders`,
          });
      });
      d.files.forEach((f, i) => {
        if (f.folder && !folders.has(f.folder) && !f.trashed)
          ctx.addIssue({ code: 'custom', path: ['files', i, 'folder'], message: 'expected one of folders' });
      });
    }) satisfies z.ZodType<FilesData>,
  normalize: (data: FilesData) => raiseCounter(data as never, 'nextId', data.files, (f) => f.id),
};
