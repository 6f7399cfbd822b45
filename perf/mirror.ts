/**
 * `npm run perf:mirror` — the live mirror of a simulated 720×1600 phone, end to end: the
 * phone impersonates scrcpy-server 3.3.3, `moba serve` (a child process) runs the session over
 * a private adb server, and the built renderer decodes it with WebCodecs in Chromium.
 *
 * Prints first-frame time (mirror view mounted → first picture shown), frames per second (the
 * stream as main receives it, and as the page draws it) while a finger scrolls Settings — and,
 * for reference, on a still screen, where the phone repeats its last frame every 100 ms like
 * scrcpy-server on Android —, where the CPU goes meanwhile (phone Chromium, encoder, host,
 * viewer, this process's simulator), input-to-photon latency (a click on the mirror that opens
 * Clock, or Home back to the launcher, until a decoded frame handed to the renderer shows the
 * new colour below the screen's centre) p50/p95, and the host's RSS and the page's JS heap
 * after `--minute1` and `--minute10` seconds of streaming (defaults 60 and 600; with
 * MOBA_PERF_QUICK=1, 10 and 40), with their ratio.
 *
 * Then the host and the renderer alone: a recording of the scroll, made at the start, is
 * replayed at 30 fps in place of the phone's encoder (as a phone's hardware encoder would
 * deliver it, off these cores), drawn once by the renderer's <video> and once on a canvas as
 * the baseline; fps and CPU for both, and the viewer's CPU ratio. Ends with one JSON line.
 *
 * Needs the built renderer (`npm run build`), Chromium, adb and ffmpeg.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { findChromium } from '@moba/sim';
import { ffmpegPath, h264OutputArgs } from '@moba/sim';
import { startMirrorPhone } from '../test/support/mirror-phone.ts';
import { commandLine, cpuSeconds, descendants, processTree } from '@moba/testkit/rigs';
import type { MirrorPhone } from '../test/support/mirror-phone.ts';
import { tempDir } from '@moba/testkit/rigs';
import { QUICK } from './quick.ts';

const quick = QUICK;
const { values: args } = parseArgs({
  options: {
    minute1: { type: 'string', default: quick ? '3' : '60' },
    minute10: { type: 'string', default: quick ? '6' : '600' },
    taps: { type: 'string', default: quick ? '3' : '12' },
    fpsSeconds: { type: 'string', default: quick ? '2' : '10' },
  },
});
const MARK1_S = Number(args.minute1);
const MARK10_S = Number(args.minute10);
const TAPS = Number(args.taps);
const FPS_S = Number(args.fpsSeconds);

const round = (v: number, d = 1) => Number(v.toFixed(d));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] as number) : Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpus = availableParallelism();

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
  return round(kb / 1024);
}

async function serveHost(
  env: NodeJS.ProcessEnv,
  scrcpyServerPath: string,
): Promise<{ url: string; port: number; token: string; child: ChildProcess; stop(): Promise<void> }> {
  const home = tempDir('moba-bench-mirror-');
  const token = randomBytes(16).toString('hex');
  // The scrcpy server file is host-only (a web client may not name a host file): set it on the
  // host, as a person does, before the host starts.
  const set = spawnSync(
    process.execPath,
    ['bin/moba.js', 'settings', 'set', 'mirror.scrcpyServerPath', JSON.stringify(scrcpyServerPath)],
    { env: { ...process.env, MOBA_HOME: home.path, ...env }, encoding: 'utf8' },
  );
  if (set.status !== 0) throw new Error(`moba settings set failed: ${set.stderr}`);
  const child = spawn(process.execPath, ['bin/moba.js', 'serve', '--port', '0', '--token', token], {
    env: { ...process.env, MOBA_HOME: home.path, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`moba serve did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const m = /open: (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`moba serve exited with ${code}:\n${output}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    token,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      home.dispose();
    },
  };
}

/** One contract call over the host's WebSocket. */
async function call(port: number, token: string, method: string, input: unknown): Promise<unknown> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  try {
    return await new Promise((resolve, reject) => {
      ws.on('message', (data, binary) => {
        if (binary) return;
        const frame = JSON.parse(String(data)) as {
          t: string;
          id?: number;
          ok?: boolean;
          result?: unknown;
          error?: { message: string };
        };
        if (frame.t !== 'result' || frame.id !== 1) return;
        if (frame.ok) resolve(frame.result);
        else reject(new Error(frame.error?.message));
      });
      ws.send(JSON.stringify({ t: 'call', id: 1, method, input }));
    });
  } finally {
    ws.close();
  }
}

