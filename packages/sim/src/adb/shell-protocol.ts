/**
 * Shell protocol v2 framing (`shell,v2,…:`): `id:u8 | length:u32 LE | data`. Ids: 0 stdin,
 * 1 stdout, 2 stderr, 3 exit (one byte), 4 close-stdin, 5 window-size-change.
 */

export const SHELL_STDIN = 0;
export const SHELL_STDOUT = 1;
export const SHELL_STDERR = 2;
export const SHELL_EXIT = 3;
export const SHELL_CLOSE_STDIN = 4;

/** adbd caps a shell packet's data to this; larger writes are split. */
export const SHELL_MAX_DATA = 256 * 1024 - 5;

export function encodeShellPacket(id: number, data: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + data.length);
  out.writeUInt8(id, 0);
  out.writeUInt32LE(data.length, 1);
  out.set(data, 5);
  return out;
}

/** Cuts shell packets out of a stream whose chunks may split or join them. */
export class ShellPacketReader {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Uint8Array): Array<{ id: number; data: Uint8Array }> {
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    const out: Array<{ id: number; data: Uint8Array }> = [];
    while (this.buffer.length >= 5) {
      const length = this.buffer.readUInt32LE(1);
      if (this.buffer.length < 5 + length) break;
      out.push({ id: this.buffer.readUInt8(0), data: this.buffer.subarray(5, 5 + length) });
      this.buffer = this.buffer.subarray(5 + length);
    }
    return out;
  }
}
