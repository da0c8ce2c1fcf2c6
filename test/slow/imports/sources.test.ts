import { cpSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../../data/db.ts';
import { importDataset } from '../../../data/import/run.ts';
import { fileContents } from '../../helpers/data/db.ts';
import { describeReal } from '../../helpers/setup/real-data.ts';

/**
 * Corrupt and truncated sources, for each importer: a truncated file, a renamed column (a renamed
 * key in JSON), a byte that is not UTF-8, an empty file, a missing file and (Wyscout's events, the
 * only compressed source) a gzip that does not decompress. Each import must fail with an error
 * naming the file, and the line where there is one, and leave the database as it was. The sources
 * are copies of the real datasets (only what each case reads), corrupted one file at a time.
 */

/** A way of breaking a file, and what the error must then say about it. */
interface Fault {
  name: string;
  /** Breaks the file in place; returns the problem the error must state. */
  apply(file: string): RegExp;
}

/** A dataset and the file of it the faults break. */
interface Source {
  folder: string;
  format: string;
  /** Copied from the real folder (all of it when absent). */
  parts?: readonly string[];
  competitions?: readonly string[];
  /** The file broken, relative to the folder. */
  target: string;
  /** The column or key renamed, and a line number past the header to corrupt. */
  column: string;
  /** Faults for this source beyond the common ones. */
  extra?: readonly (Fault & { target: string })[];
}

/**
 * Cuts the file a few bytes into a line past its middle (or at 60% of a file on one line), so the
 * last record is cut short.
 */
const truncated: Fault = {
  name: 'a truncated file',
  apply(file) {
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length * 0.6);
    const newline = bytes.indexOf(0x0a, middle);
    const cut = newline === -1 ? middle : newline + 6;
    writeFileSync(file, bytes.subarray(0, cut));
    return file.endsWith('.csv')
      ? /: (?:Invalid Record Length|Quote Not Closed).* on line \d+/
      : /not valid JSON \((?:Unexpected end of JSON input|Unterminated string|Expected)/;
  },
};

const empty: Fault = {
  name: 'an empty file',
  apply(file) {
    writeFileSync(file, '');
    return /the file is empty/;
  },
};

/** Puts a 0xff byte into the file's third line. */
const notUtf8: Fault = {
  name: 'a byte that is not UTF-8',
  apply(file) {
    const bytes = readFileSync(file);
    let at = 0;
    for (let line = 1; line < 3; line++) at = bytes.indexOf(0x0a, at) + 1;
    // A file on one line (minified JSON): the byte goes in line 1, after its first bytes.
    const line = at === 0 ? 1 : 3;
    at = at === 0 ? 8 : at;
    writeFileSync(
      file,
      Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at)]),
    );
    return new RegExp(`line ${line} is not UTF-8 \\(byte 0xff`);
  },
};

const missing: Fault = {
  name: 'a missing file',
  apply(file) {
    rmSync(file);
    return /missing/;
  },
};

/**
 * Writes a malformed value into one field of a CSV line (no quoted commas before it): the import
 * refuses the file, naming the line and the column.
 */
function malformedValue(line: number, column: string, value: string): Fault {
  return {
    name: `a malformed ${column}`,
    apply(file) {
      const lines = readFileSync(file, 'utf8').split('\n');
      const at = lines[0]!.split(',').indexOf(column);
      const fields = lines[line - 1]!.split(',');
      fields[at] = value;
      lines[line - 1] = fields.join(',');
      writeFileSync(file, lines.join('\n'));
      return new RegExp(`line ${line}: column ${column}: not an integer: "${value}"`);
    },
  };
}

/** Renames a column (CSV header) or a key (every JSON record). */
function renamed(column: string): Fault {
  return {
    name: 'a wrong column',
    apply(file) {
      const text = readFileSync(file, 'utf8');
      if (file.endsWith('.csv')) {
        const end = text.indexOf('\n');
        const header = text.slice(0, end).split(',');
        header[header.indexOf(column)] = `${column}_renamed`;
        writeFileSync(file, header.join(',') + text.slice(end));
        return new RegExp(`missing column\\(s\\) ${column}`);
      }
      writeFileSync(file, text.replaceAll(`"${column}":`, `"${column}_renamed":`));
      return new RegExp(`record 1 has no ${column}`);
    },
  };
}

const SOURCES: readonly Source[] = [
  {
    folder: 'martj42-international-results',
    format: 'martj42',
    target: 'results.csv',
    column: 'home_team',
    extra: [{ ...malformedValue(3, 'home_score', 'four'), target: 'results.csv' }],
  },
  {
    folder: 'fjelstul-worldcup',
    format: 'fjelstul',
    // The first file the import reads.
    target: 'data-csv/teams.csv',
    column: 'team_name',
    extra: [{ ...malformedValue(2, 'year', 'MCMXXX'), target: 'data-csv/tournaments.csv' }],
  },
  {
    folder: 'openfootball-worldcup.json',
    format: 'openfootball',
    // The one file `check` requires (a year without its file is a year not in the dataset).
    target: '2026/worldcup.json',
    column: 'team1',
  },
  {
    folder: 'wyscout-pappalardo2019',
    format: 'wyscout',
    parts: ['players.json', 'teams.json', 'matches', 'events/World_Cup'],
    competitions: ['World_Cup'],
    target: 'matches/matches_World_Cup.json',
    column: 'dateutc',
    extra: [
      {
        name: 'a gzip that does not decompress',
        target: 'events/World_Cup/2057954.json.gz',
        apply(file) {
          const bytes = readFileSync(file);
          writeFileSync(file, Buffer.concat([bytes.subarray(0, 10), Buffer.alloc(64, 0x5a)]));
          return /does not decompress/;
        },
      },
      {
        name: 'an event without its period',
        target: 'events/World_Cup/2057955.json.gz',
        apply(file) {
          const text = gunzipSync(readFileSync(file)).toString('utf8');
          writeFileSync(file, gzipSync(text.replaceAll('"matchPeriod":', '"period":')));
          return /record 1 has no matchPeriod/;
        },
      },
    ],
  },
];

let root = '';
let base = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'football-sources-'));
  base = join(root, 'base.sqlite');
  openDatabase(base).close();
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

for (const source of SOURCES) {
  describeReal(source.folder, (dir) => {
    const faults: (Fault & { target: string })[] = [
      ...[truncated, renamed(source.column), notUtf8, empty, missing].map((f) => ({
        ...f,
        target: source.target,
      })),
      ...(source.extra ?? []),
    ];
    for (const fault of faults) {
      it(`${source.format}: ${fault.name} (${fault.target}) fails naming it, writes nothing`, () => {
        const copy = join(root, `${source.format}-${fault.name.replaceAll(' ', '-')}`);
        for (const part of source.parts ?? ['.'])
          cpSync(join(dir, part), join(copy, part), { recursive: true });
        const file = join(copy, fault.target);
        const problem = fault.apply(file);
        const db = `${copy}.sqlite`;
        copyFileSync(base, db);
        const before = fileContents(db);
        let error: Error | undefined;
        try {
          importDataset({
            format: source.format,
            path: copy,
            db,
            ...(source.competitions ? { competitions: source.competitions } : {}),
          });
        } catch (e) {
          error = e as Error;
        }
        expect(error, 'the import must fail').toBeDefined();
        expect(error!.message).toContain(fault.target.split('/').pop());
        expect(error!.message).toMatch(problem);
        expect(fileContents(db)).toEqual(before);
      });
    }
  });
}
