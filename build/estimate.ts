import type { Db } from '../data/db.ts';

/**
 * What a build of a database would write, estimated before anything is written, from the rows
 * that drive it: matches (their records, analytics, filter pages), lineups (a record and 65
 * statistics records each, in v1 and v0), persons (their records and their pages as players,
 * scorers and squad members) and micro-events (one record per event and action). The costs are
 * fitted to builds of the lean and the full demo, Wyscout's 2017/18 Premier League with and
 * without its events, and the national set, within 5% of each
 * (`test/bench/results/2026-11-28-build-sizes.md`); the archive's bytes, to the archives of
 * format 5 of the same builds but the season without events, within 4% of each
 * (`test/bench/results/2026-11-28-archive-leaves.md`), then scaled by 0.835 to format 6, which
 * made the full demo, the national set and the full real set 0.85 to 0.89 of format 5: within
 * 2% of each (`test/bench/results/2026-11-29-brotli.md`), by 0.9 to format 7, which made
 * them 0.89, 0.90 and 0.94 of format 6 (`test/bench/results/2026-11-29-record-tails.md`), and
 * by 0.975 to format 8, which made the demos and the national set 0.97 to 0.975 of format 7
 * (`test/bench/results/2026-11-29-page-heads.md`), and by 1.037 to format 9, which made the
 * national set 1.037 of format 8 (`test/bench/results/2026-11-29-leaf-pieces.md`).
 */

/** The rows a build's size follows. */
export interface Rows {
  matches: number;
  lineups: number;
  persons: number;
  microEvents: number;
}

/** A build's size: its files and their bytes as a tree, and the archive of the same files. */
export interface Estimate {
  files: number;
  treeBytes: number;
  archiveBytes: number;
}

/** What each row costs a build, in files and in bytes as a tree and as an archive. */
const COST: Record<keyof Estimate, Rows> = {
  files: { matches: 5.15, lineups: 19.9, persons: 45, microEvents: 0.268 },
  treeBytes: { matches: 121_900, lineups: 254_600, persons: 0, microEvents: 8_915 },
  archiveBytes: { matches: 2_563, lineups: 6_529, persons: 0, microEvents: 497 },
};

/** A tree's files holding more than this are a build a user should ask for by its folder. */
export const TREE_FILES_UNASKED = 200_000;

/** The estimate of a build of `rows`. */
export function estimate(rows: Rows): Estimate {
  const cost = (per: Rows) =>
    Math.round(
      per.matches * rows.matches +
        per.lineups * rows.lineups +
        per.persons * rows.persons +
        per.microEvents * rows.microEvents,
    );
  return {
    files: cost(COST.files),
    treeBytes: cost(COST.treeBytes),
    archiveBytes: cost(COST.archiveBytes),
  };
}

/** The rows of a database that a build's size follows. */
export function rowsOf(db: Db): Rows {
  const count = (table: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    matches: count('match'),
    lineups: count('lineup'),
    persons: count('person'),
    microEvents: count('event_action'),
  };
}

/**
 * The space a tree takes on a disk of 4 KB blocks: its bytes, and half a block a file on average
 * for the last block each file leaves partly empty.
 */
export const onDisk = (e: Estimate) => e.treeBytes + e.files * 2048;
