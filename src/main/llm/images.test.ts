import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ResolvedCapabilities } from '../../shared/providers.ts';
import { applyImageLimits } from './images.ts';
import type { ChatMessage } from './types.ts';

async function png(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  );
}

const caps = (over: Partial<ResolvedCapabilities>): ResolvedCapabilities => ({
  structured: 'json_object',
  vision: true,
  tools: false,
  ...over,
});

describe('applyImageLimits', () => {
  it("scales images down to the endpoint's longest side and sets its detail, except fixed-size ones", async () => {
    const big = await png(1080, 2400);
    const messages: ChatMessage[] = [
      { role: 'system', content: 'sys' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', data: big, mime: 'image/png' },
          { type: 'image', data: big, mime: 'image/png', fixedSize: true },
          { type: 'image', data: await png(100, 50), mime: 'image/png', detail: 'high' },
        ],
      },
    ];
    const out = await applyImageLimits(messages, caps({ imageMaxSide: 768, imageDetail: 'low' }));
    const parts = out.messages[1]!.content as Extract<ChatMessage['content'], unknown[]>;
    const sizes = await Promise.all(
      parts.slice(1).map(async (p) => {
        const meta = await sharp((p as { data: Uint8Array }).data).metadata();
        return [meta.width, meta.height, (p as { detail?: string }).detail];
      }),
    );
    expect(sizes).toEqual([
      [346, 768, 'low'],
      [1080, 2400, 'low'],
      [100, 50, 'high'],
    ]);
    expect(out.notes).toEqual(['an image was scaled down to 768 px on its longer side']);
    expect(out.messages[0]).toBe(messages[0]);
  });

  it('leaves everything as it is without limits', async () => {
    const data = await png(300, 300);
    const messages: ChatMessage[] = [{ role: 'user', content: [{ type: 'image', data, mime: 'image/png' }] }];
    const out = await applyImageLimits(messages, caps({}));
    expect((out.messages[0]!.content as Array<{ data: Uint8Array }>)[0]!.data).toBe(data);
    expect(out.notes).toEqual([]);
  });
});
