import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACTION_NAMES } from '../../shared/actions.ts';
import { ANDROID_WORLD_MAPPING } from '../../shared/datasets/android-world.ts';
import { StepRecord } from '../../shared/datasets/dataset-schema.ts';
import { packageRoot } from '../package-root.ts';

const doc = readFileSync(join(packageRoot(), 'docs', 'datasets.md'), 'utf8');

describe('docs/datasets.md', () => {
  it('has the AndroidWorld mapping of every action exactly as the code has it', () => {
    for (const n of ACTION_NAMES) expect(doc).toContain(`| \`${n}\` | ${ANDROID_WORLD_MAPPING[n]} |`);
  });

  it('explains every field of a step record', () => {
    for (const key of Object.keys((StepRecord as unknown as z.ZodObject).shape))
      expect(doc).toMatch(new RegExp(`^\\| [^|]*\`${key}\``, 'm'));
  });
});
