/**
 * One observation as a vision-only strategy makes it: the device's screenshot read by
 * `perceiveScreen` (text and icon regions), icon captions when the strategy wants them, and the
 * observation recorded with those as its elements (`view.ts`). The UI dump the device layer
 * takes anyway stays in the artifacts for people; no prompt sees it.
 */
import type { StrategyKit } from '../common/kit.ts';
import type { Observed, StrategyRun } from '../common/runner.ts';
import type { IconCaptions } from './captions.ts';
import { languagesFor, perceiveScreen } from './perceive.ts';
import { visionElements, visionObservation } from './view.ts';

export async function observeVision(
  run: StrategyRun,
  kit: StrategyKit,
  options: { nodeId: string; captions: IconCaptions | null },
): Promise<Observed> {
  return run.observe(async (o) => {
    if (!o.screenshot) return visionObservation(o, []);
    const png = kit.artifacts.read(o.screenshot.sha256);
    const started = performance.now();
    const screen = await perceiveScreen(png, kit.ocr(), {
      languages: languagesFor(run.state.task),
      signal: run.ctx.signal,
    });
    const perceived = performance.now() - started;
    const plain = visionElements(screen, o.screen);
    const captions = options.captions
      ? await options.captions.caption(run.ctx, options.nodeId, png, plain, o.screen)
      : new Map<number, string>();
    const viewed = visionObservation(o, visionElements(screen, o.screen, captions));
    return { ...viewed, timings: { ...o.timings, vision: Math.round(perceived) } };
  });
}
