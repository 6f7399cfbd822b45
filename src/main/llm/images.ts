/** An endpoint's image limits applied to a request: images scaled down to its longest side, its detail level. */
import sharp from 'sharp';
import type { ResolvedCapabilities } from '../../shared/providers.ts';
import type { ChatContentPart, ChatMessage } from './types.ts';

type ImagePart = Extract<ChatContentPart, { type: 'image' }>;

async function scaled(part: ImagePart, maxSide: number): Promise<ImagePart> {
  const meta = await sharp(part.data).metadata();
  if (!meta.width || !meta.height || Math.max(meta.width, meta.height) <= maxSide) return part;
  const pipeline = sharp(part.data).resize({ width: maxSide, height: maxSide, fit: 'inside' });
  const data = await (part.mime === 'image/png' ? pipeline.png() : pipeline.jpeg({ quality: 85 })).toBuffer();
  return { ...part, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * The messages as sent to this endpoint: images larger than `imageMaxSide` scaled down (except
 * those a strategy sized itself, `fixedSize`), `imageDetail` on images that set none.
 * @returns the messages and what was changed, for the record's notes
 */
export async function applyImageLimits(
  messages: readonly ChatMessage[],
  caps: ResolvedCapabilities,
): Promise<{ messages: ChatMessage[]; notes: string[] }> {
  const notes: string[] = [];
  const out: ChatMessage[] = [];
  for (const m of messages) {
    if (typeof m.content === 'string') {
      out.push(m);
      continue;
    }
    const content: ChatContentPart[] = [];
    for (const part of m.content) {
      if (part.type !== 'image') {
        content.push(part);
        continue;
      }
      let next = part;
      if (caps.imageMaxSide && !part.fixedSize) {
        next = await scaled(part, caps.imageMaxSide);
        if (next !== part) notes.push(`an image was scaled down to ${caps.imageMaxSide} px on its longer side`);
      }
      if (caps.imageDetail && !next.detail) next = { ...next, detail: caps.imageDetail };
      content.push(next);
    }
    out.push({ ...m, content });
  }
  return { messages: out, notes };
}

/** Whether any message carries an image. */
export function hasImages(messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => typeof m.content !== 'string' && m.content.some((p) => p.type === 'image'));
}
