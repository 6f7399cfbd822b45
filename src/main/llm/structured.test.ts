import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseStructuredReply, repairMessage } from './structured.ts';

const Reflection = z.object({ subgoalStatus: z.boolean(), goalStatus: z.boolean(), reflection: z.string().optional() });

describe('structured replies', () => {
  it('parses tolerant JSON and validates it', () => {
    expect(parseStructuredReply('```json\n{"subgoalStatus": True, "goalStatus": False,}\n```', Reflection)).toEqual({
      ok: true,
      value: { subgoalStatus: true, goalStatus: false },
    });
  });

  it('reports validation problems and missing JSON as issue lines', () => {
    const invalid = parseStructuredReply('{"subgoalStatus": "yes"}', Reflection);
    expect(invalid.ok).toBe(false);
    if (invalid.ok) return;
    expect(invalid.issues.split('\n')).toEqual([
      expect.stringMatching(/^- subgoalStatus: .*expected boolean/),
      expect.stringMatching(/^- goalStatus: /),
    ]);
    expect(parseStructuredReply('The goal is done.', Reflection)).toEqual({
      ok: false,
      issues: '- The reply contains no JSON object.',
    });
  });

  it('builds a repair message with the issues and the expected shape', () => {
    const text = repairMessage('- goalStatus: missing', Reflection);
    expect(text).toContain('- goalStatus: missing');
    expect(text).toContain('"required":["subgoalStatus","goalStatus"]');
    expect(text).not.toContain('$schema');
    expect(repairMessage('- x', undefined)).not.toContain('JSON Schema');
  });
});
