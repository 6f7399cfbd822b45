import { describe, expect, it } from 'vitest';
import { MobaError } from '../../shared/errors.ts';
import { applyPatch, contentId, materialize, parseDraft, serializeItem } from './items.ts';
import { parseMemoryFile } from './memory-file.ts';

const route = {
  kind: 'route',
  goal: 'Turn on Wi-Fi',
  steps: [{ action: 'Open_App("Settings")', subGoal: 'Open Settings' }],
};

describe('memory items', () => {
  it('gives equal content the same id regardless of key order, and different content another', () => {
    const a = parseDraft(route);
    const b = parseDraft({
      steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }],
      goal: 'Turn on Wi-Fi',
      kind: 'route',
    });
    expect(contentId(a)).toBe(contentId(b));
    expect(contentId(a)).toMatch(/^route:h[0-9a-f]{24}$/);
    expect(contentId(parseDraft({ ...route, goal: 'Turn off Wi-Fi' }))).not.toBe(contentId(a));
  });

  it('fills metadata from the stored item so re-importing a seed without timestamps changes nothing', () => {
    const first = materialize(parseDraft(route), { source: 'expert', now: 1_000 });
    expect(first).toMatchObject({
      id: contentId(parseDraft(route)),
      source: 'expert',
      createdAt: 1_000,
      updatedAt: 1_000,
    });
    const again = materialize(parseDraft(route), { source: 'expert', now: 9_000, existing: first });
    expect(serializeItem(again)).toBe(serializeItem(first));
    const changed = materialize(parseDraft({ ...route, id: first.id, goal: 'Turn on Wi-Fi now' }), {
      source: 'expert',
      now: 9_000,
      existing: first,
    });
    expect(changed).toMatchObject({ createdAt: 1_000, updatedAt: 9_000 });
  });

  it('serialises keys in one canonical order', () => {
    const item = materialize(
      parseDraft({
        goal: 'g',
        kind: 'answer',
        text: 't',
        id: 'answer:1',
        source: 'run',
        createdAt: 1,
        updatedAt: 2,
        runId: 'r',
      }),
      { source: 'run', now: 5 },
    );
    expect(Object.keys(JSON.parse(serializeItem(item)))).toEqual([
      'kind',
      'id',
      'source',
      'createdAt',
      'updatedAt',
      'runId',
      'goal',
      'text',
    ]);
  });

  it('validates patches against the kind and refuses metadata changes', () => {
    const item = materialize(parseDraft(route), { source: 'expert', now: 1 });
    expect(applyPatch(item, { goal: 'Enable Wi-Fi' }, 2)).toMatchObject({
      goal: 'Enable Wi-Fi',
      updatedAt: 2,
      createdAt: 1,
    });
    expect(() => applyPatch(item, { kind: 'user' }, 2)).toThrow(/cannot be changed/);
    expect(() => applyPatch(item, { steps: [] }, 2)).toThrow(/steps/);
    expect(() => applyPatch(item, { colour: 'red' }, 2)).toThrow(MobaError);
  });
});

describe('memory file', () => {
  const file = (memories: unknown[], extra: object = {}) =>
    JSON.stringify({ format: 'moba-memory', version: 1, memories, ...extra });

  it('names the path of every bad item', () => {
    try {
      parseMemoryFile(
        file([
          route,
          { kind: 'route', goal: 'x', steps: [{ subGoal: 'a' }] },
          { kind: 'user', text: 'y', category: 'mood' },
        ]),
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MobaError);
      const e = error as MobaError;
      expect(e.code).toBe('MEMORY_IMPORT_INVALID');
      expect(e.message).toContain('memories[1].steps[0].action');
      const paths = (e.details as { issues: Array<{ path: string }> }).issues.map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['memories[1].steps[0].action', 'memories[2].category']));
    }
  });

  it('rejects non-JSON, other formats, newer versions and duplicate ids with MEMORY_IMPORT_INVALID', () => {
    expect(() => parseMemoryFile('{nope')).toThrow(/not valid JSON/);
    expect(() => parseMemoryFile(JSON.stringify({ format: 'other', version: 1, memories: [] }))).toThrow(
      /Not a MobA memory file/,
    );
    expect(() => parseMemoryFile(file([], { version: 2 }))).toThrow(/version 2/);
    expect(() =>
      parseMemoryFile(
        file([
          { ...route, id: 'route:a' },
          { ...route, goal: 'b', id: 'route:a' },
        ]),
      ),
    ).toThrow(/memories\[1\]\.id/);
    expect(parseMemoryFile(`\ufeff${file([route])}`).memories).toHaveLength(1);
  });
});
