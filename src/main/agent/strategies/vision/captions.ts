/**
 * Icon captions for Mobile-Agent v2 and E. Their released code asks a vision model to describe
 * each icon crop (one call per icon); here one call per screen describes the icons not seen
 * before, numbered on the screenshot, and the captions are kept for the rest of the run by what
 * the icon looks like — the same icon on the next screen costs nothing.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { z } from 'zod';
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import { drawSetOfMarks, encodeForModel } from '../../../perception/index.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import type { LoopContext } from '../../run-controller.ts';
import { ICON_CLASS } from './view.ts';

const MAX_PER_CALL = 30;

const SYSTEM = `You describe icons on a phone screenshot for an agent that cannot see images well. Each icon to describe has a red number on the screenshot. For each number, say in a few words what the icon shows and its colour (e.g. "white plus sign on a blue circle", "grey bell"). Describe only what you see.

Reply with ONE JSON object and nothing else:
{"icons": {"3": "white plus sign on a blue circle", "7": "grey bell"}}`;

export const CaptionReplySchema = z
  .object({
    icons: z.preprocess(
      (v) =>
        Array.isArray(v)
          ? Object.fromEntries(
              v.flatMap((x) =>
                x && typeof x === 'object' && 'index' in x
                  ? [[String((x as { index: unknown }).index), (x as { description?: unknown }).description ?? '']]
                  : [],
              ),
            )
          : (v ?? {}),
      z.record(
        z.string(),
        z.preprocess((d) => (typeof d === 'string' ? d : ''), z.string().max(300)),
      ),
    ),
  })
  .transform((r) => r.icons);

/** The caption prompt: the screenshot with the icons to describe numbered. */
export function buildCaptionMessages(
  image: { data: Uint8Array; mime: 'image/jpeg' | 'image/png' },
  numbers: number[],
): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: [
        { type: 'text', text: `Describe the icons numbered ${numbers.join(', ')}.` },
        { type: 'image', data: image.data, mime: image.mime },
      ],
    },
  ];
}

async function iconKey(gray: Sharp, e: UiElement): Promise<string> {
  const [x1, y1, x2, y2] = e.bounds;
  const pixels = await gray
    .clone()
    .extract({ left: x1, top: y1, width: Math.max(1, x2 - x1), height: Math.max(1, y2 - y1) })
    .resize(12, 12, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const h = createHash('sha1');
  h.update(`${Math.round((x2 - x1) / 8)}x${Math.round((y2 - y1) / 8)}|`);
  h.update(Buffer.from(Array.from(pixels, (v: number) => v >> 4)));
  return h.digest('hex').slice(0, 16);
}

export class IconCaptions {
  /** What an icon looks like → its caption ('' when the model gave none). */
  private readonly known = new Map<string, string>();

  /**
   * Captions for the icons of a screen, asking the model only about new ones.
   * @returns element index → caption; an unusable reply gives no captions (recorded, not fatal)
   */
  async caption(
    ctx: LoopContext,
    nodeId: string,
    png: Uint8Array,
    elements: readonly UiElement[],
    screen: { width: number; height: number },
  ): Promise<Map<number, string>> {
    const icons = elements.filter(
      (e) => e.className === ICON_CLASS && e.bounds[2] > e.bounds[0] && e.bounds[3] > e.bounds[1],
    );
    const out = new Map<number, string>();
    if (!icons.length) return out;
    const meta = await sharp(png).metadata();
    const fx = (meta.width ?? screen.width) / screen.width;
    const fy = (meta.height ?? screen.height) / screen.height;
    const gray = sharp(png).grayscale();
    const keys = new Map<number, string>();
    for (const e of icons) {
      const scaled: UiElement = {
        ...e,
        bounds: [
          Math.floor(e.bounds[0] * fx),
          Math.floor(e.bounds[1] * fy),
          Math.ceil(e.bounds[2] * fx),
          Math.ceil(e.bounds[3] * fy),
        ],
      };
      scaled.bounds[2] = Math.min(scaled.bounds[2], meta.width ?? scaled.bounds[2]);
      scaled.bounds[3] = Math.min(scaled.bounds[3], meta.height ?? scaled.bounds[3]);
      keys.set(e.index, await iconKey(gray, scaled));
    }
    const unknown = icons.filter((e) => !this.known.has(keys.get(e.index)!)).slice(0, MAX_PER_CALL);
    if (unknown.length) {
      const marked = await drawSetOfMarks(png, unknown, { screen, format: 'jpeg', maxSide: 1280 });
      const image = await encodeForModel(marked.pixels, { maxSide: 1280, format: 'jpeg', quality: 80 });
      const r = await ctx.modelStep({
        role: 'actor',
        purpose: 'icon-captions',
        nodeId,
        messages: buildCaptionMessages(
          image,
          unknown.map((e) => e.index),
        ),
        schema: CaptionReplySchema,
        memories: [],
      });
      const given = r.ok ? r.value : {};
      for (const e of unknown) this.known.set(keys.get(e.index)!, (given[String(e.index)] ?? '').trim());
      if (!r.ok)
        ctx.append({
          type: 'run_error',
          error: { name: r.error.name, code: r.error.code, message: r.error.message },
          fatal: false,
        });
    }
    for (const e of icons) {
      const c = this.known.get(keys.get(e.index)!);
      if (c) out.set(e.index, c);
    }
    return out;
  }
}
