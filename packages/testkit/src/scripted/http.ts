/** The scripted server's HTTP plumbing: bounded bodies, errors with a status, waits that end when the client goes. */
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY = 64 * 1024 * 1024;

export class HttpProblem extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new HttpProblem(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Delays that answer false as soon as the client goes away or the server closes (`cancelAll`). */
export class Waits {
  private readonly pending = new Set<() => void>();

  /** Resolves true after `ms`, or false when the client went away or the server closed meanwhile. */
  wait = (ms: number, res: ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (ms <= 0) return resolve(!res.destroyed);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.pending.delete(cancel);
        res.off('close', cancel);
        resolve(ok);
      };
      const cancel = () => finish(false);
      const timer = setTimeout(() => finish(!res.destroyed), ms);
      this.pending.add(cancel);
      res.on('close', cancel);
    });

  cancelAll(): void {
    for (const cancel of [...this.pending]) cancel();
  }
}
