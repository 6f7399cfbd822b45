import type { Migration } from './types.ts';

export const foundation: Migration = {
  version: 1,
  name: 'settings and artifacts',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        section    TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE artifacts (
        sha256     TEXT PRIMARY KEY,
        path       TEXT NOT NULL,
        mime       TEXT NOT NULL,
        bytes      INTEGER NOT NULL,
        width      INTEGER,
        height     INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
