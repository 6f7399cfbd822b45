import { describe, expect, it } from 'vitest';
import { SYSTEM_BIN } from '../../fs/android-fs.ts';
import { createDefaultCommands } from './index.ts';

describe('/system/bin', () => {
  it('lists exactly the programs the shell runs (nothing that answers "not found")', () => {
    expect([...SYSTEM_BIN].sort()).toEqual(createDefaultCommands().names());
  });
});
