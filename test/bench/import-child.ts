import { importDataset } from '../../data/import/run.ts';

/**
 * Runs one import (or, with `check`, one check) in its own process, so the bench can read that
 * process's peak memory (max RSS). Prints one JSON line: seconds, rows written (new; checked,
 * for a check) and peak RSS.
 */
const [format, path, db, competitions, check] = process.argv.slice(2);
if (!format || !path || !db)
  throw new Error('usage: import-child.ts FORMAT PATH DB [COMPETITIONS] [check]');
const report = importDataset({
  format,
  path,
  db,
  ...(competitions ? { competitions: competitions.split(',') } : {}),
  check: check === 'check',
});
// A check writes nothing: its rows are those it read.
const rows = [...report.tables.values()].reduce(
  (n, c) => n + c.new + (check === 'check' ? c.present + c.updated : 0),
  0,
);
console.log(
  JSON.stringify({
    seconds: report.seconds,
    rows,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
  }),
);
