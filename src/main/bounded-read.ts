/**
 * Reading a file someone else may have prepared (a task file in a folder, a memory seed, a
 * benchmark configuration): only a regular file — never a device such as `/dev/zero`, a FIFO
 * or a socket — and never more than a cap, checked on the open descriptor so that what is
 * read is what was checked.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { MobaError } from '../shared/errors.ts';

/** Larger than any task file (the built-in suite's are under 2 KB) or configuration. */
export const MAX_TASK_FILE_BYTES = 1024 * 1024;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB` : `${bytes} bytes`;
}

/**
 * @param what the file's role in the message, e.g. `task file`
 * @throws MobaError INVALID_INPUT (not a regular file, larger than `maxBytes`), NOT_FOUND (missing)
 */
export function readRegularFile(path: string, maxBytes: number, what = 'file'): Buffer {
  let fd: number;
  try {
    // Non-blocking: opening a FIFO nobody writes to must not hang; the type is checked next.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MobaError(
      code === 'ENOENT' ? 'NOT_FOUND' : 'INVALID_INPUT',
      `Cannot read the ${what} ${path}: ${(error as Error).message}`,
    );
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile())
      throw new MobaError(
        'INVALID_INPUT',
        `The ${what} ${path} is not a regular file (${st.isDirectory() ? 'a folder' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : st.isFIFO() ? 'a pipe' : 'a socket or other special file'})`,
      );
    if (st.size > maxBytes)
      throw new MobaError(
        'INVALID_INPUT',
        `The ${what} ${path} is ${sizeText(st.size)}; at most ${sizeText(maxBytes)} is read`,
      );
    // One byte more than fstat said, to notice a file that grows while it is read.
    const buf = Buffer.alloc(st.size + 1);
    let got = 0;
    for (let n = 1; n > 0 && got < buf.length; got += n) n = readSync(fd, buf, got, buf.length - got, null);
    if (got > st.size) throw new MobaError('INVALID_INPUT', `The ${what} ${path} changed while it was read; try again`);
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}
