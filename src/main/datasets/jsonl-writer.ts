import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import { PRIVATE_FILE_MODE } from '../private-files.ts';

/** One JSON value per line, written through a stream that is drained before it grows: memory stays flat however many records pass. */
export class JsonlWriter {
  readonly path: string;
  private readonly stream: WriteStream;
  private error: Error | null = null;
  count = 0;
  bytes = 0;

  constructor(path: string) {
    this.path = path;
    // Records hold the runs' tasks, screens and prompts: private to this user, whatever the umask.
    this.stream = createWriteStream(path, { encoding: 'utf8', mode: PRIVATE_FILE_MODE });
    this.stream.on('error', (e) => (this.error = e));
  }

  async write(value: unknown): Promise<void> {
    if (this.error) throw this.error;
    const line = `${JSON.stringify(value)}\n`;
    this.count++;
    this.bytes += Buffer.byteLength(line);
    if (!this.stream.write(line)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    if (this.error) throw this.error;
    this.stream.end();
    await once(this.stream, 'finish');
  }
}
