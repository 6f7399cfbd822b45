/**
 * Integration tests fail loudly when a prerequisite is missing (they never skip): check the
 * tools they need once, up front, with a message naming the fix.
 */
import { execFileSync } from 'node:child_process';

function has(bin: string, args: string[]): boolean {
  try {
    execFileSync(bin, args, { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

export default function setup(): void {
  const missing: string[] = [];
  if (!has('adb', ['version'])) missing.push('adb (apt-get install adb)');
  if (!has(process.env.MOBA_CHROMIUM ?? 'chromium', ['--version']))
    missing.push('chromium (apt-get install chromium, or set MOBA_CHROMIUM)');
  if (!has('ffmpeg', ['-version'])) missing.push('ffmpeg (apt-get install ffmpeg)');
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  if (major < 22 || (major === 22 && minor < 18)) missing.push(`Node ≥ 22.18 (this is ${process.versions.node})`);
  if (missing.length) throw new Error(`Integration tests need: ${missing.join(', ')}`);
}
