import { describe, expect, it } from 'vitest';
import { StreamedReply, readMessage, splitReasoning } from './reply.ts';

describe('splitReasoning', () => {
  it('takes leading <think>, <thinking> and <thought> blocks off the answer', () => {
    expect(splitReasoning('<think>Tap OK first.</think>\n{"action":"Click(3)"}')).toEqual({
      text: '{"action":"Click(3)"}',
      reasoning: 'Tap OK first.',
    });
    expect(splitReasoning(' <thought>a</thought><THINKING>b</THINKING>answer')).toEqual({
      text: 'answer',
      reasoning: 'a\n\nb',
    });
  });

  it('treats everything before a lone </think> as reasoning (the template opened the block)', () => {
    expect(splitReasoning('I should press back.\n</think>\n\nBack()')).toEqual({
      text: 'Back()',
      reasoning: 'I should press back.',
    });
  });

  it('keeps a block that never closed as reasoning, with no answer (a reply cut off while thinking)', () => {
    expect(splitReasoning('<think>The list has {"action": "Click(9)"} and')).toEqual({
      text: '',
      reasoning: 'The list has {"action": "Click(9)"} and',
    });
  });

  it('leaves tags inside the answer and answers without reasoning alone', () => {
    expect(splitReasoning('{"note": "<think>x</think>"}')).toEqual({
      text: '{"note": "<think>x</think>"}',
      reasoning: null,
    });
    expect(splitReasoning('  plain answer ')).toEqual({ text: '  plain answer ', reasoning: null });
    expect(splitReasoning('<think></think>ok')).toEqual({ text: 'ok', reasoning: null });
  });
});

describe('readMessage', () => {
  it('reads reasoning_content (DeepSeek, LM Studio) and reasoning (vLLM, Ollama, OpenRouter) apart from content', () => {
    expect(readMessage({ content: 'A', reasoning_content: 'why' }, 'stop')).toEqual({
      text: 'A',
      refusal: null,
      finishReason: 'stop',
      reasoning: 'why',
    });
    expect(readMessage({ content: '<think>more</think>B', reasoning: 'first' }, 'stop').reasoning).toBe(
      'first\n\nmore',
    );
  });

  it('reads content given as parts and function calls (also the legacy function_call)', () => {
    const r = readMessage(
      {
        content: [
          { type: 'text', text: 'x' },
          { type: 'text', text: 'y' },
        ],
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'reply', arguments: '{"a":1}' } }],
      },
      'tool_calls',
    );
    expect(r.text).toBe('xy');
    expect(r.toolCalls).toEqual([{ id: 'c1', name: 'reply', arguments: '{"a":1}' }]);
    expect(readMessage({ content: null, function_call: { name: 'f', arguments: { b: 2 } } }, null).toolCalls).toEqual([
      { name: 'f', arguments: '{"b":2}' },
    ]);
  });
});

describe('StreamedReply', () => {
  it('collects content, reasoning deltas and function-call deltas by index', () => {
    const s = new StreamedReply();
    const shown = [
      s.add({ delta: { reasoning: 'Look ' } }),
      s.add({ delta: { reasoning: 'closely.' } }),
      s.add({ delta: { content: '{"a":' } }),
      s.add({ delta: { content: '1}' } }),
      s.add({ delta: { tool_calls: [{ index: 0, id: 'c', function: { name: 'reply', arguments: '' } }] } }),
      s.add({ delta: { tool_calls: [{ index: 0, function: { arguments: '{"b"' } }] } }),
      s.add({ delta: { tool_calls: [{ index: 0, function: { arguments: ':2}' } }] }, finish_reason: 'tool_calls' }),
    ];
    expect(shown.join('')).toBe('{"a":1}');
    expect(s.reply()).toEqual({
      text: '{"a":1}',
      refusal: null,
      finishReason: 'tool_calls',
      reasoning: 'Look closely.',
      toolCalls: [{ id: 'c', name: 'reply', arguments: '{"b":2}' }],
    });
  });

  it('splits a streamed <think> block off the final text, and shows only the answer as it comes', () => {
    const s = new StreamedReply();
    const shown = ['<thi', 'nk>hm, ', 'well</think>', 'Do', 'ne'].map((piece) => s.add({ delta: { content: piece } }));
    expect(shown).toEqual(['', '', '', 'Do', 'ne']);
    expect(s.reply()).toMatchObject({ text: 'Done', reasoning: 'hm, well' });
  });
});
