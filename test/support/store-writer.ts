/**
 * Child process for the crash test: writes batches of rows, each batch in one transaction,
 * forever, printing each committed batch id. The parent SIGKILLs it at a random moment.
 */
import { openDatabase } from '../../src/main/store/database.ts';

const path = process.argv[2];
const batchSize = Number(process.argv[3] ?? 200);
if (!path) throw new Error('usage: store-writer.ts DB [batchSize]');
const db = openDatabase({ path });
const insert = db.prepare('INSERT INTO artifacts (sha256, path, mime, bytes, created_at) VALUES (?, ?, ?, ?, ?)');
const start = (db.prepare('SELECT COUNT(DISTINCT path) AS n FROM artifacts').get() as { n: number }).n;
process.stdout.write('ready\n');
for (let batch = start; ; batch++) {
  db.transaction(() => {
    for (let i = 0; i < batchSize; i++) {
      insert.run(
        `${batch.toString(16).padStart(8, '0')}${i.toString(16).padStart(56, '0')}`,
        `batch-${batch}`,
        'application/octet-stream',
        i,
        Date.now(),
      );
    }
  })();
  process.stdout.write(`committed ${batch}\n`);
}
