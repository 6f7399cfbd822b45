/**
 * Redirections (`> f`, `>> f`, `2> f`, `2>&1`, `>&2`, `&> f`, `< f`, `/dev/null`), applied
 * left to right on a copy of the fd table, as a POSIX shell does.
 */
import { MobaError } from '@moba/base';
import { shellWriteAccess } from '../fs/android-fs.ts';
import { STRERROR, VirtualFsError, isDirectoryMode, resolvePath } from '../fs/virtual-fs.ts';
import type { VirtualFs } from '../fs/virtual-fs.ts';
import type { Redirect, Word } from './ast.ts';
import { EMPTY_INPUT, NULL_OUTPUT, bufferInput, toBytes } from './io.ts';
import type { ShellInput, ShellOutput } from './io.ts';

export interface RedirectIo {
  stdin: ShellInput;
  stdout: ShellOutput;
  stderr: ShellOutput;
}

/** A redirection that could not be set up; the message is mksh's (without the shell prefix). */
export class RedirectError extends MobaError {
  override name = 'RedirectError';

  constructor(message: string) {
    super('DEVICE_COMMAND_FAILED', message);
  }
}

/** Appends everything written to a file, fetched from the file system at open time. */
class FileOutput implements ShellOutput {
  private readonly fs: VirtualFs;
  private readonly path: string;

  constructor(fs: VirtualFs, path: string) {
    this.fs = fs;
    this.path = path;
  }

  async write(data: Uint8Array | string): Promise<void> {
    const bytes = toBytes(data);
    if (bytes.length > 0) this.fs.appendFile(this.path, bytes);
  }
}

export async function applyRedirects(
  redirects: Redirect[],
  io: RedirectIo,
  options: { fs: VirtualFs; cwd: string; expand: (word: Word) => Promise<string>; user?: 'shell' | 'root' },
): Promise<RedirectIo> {
  const fds = new Map<number, ShellInput | ShellOutput>([
    [0, io.stdin],
    [1, io.stdout],
    [2, io.stderr],
  ]);
  const { fs, cwd } = options;

  const openOutput = (target: string, append: boolean): ShellOutput => {
    if (target === '/dev/null') return NULL_OUTPUT;
    if (target === '/dev/stdout') return fds.get(1) as ShellOutput;
    if (target === '/dev/stderr') return fds.get(2) as ShellOutput;
    const path = resolvePath(cwd, target);
    const access = shellWriteAccess(fs, path, options.user);
    if (access !== 'ok') throw new RedirectError(`can't create ${target}: ${STRERROR[access]}`);
    try {
      const stat = fs.stat(path);
      if (stat && isDirectoryMode(stat.mode)) throw new VirtualFsError('EISDIR', path);
      if (!append || !stat) fs.writeFile(path, new Uint8Array(0));
    } catch (error) {
      if (error instanceof VirtualFsError) throw new RedirectError(`can't create ${target}: ${error.message}`);
      throw error;
    }
    return new FileOutput(fs, path);
  };

  const openInput = (target: string): ShellInput => {
    if (target === '/dev/null') return EMPTY_INPUT;
    try {
      return bufferInput(fs.readFile(resolvePath(cwd, target)));
    } catch (error) {
      if (error instanceof VirtualFsError) throw new RedirectError(`can't open ${target}: ${error.message}`);
      throw error;
    }
  };

  for (const redirect of redirects) {
    const target = await options.expand(redirect.target);
    switch (redirect.op) {
      case '>':
      case '>>':
        fds.set(redirect.fd, openOutput(target, redirect.op === '>>'));
        break;
      case '&>':
      case '&>>': {
        const out = openOutput(target, redirect.op === '&>>');
        fds.set(1, out);
        fds.set(2, out);
        break;
      }
      case '<':
        fds.set(redirect.fd, openInput(target));
        break;
      case '>&':
      case '<&': {
        if (target === '-') {
          fds.set(redirect.fd, redirect.op === '<&' ? EMPTY_INPUT : NULL_OUTPUT);
        } else if (/^\d+$/.test(target)) {
          const source = fds.get(Number(target));
          if (!source) throw new RedirectError(`${target}: bad file descriptor`);
          fds.set(redirect.fd, source);
        } else if (redirect.op === '>&') {
          // `>&file` is csh/bash for `&> file`.
          const out = openOutput(target, false);
          fds.set(1, out);
          fds.set(2, out);
        } else {
          throw new RedirectError(`${target}: illegal file descriptor name`);
        }
        break;
      }
    }
  }
  return {
    stdin: asInput(fds.get(0)),
    stdout: asOutput(fds.get(1)),
    stderr: asOutput(fds.get(2)),
  };
}

function asInput(value: ShellInput | ShellOutput | undefined): ShellInput {
  return value && 'read' in value ? value : EMPTY_INPUT;
}

function asOutput(value: ShellInput | ShellOutput | undefined): ShellOutput {
  return value && 'write' in value ? value : NULL_OUTPUT;
}
