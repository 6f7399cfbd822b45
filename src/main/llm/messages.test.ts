import { describe, expect, it } from 'vitest';
import { requestHash, toOpenAiMessages, toRecordedMessages } from './messages.ts';
import type { ChatMessage } from './types.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

const messages = (): ChatMessage[] => [
  { role: 'system', content: 'You are an agent.' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Screen:' },
      { type: 'image', data: png, mime: 'image/png', detail: 'high' },
    ],
  },
];

describe('messages', () => {
  it('sends images as data URLs', () => {
    const out = toOpenAiMessages(messages());
    expect(out[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Screen:' },
        {
          type: 'image_url',
          image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}`, detail: 'high' },
        },
      ],
    });
  });

  it('records images as artifact refs from the sink', () => {
    const puts: Array<{ bytes: number; mime: string }> = [];
    const sink = {
      put: (data: Uint8Array, o: { mime: string }) => (
        puts.push({ bytes: data.byteLength, mime: o.mime }),
        { sha256: 'a'.repeat(64), mime: o.mime, bytes: data.byteLength }
      ),
    };
    const recorded = toRecordedMessages(messages(), sink);
    expect(puts).toEqual([{ bytes: 7, mime: 'image/png' }]);
    expect(recorded[1]!.content).toEqual([
      { type: 'text', text: 'Screen:' },
      { type: 'image', image: { sha256: 'a'.repeat(64), mime: 'image/png', bytes: 7 }, detail: 'high' },
    ]);
    expect(JSON.stringify(recorded)).not.toContain('base64');
  });

  it('hashes equal requests equally and different ones differently', () => {
    const a = requestHash({ messages: messages(), temperature: 0 });
    expect(requestHash({ messages: messages(), temperature: 0 })).toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ messages: messages(), temperature: 0.5 })).not.toBe(a);
    expect(requestHash({ messages: messages(), temperature: 0, responseFormat: 'json' })).not.toBe(a);
    const other = messages();
    (other[1]!.content as Array<{ type: string; data?: Uint8Array }>)[1]!.data = new Uint8Array([9]);
    expect(requestHash({ messages: other, temperature: 0 })).not.toBe(a);
  });
});