/**
 * In the page: the colour (r+g+b) at a point given as fractions of the picture — of the mirror's <video> or canvas
 * (`__benchColour`), or of each decoded frame as the renderer gets it (`__mobaDecodedFrame`,
 * the frame sink's instrumentation hook), which resolves an armed `__benchWait` on a change.
 */
const COLOUR_PROBE = `(() => {
  const probe = document.createElement('canvas');
  probe.width = 1; probe.height = 1;
  const ctx = probe.getContext('2d', { willReadFrequently: true });
  const colour = (image, width, height, fx, fy) => {
    ctx.drawImage(image, Math.floor(width * fx), Math.floor(height * fy), 1, 1, 0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return d[0] + d[1] + d[2];
  };
  window.__benchColour = (fx, fy) => {
    const c = document.querySelector('[data-mirror-picture]');
    const width = c?.videoWidth ?? c?.width;
    const height = c?.videoHeight ?? c?.height;
    if (!width) return -1;
    return colour(c, width, height, fx, fy);
  };
  window.__benchStamp = 0;
  window.__benchWait = null;
  window.__mobaDecodedFrame = (frame) => {
    const w = window.__benchWait;
    if (!w) return;
    const width = frame.displayWidth ?? frame.width;
    const height = frame.displayHeight ?? frame.height;
    if (Math.abs(colour(frame, width, height, w.fx, w.fy) - w.before) > 90) {
      window.__benchWait = null;
      w.resolve(performance.now() - window.__benchStamp);
    }
  };
  window.addEventListener('pointerdown', () => { window.__benchStamp = performance.now(); }, true);
})()`;

/** Arms the decoded-frame probe; resolves with ms from the pointer-down to the first decoded frame whose colour changed. */
async function armColourChange(
  page: Page,
  fx: number,
  fy: number,
  before: number,
  timeoutMs: number,
): Promise<() => Promise<number>> {
  await page.evaluate(
    ([x, y, b, limit]) => {
      const w = window as unknown as { __benchWait: unknown; __benchResult: Promise<number> };
      w.__benchResult = new Promise<number>((resolve) => {
        const wait = { fx: x, fy: y, before: b, resolve };
        w.__benchWait = wait;
        setTimeout(() => {
          // Only this wait's own timeout: a later click has armed a new one.
          if (w.__benchWait === wait) w.__benchWait = null;
          resolve(Number.NaN);
        }, limit);
      });
    },
    [fx, fy, before, timeoutMs] as const,
  );
  return () => page.evaluate(() => (window as unknown as { __benchResult: Promise<number> }).__benchResult);
}

/**
 * A finger on the phone's screen scrolling a list up and down (scrcpy-style touch events every
 * 16 ms), so every frame is a new picture. Returns a function that lifts it.
 */
function scrollFinger(phone: MirrorPhone['phone']): () => Promise<void> {
  let stopped = false;
  const done = (async () => {
    const x = 360;
    const top = 500;
    const bottom = 1300;
    await phone.touch(0, x, bottom);
    const t0 = performance.now();
    let y = bottom;
    while (!stopped) {
      await sleep(16);
      // One sweep up and back down every 1.6 s.
      const phase = ((performance.now() - t0) / 1600) % 1;
      y = Math.round(bottom - (bottom - top) * (phase < 0.5 ? phase * 2 : 2 - phase * 2));
      void phone.touch(2, x, y);
    }
    await phone.touch(1, x, y);
  })();
  return async () => {
    stopped = true;
    await done;
  };
}

