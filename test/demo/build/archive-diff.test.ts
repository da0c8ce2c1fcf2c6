import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { main as split } from '../../../cli/split.ts';
import { importDataset } from '../../../data/import/run.ts';
import {
  archiveDiff,
  FILE_KINDS,
  main,
  printDiff,
  type ArchiveDiff,
} from '../../bench/archive-diff.ts';
import { runIn } from '../../helpers/programs/programs.ts';

/**
 * The bench's diff of two archives (`test/bench/archive-diff.ts`) on the example league of
 * `docs/import-format.md`, which builds in seconds: its first two matchdays, then its third
 * imported on top (two new matches, one match's attendance changed, one goal moved from the 81st
 * minute to the 84th by deleting its row and writing another). An archive against itself changes
 * nothing; the matchday adds files, removes the moved goal's and changes some answers, and leaves
 * blocks it does not touch as they were.
 */

let root = '';
let league = '';
let matchday = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'football-archive-diff-'));
  const [before, after] = [join(root, 'league.sqlite'), join(root, 'matchday.sqlite')];
  importDataset({ format: 'package', path: 'examples/county-league', db: before });
  copyFileSync(before, after);
  importDataset({ format: 'package', path: 'examples/county-league-matchday-3', db: after });
  [league, matchday] = [join(root, 'league.archive'), join(root, 'matchday.archive')];
  await build({ db: before, archive: league });
  await build({ db: after, archive: matchday });
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The diff of the league's archive and the matchday's, computed once for the tests below. */
let matchdayDiff: Promise<ArchiveDiff> | undefined;
const diffMatchday = () => (matchdayDiff ??= archiveDiff(league, matchday));

const changedFiles = (diff: ArchiveDiff) =>
  FILE_KINDS.reduce((n, k) => n + diff.kinds[k].changedFiles + diff.kinds[k].added, 0);

describe('archiveDiff', () => {
  it('finds nothing changed between an archive and itself', async () => {
    const diff = await archiveDiff(league, league);
    expect(diff.files.after).toBeGreaterThan(1_000);
    expect(changedFiles(diff)).toBe(0);
    for (const kind of FILE_KINDS) expect(diff.kinds[kind].changedAnswers).toBe(0);
    expect(diff.blocks.all.added).toBe(0);
    expect(diff.leaves.changed).toBe(0);
    expect(diff.leafParts.after).toBeGreaterThan(diff.leaves.after);
    expect(diff.leafParts.added).toBe(0);
  });

  it("finds the matchday's new files, the moved goal's gone, and the answers it changed", async () => {
    const diff = await diffMatchday();
    expect(diff.files.after).toBeGreaterThan(diff.files.before);
    // The new matches' records and pages; the moved goal's record files (v1, v0) are gone, its
    // new row's are new.
    expect(diff.kinds['record files'].added).toBeGreaterThan(0);
    expect(diff.kinds['record files'].removed).toBe(2);
    expect(diff.kinds['pages of a match'].added).toBeGreaterThan(0);
    // The match whose attendance changed answers anew (v1, v0); a file's answer never changes
    // without its stored bytes.
    expect(diff.kinds['record files'].changedAnswers).toBeGreaterThanOrEqual(2);
    for (const kind of FILE_KINDS)
      expect(diff.kinds[kind].changedAnswers).toBeLessThanOrEqual(diff.kinds[kind].changedFiles);
    // New blocks hold the new and changed records; others stay as they were.
    expect(diff.blocks.records.added).toBeGreaterThan(0);
    expect(diff.blocks.records.added).toBeLessThan(diff.blocks.records.after);
    expect(diff.blocks['query index'].after).toBeGreaterThan(0);
    expect(diff.blocks.all.after).toBe(
      diff.blocks.records.after + diff.blocks['query index'].after,
    );
    expect(diff.leaves.changed).toBeGreaterThan(0);
    expect(diff.leaves.changedBytes).toBeLessThanOrEqual(diff.leaves.afterBytes);
    // The leaves' parts that hold a changed file are stored anew; the others stay as they were.
    expect(diff.leafParts.added).toBeGreaterThan(0);
    expect(diff.leafParts.added).toBeLessThan(diff.leafParts.after);
  });

  it('prints each kind with its changed files, and the share a later build would write', async () => {
    const diff = await diffMatchday();
    const lines: string[] = [];
    printDiff(diff, (line) => lines.push(line));
    const row = (name: string) =>
      lines
        .find((line) => line.startsWith(name))!
        .trim()
        .split(/\s{2,}/);
    // kind, files, answer changed, stored changed, new, gone, their leaves, MB
    const records = diff.kinds['record files'];
    expect(row('record files').slice(1, 7)).toEqual(
      [
        records.files,
        records.changedAnswers,
        records.changedFiles,
        records.added,
        records.removed,
        records.changed,
      ].map(String),
    );
    expect(row('blocks of records')[3]).toBe(String(diff.blocks.records.added));
    expect(row('blocks of the query index')[3]).toBe(String(diff.blocks['query index'].added));
    expect(row('their parts as stored')[3]).toBe(String(diff.leafParts.added));
    expect(lines.join('\n')).toMatch(/changed leaves: [\d.]+ MB, [\d.]+ % of the after archive/);
  });

  it('reads an archive in parts as the one file it was split from', async () => {
    const parts = join(root, 'matchday.parts');
    const args = ['--archive', matchday, '--out', parts, '--part-size', '1MiB'];
    const splitting = await runIn(split, args);
    expect(splitting.code, splitting.err).toBe(0);
    const diff = await archiveDiff(matchday, parts);
    expect(diff.files.after).toBe(diff.files.before);
    expect(changedFiles(diff)).toBe(0);
    expect(diff.blocks.all.added).toBe(0);
  });

  it('names an archive that is not there, and compares none', async () => {
    const nowhere = join(root, 'nowhere.archive');
    const result = await runIn(main, [league, nowhere]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(nowhere);
    expect(result.out).toBe('');
  });
});
