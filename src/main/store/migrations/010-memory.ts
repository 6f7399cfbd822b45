import type { Migration } from './types.ts';

/**
 * Memory: one row per memory of any kind (the whole item as JSON, plus the columns retrieval
 * filters and joins on), FTS5 indexes of normalised text (rowid = memories.seq), and embedding
 * vectors per model with their binary sketches for the in-memory coarse search.
 */
export const memory: Migration = {
  version: 10,
  name: 'memory: items, full-text index, embeddings',
  up(db) {
    db.exec(`
      CREATE TABLE memories (
        seq        INTEGER PRIMARY KEY,
        id         TEXT NOT NULL UNIQUE,
        kind       TEXT NOT NULL,
        class      TEXT NOT NULL,
        source     TEXT NOT NULL,
        run_id     TEXT,
        node_id    TEXT,
        app        TEXT,
        activity   TEXT,
        key_text   TEXT NOT NULL,
        key_len    INTEGER NOT NULL,
        body_len   INTEGER NOT NULL,
        item       TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX memories_by_class ON memories (class, seq);
      CREATE INDEX memories_by_node ON memories (run_id, node_id, class, seq) WHERE run_id IS NOT NULL;
      CREATE INDEX memories_by_run ON memories (run_id, class, seq) WHERE run_id IS NOT NULL;
      CREATE INDEX memories_by_page ON memories (app, activity, class) WHERE app IS NOT NULL;

      -- Text is stored already normalised (see memory/text.ts); tags hold kind/app/source tokens.
      CREATE VIRTUAL TABLE memory_fts USING fts5 (key, body, tags, tokenize = 'unicode61 remove_diacritics 0');
      CREATE VIRTUAL TABLE memory_fts_vocab USING fts5vocab (memory_fts, row);
      -- Keys again, without positions: retrieval reads posting lists only, ~2x faster here.
      CREATE VIRTUAL TABLE memory_keys USING fts5 (key, tokenize = 'unicode61 remove_diacritics 0', detail = none);
      CREATE VIRTUAL TABLE memory_keys_vocab USING fts5vocab (memory_keys, row);

      -- sketch before vector: loading sketches then reads no overflow pages.
      CREATE TABLE memory_vectors (
        seq    INTEGER NOT NULL REFERENCES memories (seq) ON DELETE CASCADE,
        model  TEXT NOT NULL,
        dims   INTEGER NOT NULL,
        sketch BLOB NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (seq, model)
      ) STRICT;
      CREATE INDEX memory_vectors_by_model ON memory_vectors (model, seq, sketch);
    `);
  },
};