/** Where the CPU goes: the processes of this run, grouped by their part in the pipeline. */
type CpuGroup = 'phone' | 'encoder' | 'host' | 'viewer' | 'simulator' | 'adb';
const CPU_GROUPS: CpuGroup[] = ['phone', 'encoder', 'host', 'viewer', 'simulator', 'adb'];

function cpuByGroup(hostPid: number): Record<CpuGroup, number> {
  const totals = Object.fromEntries(CPU_GROUPS.map((g) => [g, 0])) as Record<CpuGroup, number>;
  const self = process.cpuUsage();
  totals.simulator = (self.user + self.system) / 1e6;
  const tree = processTree();
  for (const child of tree.get(process.pid) ?? []) {
    const line = (commandLine(child) ?? []).join(' ');
    const seconds = [child, ...descendants(child, tree)].reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    // The script's viewer is Playwright's Chromium (its profile), the phone's Chromium has a moba profile.
    const group: CpuGroup | undefined =
      child === hostPid
        ? 'host'
        : /ffmpeg/.test(line)
          ? 'encoder'
          : /playwright/.test(line)
            ? 'viewer'
            : /chrom/.test(line)
              ? 'phone'
              : /\badb\b/.test(line)
                ? 'adb'
                : undefined;
    if (group) totals[group] += seconds;
  }
  return totals;
}

/** Runs `during` and returns the CPU each group used meanwhile, in % of one core. */
async function measureCpu<T>(
  hostPid: number,
  during: () => Promise<T>,
): Promise<{ result: T; cpu: Record<CpuGroup | 'total', number> }> {
  const before = cpuByGroup(hostPid);
  const started = performance.now();
  const result = await during();
  const after = cpuByGroup(hostPid);
  const seconds = (performance.now() - started) / 1000;
  const cpu = Object.fromEntries(
    CPU_GROUPS.map((g) => [g, Math.round(((after[g] - before[g]) / seconds) * 100)]),
  ) as Record<CpuGroup | 'total', number>;
  cpu.total = CPU_GROUPS.reduce((sum, g) => sum + cpu[g], 0);
  return { result, cpu };
}

const formatCpu = (cpu: Record<string, number>) =>
  `${Object.entries(cpu)
    .map(([g, v]) => `${g} ${v}%`)
    .join(', ')} (of ${cpus} cores × 100%)`;

/**
 * A recording of the phone's screen while a finger scrolls Settings: its screencast pictures,
 * encoded once with the encoder's own settings into H.264 at 30 fps, as an FLV file. Replayed
 * in real time it stands for a phone whose hardware encoder delivers 30 fps without using
 * these cores — which shows what the host and the renderer carry on their own.
 */
