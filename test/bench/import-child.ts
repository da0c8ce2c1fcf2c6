import { importDataset } from '../../data/import/run.ts';

/**
 * Runs one import in its own process, so the bench can read that process's peak memory (max RSS).
 * Prints one JSON line: seconds, rows written (new) and peak RSS.
 */
const [format, path, db, competitions] = process.argv.slice(2);
if (!format || !path || !db)
  throw new Error('usage: import-child.ts FORMAT PATH DB [COMPETITIONS]');
const report = importDataset({
  format,
  path,
  db,
  ...(competitions ? { competitions: competitions.split(',') } : {}),
});
const rows = [...report.tables.values()].reduce((n, c) => n + c.new, 0);
console.log(
  JSON.stringify({
    seconds: report.seconds,
    rows,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
  }),
);
