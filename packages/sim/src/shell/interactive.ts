/**
 * `adb shell` without a command: with a PTY, a tiny line discipline (echo, backspace, ^C, ^D,
 * a `device:/cwd $ ` prompt, CRLF output); without one, the whole of stdin is the script.
 */
import { EMPTY_INPUT, readAll, toBytes } from './io.ts';
import type { ShellInput, ShellOutput } from './io.ts';
import type { ShellSession } from './interpreter.ts';

/** Turns bare LF into CRLF, as a terminal in cooked mode shows output. */
export class CrlfOutput implements ShellOutput {
  private readonly inner: ShellOutput;
  private lastWasCr = false;

  constructor(inner: ShellOutput) {
    this.inner = inner;
  }

  write(data: Uint8Array | string): Promise<void> {
    const bytes = toBytes(data);
    const out: number[] = [];
    for (const byte of bytes) {
      if (byte === 0x0a && !this.lastWasCr) out.push(0x0d);
      out.push(byte);
      this.lastWasCr = byte === 0x0d;
    }
    return this.inner.write(Uint8Array.from(out));
  }
}

export interface InteractiveOptions {
  session: ShellSession;
  stdin: ShellInput;
  stdout: ShellOutput;
  stderr: ShellOutput;
  pty: boolean;
  hostname: string;
  signal: AbortSignal;
}

/** Runs an interactive shell until `exit`, ^D, end of input or the stream closing. */
export async function runInteractive(options: InteractiveOptions): Promise<number> {
  const { session, pty } = options;
  if (!pty) {
    const script = Buffer.from(await readAll(options.stdin)).toString('utf8');
    return session.run(script, { stdin: EMPTY_INPUT, stdout: options.stdout, stderr: options.stderr });
  }
  const out = new CrlfOutput(options.stdout);
  const err = new CrlfOutput(options.stderr);
  const prompt = () => out.write(`${options.hostname}:${session.cwd} $ `);
  await prompt();
  let line = '';
  let escape = false;
  for (;;) {
    const chunk = await options.stdin.read();
    if (chunk === null || options.signal.aborted) return session.lastStatus;
    for (const char of Buffer.from(chunk).toString('utf8')) {
      if (escape) {
        // Skip the rest of an escape sequence (arrow keys, …) up to its final letter or '~'.
        if (/[A-Za-z~]/.test(char)) escape = false;
        continue;
      }
      if (char === '\x1b') {
        escape = true;
      } else if (char === '\r' || char === '\n') {
        await out.write('\n');
        const source = line;
        line = '';
        if (source.trim()) await session.run(source, { stdin: EMPTY_INPUT, stdout: out, stderr: err });
        if (session.exited || options.signal.aborted) return session.lastStatus;
        await prompt();
      } else if (char === '\x7f' || char === '\b') {
        if (line.length > 0) {
          line = [...line].slice(0, -1).join('');
          await out.write('\b \b');
        }
      } else if (char === '\x03') {
        line = '';
        await out.write('^C\n');
        await prompt();
      } else if (char === '\x04') {
        if (line === '') return session.lastStatus;
      } else if (char >= ' ' || char === '\t') {
        line += char;
        await out.write(char);
      }
    }
  }
}
