/**
 * Byte streams of the simulated shell: a command reads a ShellInput (stdin) and writes
 * ShellOutputs (stdout, stderr) without knowing whether they are an ADB stream, a shell-v2
 * frame, a file, /dev/null or a pipe.
 */

export interface ShellInput {
  /** The next chunk, or null at end of input. */
  read(): Promise<Uint8Array | null>;
}

export interface ShellOutput {
  /** Resolves when the sink can take more (back-pressure); never rejects for a closed sink. */
  write(data: Uint8Array | string): Promise<void>;
}

export const toBytes = (data: Uint8Array | string): Uint8Array =>
  typeof data === 'string' ? Buffer.from(data, 'utf8') : data;

/** Reads everything left in `input`. */
export async function readAll(input: ShellInput): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for (;;) {
    const chunk = await input.read();
    if (chunk === null) return Buffer.concat(chunks);
    chunks.push(chunk);
  }
}

export const EMPTY_INPUT: ShellInput = { read: async () => null };

export const NULL_OUTPUT: ShellOutput = { write: async () => undefined };

export function bufferInput(data: Uint8Array): ShellInput {
  let done = false;
  return {
    read: async () => {
      if (done || data.length === 0) return null;
      done = true;
      return data;
    },
  };
}

/** Collects everything written (command substitution, tests). */
export class CaptureOutput implements ShellOutput {
  private chunks: Uint8Array[] = [];

  async write(data: Uint8Array | string): Promise<void> {
    this.chunks.push(Uint8Array.prototype.slice.call(toBytes(data)));
  }

  bytes(): Uint8Array {
    return Buffer.concat(this.chunks);
  }

  text(): string {
    return Buffer.from(this.bytes()).toString('utf8');
  }
}

/**
 * An input fed from outside (the ADB stream's stdin), and also a pipe between two commands:
 * write() on one side, read() on the other. Writes after the reader has gone are dropped.
 */
export class ByteChannel implements ShellInput, ShellOutput {
  private chunks: Uint8Array[] = [];
  private ended = false;
  private readerGone = false;
  private waiting: ((chunk: Uint8Array | null) => void) | undefined;

  push(data: Uint8Array): void {
    if (this.ended || this.readerGone || data.length === 0) return;
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake(data);
      return;
    }
    this.chunks.push(data);
  }

  async write(data: Uint8Array | string): Promise<void> {
    this.push(Uint8Array.prototype.slice.call(toBytes(data)));
  }

  /** No more data: readers get null once the buffer is drained. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.waiting && this.chunks.length === 0) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake(null);
    }
  }

  /** The reading side is finished; later writes are discarded. */
  closeReader(): void {
    this.readerGone = true;
    this.chunks = [];
  }

  read(): Promise<Uint8Array | null> {
    const chunk = this.chunks.shift();
    if (chunk) return Promise.resolve(chunk);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
}
