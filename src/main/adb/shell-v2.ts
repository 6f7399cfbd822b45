/**
 * The shell protocol v2 framing (`shell,v2,raw:CMD`): packets of id:u8, length:u32 LE, data.
 * Ids: 1 stdout, 2 stderr, 3 exit code. It is what gives commands an exit status; plain
 * `shell:` only has the output.
 */

export interface ShellResult {
  stdout: Buffer;
  stderr: Buffer;
  /** null when the device speaks plain `shell:` (no exit status) or the stream was cut. */
  exitCode: number | null;
}

const STDOUT = 1;
const STDERR = 2;
const EXIT = 3;

/** Decodes a whole v2 stream; a truncated last packet is dropped. */
export function decodeShellV2(data: Buffer): ShellResult {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let exitCode: number | null = null;
  let i = 0;
  while (i + 5 <= data.length) {
    const id = data[i]!;
    const length = data.readUInt32LE(i + 1);
    const end = i + 5 + length;
    if (end > data.length) break;
    const payload = data.subarray(i + 5, end);
    if (id === STDOUT) out.push(payload);
    else if (id === STDERR) err.push(payload);
    else if (id === EXIT && payload.length > 0) exitCode = payload[0]!;
    i = end;
  }
  return { stdout: Buffer.concat(out), stderr: Buffer.concat(err), exitCode };
}
