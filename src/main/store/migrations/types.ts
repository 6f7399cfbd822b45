import type { Database } from 'better-sqlite3';

/** A numbered, forward-only schema change. `up` runs inside a transaction. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