async function recordScroll(
  phone: MirrorPhone['phone'],
  seconds: number,
  dir: string,
): Promise<{ path: string; frames: number }> {
  const pictures: Uint8Array[] = [];
  await phone.startActivity({ component: 'com.android.settings/.Settings' });
  await sleep(500);
  const stream = phone.streamFrames({ quality: 80, maxSize: 1600 }, (jpeg) => pictures.push(jpeg));
  const lift = scrollFinger(phone);
  await sleep(seconds * 1000);
  await lift();
  stream.dispose();
  await phone.keyevent(3);
  const path = join(dir, 'scroll.flv');
  const { width, height } = phone.props;
  const settings = h264OutputArgs({ width, height, bitRate: 8_000_000, gopFrames: 60 });
  const ffmpeg = spawn(
    ffmpegPath(),
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'image2pipe',
      '-framerate',
      '30',
      '-c:v',
      'mjpeg',
      '-i',
      'pipe:0',
      ...settings,
      path,
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  for (const picture of pictures) ffmpeg.stdin.write(picture);
  ffmpeg.stdin.end();
  const code = await new Promise<number | null>((resolve) => ffmpeg.once('exit', resolve));
  if (code !== 0) throw new Error(`encoding the recording failed (ffmpeg exit ${code})`);
  return { path, frames: pictures.length };
}

/**
 * An `ffmpeg` stand-in for the phone's encoder that ignores the pictures it is given and plays
 * the recording in a loop in real time (`-re`), as a phone with a hardware encoder would.
 */
function replayEncoder(recording: string, dir: string): string {
  const script = join(dir, 'replay-encoder.sh');
  writeFileSync(
    script,
    `#!/bin/sh\ncat > /dev/null &\nexec ${JSON.stringify(ffmpegPath())} -hide_banner -loglevel error -nostdin -re -stream_loop -1 -i ${JSON.stringify(recording)} -c copy -f flv -flush_packets 1 pipe:1\n`,
  );
  chmodSync(script, 0o755);
  return script;
}

async function main(): Promise<void> {
  if (!existsSync(join('out', 'renderer', 'index.html')))
    throw new Error('The renderer is not built: run `npm run build` first.');
  const t0 = performance.now();
  const phone = await startMirrorPhone({ width: 720, height: 1600, density: 320 });
  const work = tempDir('moba-bench-replay-');
  // Recorded first, while nothing else runs, for the replay at the end.
  const recording = await recordScroll(phone.phone, 6, work.path);
  const host = await serveHost(phone.hostEnv, phone.standInServerPath);
  const browser = await chromium.launch({
    executablePath: findChromium(process.env, { headlessShell: false }),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await call(host.port, host.token, 'updateSettings', {
      patch: { mirror: { maxSize: 0, maxFps: 30, bitRate: 8_000_000 } },
    });
    await phone.phone.keyevent(3);
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.addInitScript(COLOUR_PROBE);
    await page.goto(host.url);
    await page.locator('[data-nav="settings"]').waitFor();
    // First frame: from the mirror view being mounted (it asks for the stream at once) to a picture shown.
    const firstFrameMs = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const w = window as unknown as { __benchColour(fx: number, fy: number): number };
          let mountedAt = 0;
          const started = performance.now();
          const tick = () => {
            if (!mountedAt && document.querySelector('[data-mirror-view]')) mountedAt = performance.now();
            if (mountedAt && w.__benchColour(0.5, 0.5) > 0) return resolve(performance.now() - mountedAt);
            if (performance.now() - started > 30_000) return reject(new Error('no picture within 30 s'));
            requestAnimationFrame(tick);
          };
          (document.querySelector('[data-nav="run"]') as HTMLElement).click();
          tick();
        }),
    );
    const streamStart = performance.now();
    await page.locator('[data-action="toggle-overlay"]').uncheck();
    const mode = await page.locator('[data-mirror-view]').getAttribute('data-mode');
    if (mode !== 'scrcpy') throw new Error(`The mirror runs in ${mode} mode, not scrcpy`);
    console.log(`first frame           ${round(firstFrameMs)} ms`);

    // Frames per second, as main receives them and as the page draws them: on the still home
    // screen (repeats only), then while a finger scrolls Settings (every frame new).
    const sampleFps = async (view: Page, seconds: number) => {
      const stream: number[] = [];
      const drawn: number[] = [];
      for (let i = 0; i < seconds; i++) {
        await sleep(1_000);
        const state = (await call(host.port, host.token, 'getMirrorState', {})) as { mirrors: Array<{ fps: number }> };
        stream.push(state.mirrors[0]?.fps ?? 0);
        const badge = (await view.getByTestId('mirror-mode').textContent()) ?? '';
        drawn.push(Number(/(\d+) fps/.exec(badge)?.[1] ?? 'NaN'));
      }
      return { stream, drawn };
    };
    await sleep(2_000);
    const still = await sampleFps(page, Math.min(FPS_S, 3));
    await phone.phone.startActivity({ component: 'com.android.settings/.Settings' });
    const lift = scrollFinger(phone.phone);
    let moving: { stream: number[]; drawn: number[] };
    let movingCpu: Record<string, number> = {};
    try {
      // The fps figure is a one-second window: skip the first second of scrolling.
      await sleep(1_500);
      const measured = await measureCpu(host.child.pid!, () => sampleFps(page, FPS_S));
      moving = measured.result;
      movingCpu = measured.cpu;
    } finally {
      await lift();
    }
    await phone.phone.keyevent(3);
    await sleep(1_000);
    const fpsStream = moving.stream;
    const fpsDrawn = moving.drawn;
    const state = (await call(host.port, host.token, 'getMirrorState', {})) as {
      mirrors: Array<{ width: number; height: number }>;
    };
    const video = state.mirrors[0];
    console.log(`video                 ${video?.width}×${video?.height}`);
    console.log(
      `fps still screen      main ${pct(still.stream, 0.5)}, page ${pct(still.drawn, 0.5)}  (the last frame repeated every 100 ms)`,
    );
    console.log(
      `fps (main receives)   median ${pct(fpsStream, 0.5)}  (samples ${fpsStream.join(' ')}) while scrolling`,
    );
    console.log(`fps (page draws)      median ${pct(fpsDrawn, 0.5)}  (samples ${fpsDrawn.join(' ')}) while scrolling`);
    console.log(`CPU while scrolling   ${formatCpu(movingCpu)}`);

    // Input to photon: click Clock on the mirror (the screen centre turns from the launcher's purple to Clock's light
    // background), then Home (back again); each until the page has drawn the new colour.
    const xml = await phone.phone.dumpUi({ compressed: false });
    const clock = /text="Clock"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
    if (!clock) throw new Error('No Clock icon on the launcher');
    const [cx1, cy1, cx2, cy2] = clock.slice(1).map(Number) as [number, number, number, number];
    const box = (await page.locator('[data-mirror-screen]').boundingBox())!;
    const latencies: number[] = [];
    const probeX = 0.5;
    const probeY = 0.62;
    for (let i = 0; i < TAPS; i++) {
      const before = (await page.evaluate(
        ([x, y]) => (window as unknown as { __benchColour(a: number, b: number): number }).__benchColour(x, y),
        [probeX, probeY] as const,
      )) as number;
      const waiting = await armColourChange(page, probeX, probeY, before, 5_000);
      if (i % 2 === 0)
        await page.mouse.click(
          box.x + (((cx1 + cx2) / 2) * box.width) / 720,
          box.y + (((cy1 + cy2) / 2) * box.height) / 1600,
        );
      else await page.locator('[data-action="home"]').click();
      latencies.push(await waiting());
      await sleep(800);
    }
    const ok = latencies.filter((v) => Number.isFinite(v));
    console.log(
      `input→photon          p50 ${round(pct(ok, 0.5))} ms  p95 ${round(pct(ok, 0.95))} ms  (${ok.length}/${latencies.length} seen)`,
    );

    // Memory while streaming, with an input every 20 s so the picture keeps changing.
    const memory = async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      await cdp.detach();
      const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
      return { hostRssMb: rssMb(host.child.pid!), pageHeapMb: round(heap / 1024 / 1024) };
    };
    const streamFor = async (untilS: number) => {
      let n = 0;
      while ((performance.now() - streamStart) / 1000 < untilS) {
        await sleep(Math.min(20_000, untilS * 1000 - (performance.now() - streamStart)));
        if ((performance.now() - streamStart) / 1000 >= untilS) break;
        if (n++ % 2 === 0)
          await page.mouse.click(
            box.x + (((cx1 + cx2) / 2) * box.width) / 720,
            box.y + (((cy1 + cy2) / 2) * box.height) / 1600,
          );
        else await page.locator('[data-action="home"]').click();
      }
    };
    await streamFor(MARK1_S);
    const at1 = await memory();
    console.log(`memory @${MARK1_S}s           host RSS ${at1.hostRssMb} MB  page JS heap ${at1.pageHeapMb} MB`);
    await streamFor(MARK10_S);
    const at10 = await memory();
    console.log(`memory @${MARK10_S}s          host RSS ${at10.hostRssMb} MB  page JS heap ${at10.pageHeapMb} MB`);
    const ratioHost = round(at10.hostRssMb / at1.hostRssMb, 3);
    const ratioPage = round(at10.pageHeapMb / at1.pageHeapMb, 3);
    console.log(`growth ${MARK1_S}s→${MARK10_S}s       host ×${ratioHost}  page ×${ratioPage}`);
    const stillScrcpy = await page.locator('[data-mirror-view]').getAttribute('data-mode');

    // The host and the renderer alone: the mirror restarted on a phone whose encoder replays the
    // recording at 30 fps (as a hardware encoder would), so the phone's Chromium and ffmpeg are
    // idle — once with the <video> the renderer uses in Chromium, once drawing on a canvas (the
    // path of browsers without insertable streams) as the baseline.
    await page.close();
    const previousFfmpeg = process.env.MOBA_FFMPEG;
    process.env.MOBA_FFMPEG = replayEncoder(recording.path, work.path);
    const replayIn = async (canvas: boolean) => {
      const view = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
      try {
        if (canvas) await view.addInitScript('delete window.MediaStreamTrackGenerator');
        await view.goto(host.url);
        await view.locator('[data-nav="run"]').click();
        await view.locator('[data-mirror-view][data-mode="scrcpy"]').waitFor();
        await view.locator('[data-action="toggle-overlay"]').uncheck();
        await sleep(2_500);
        const renderer = await view.locator('[data-mirror-view]').getAttribute('data-renderer');
        const { result, cpu } = await measureCpu(host.child.pid!, () => sampleFps(view, FPS_S));
        console.log(
          `replayed 30 fps (${renderer})  main ${pct(result.stream, 0.5)} (samples ${result.stream.join(' ')}), page ${pct(result.drawn, 0.5)} (samples ${result.drawn.join(' ')})`,
        );
        console.log(`  CPU                 ${formatCpu(cpu)}`);
        return { renderer, stream: pct(result.stream, 0.5), drawn: pct(result.drawn, 0.5), cpu };
      } finally {
        await view.close();
      }
    };
    let replay: Awaited<ReturnType<typeof replayIn>>[];
    try {
      console.log(`replay                a ${recording.frames}-picture recording of the scroll, in a loop`);
      replay = [await replayIn(false), await replayIn(true)];
    } finally {
      if (previousFfmpeg === undefined) delete process.env.MOBA_FFMPEG;
      else process.env.MOBA_FFMPEG = previousFfmpeg;
    }
    const [ownRenderer, canvasRenderer] = replay as [(typeof replay)[0], (typeof replay)[0]];
    const viewerRatio = round(ownRenderer.cpu.viewer / canvasRenderer.cpu.viewer, 2);
    console.log(
      `viewer CPU at 30 fps  ${ownRenderer.renderer} ${ownRenderer.cpu.viewer}% vs ${canvasRenderer.renderer} ${canvasRenderer.cpu.viewer}% (×${viewerRatio})`,
    );
    console.log(
      JSON.stringify({
        perf: 'mirror',
        quick,
        video: video ? `${video.width}x${video.height}` : null,
        firstFrameMs: round(firstFrameMs),
        fpsStream: pct(fpsStream, 0.5),
        fpsDrawn: pct(fpsDrawn, 0.5),
        fpsStill: { stream: pct(still.stream, 0.5), drawn: pct(still.drawn, 0.5) },
        cpuScrolling: movingCpu,
        replay30: replay,
        viewerCpuRatio: viewerRatio,
        latencyP50Ms: round(pct(ok, 0.5)),
        latencyP95Ms: round(pct(ok, 0.95)),
        latencySamples: ok.length,
        memory: {
          marks: [MARK1_S, MARK10_S],
          hostRssMb: [at1.hostRssMb, at10.hostRssMb],
          pageHeapMb: [at1.pageHeapMb, at10.pageHeapMb],
          ratioHost,
          ratioPage,
        },
        modeAtEnd: stillScrcpy,
        totalS: round((performance.now() - t0) / 1000),
      }),
    );
  } finally {
    await browser.close();
    await host.stop();
    await phone.close();
    work.dispose();
  }
}

await main();
