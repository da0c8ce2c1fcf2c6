import { mkdirSync } from 'node:fs';
import { openReadOnly } from '../../data/db.ts';
import { exportPackage } from '../../data/package/export.ts';

/**
 * Exports one database as a package in its own process, so the bench can read that process's
 * peak memory (max RSS). Prints one JSON line: seconds, rows written and peak RSS.
 */
const [db, out] = process.argv.slice(2);
if (!db || !out) throw new Error('usage: export-child.ts DB OUT');
const started = process.hrtime.bigint();
mkdirSync(out);
const source = openReadOnly(db);
const counts = exportPackage(source, out, 'football');
source.close();
console.log(
  JSON.stringify({
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    maxRssMB: process.resourceUsage().maxRSS / 1024,
  }),
);
