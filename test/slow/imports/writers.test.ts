import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../data/db.ts';
import { importDataset } from '../../../data/import/run.ts';
import { fileContents } from '../../helpers/data/db.ts';
import { diskFull } from '../../helpers/programs/disk-full.ts';

/**
 * Imports that meet each other or a kill: two imports into one database at once run one after
 * the other, an import that cannot get the lock in time fails saying why, and one killed midway
 * leaves the file as it was. The datasets are two small martj42 folders written here, with a
 * match in common, so the order of the imports shows in the v0 ids.
 */

const HEADERS = {
  results: 'date,home_team,away_team,home_score,away_score,tournament,city,country,neutral',
  goalscorers: 'date,home_team,away_team,team,scorer,minute,own_goal,penalty',
  shootouts: 'date,home_team,away_team,winner,first_shooter',
  former_names: 'current,former,start_date,end_date',
};

const DATASETS = {
  a: {
    results: [
      '1872-11-30,Scotland,England,0,0,Friendly,Glasgow,Scotland,FALSE',
      '1873-03-08,England,Scotland,4,2,Friendly,London,England,FALSE',
      '1874-03-07,Scotland,England,2,1,Friendly,Glasgow,Scotland,FALSE',
    ],
    goalscorers: [
      '1873-03-08,England,Scotland,England,William Kenyon-Slaney,1,FALSE,FALSE',
      '1874-03-07,Scotland,England,Scotland,Henry McNeil,10,FALSE,FALSE',
    ],
  },
  b: {
    results: [
      '1874-03-07,Scotland,England,2,1,Friendly,Glasgow,Scotland,FALSE',
      '1875-03-06,England,Scotland,2,2,Friendly,London,England,FALSE',
      '1876-03-25,Wales,Scotland,0,4,Friendly,Glasgow,Scotland,TRUE',
    ],
    goalscorers: [
      '1874-03-07,Scotland,England,Scotland,Henry McNeil,10,FALSE,FALSE',
      '1875-03-06,England,Scotland,England,Charles Wollaston,5,FALSE,FALSE',
    ],
  },
} as const;

type Name = keyof typeof DATASETS;

let root = '';
const folder = (name: Name) => join(root, name);

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'football-writers-'));
  for (const [name, files] of Object.entries(DATASETS)) {
    mkdirSync(join(root, name));
    for (const [file, header] of Object.entries(HEADERS)) {
      const lines = (files as Partial<Record<string, readonly string[]>>)[file] ?? [];
      writeFileSync(join(root, name, `${file}.csv`), [header, ...lines, ''].join('\n'));
    }
  }
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** An import through the command line, as a user runs it, in its own process. */
function importCli(name: Name, db: string, args: string[] = [], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'cli/import.ts', 'martj42', folder(name), '--db', db, ...args],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  let stdout = '';
  let onWait = () => {};
  let onEnd = (_: Error) => {};
  // Resolves when the import says it waits; rejects if it ends first.
  const waiting = new Promise<void>((resolve, reject) => ((onWait = resolve), (onEnd = reject)));
  waiting.catch(() => {});
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
    if (stderr.includes('waiting for it to finish')) onWait();
  });
  const done = new Promise<{ code: number | null; signal: string | null; out: string }>((resolve) =>
    child.on('close', (code, signal) => {
      onEnd(new Error(`the import ended (${code ?? signal}) without waiting:\n${stderr}`));
      resolve({ code, signal, out: stdout + stderr });
    }),
  );
  return { waiting, done };
}

/** A database with the schema (and martj42 `a` when `withA`), its lock free. */
function database(file: string, withA = false): void {
  openDatabase(file).close();
  if (withA) importDataset({ format: 'martj42', path: folder('a'), db: file });
}

/** The main file's bytes after a checkpoint has moved the write-ahead log into it. */
function checkpointedHash(file: string): string {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return createHash('sha1').update(readFileSync(file)).digest('hex');
}

describe('two imports into the same database at once', () => {
  it('each waits for the write lock, and the result is the two one after the other', async () => {
    const file = join(root, 'together.sqlite');
    database(file);
    // The lock is held here until both imports say they wait, so they do meet.
    const holder = new Database(file);
    holder.exec('BEGIN IMMEDIATE');
    const a = importCli('a', file);
    const b = importCli('b', file);
    await Promise.all([a.waiting, b.waiting]);
    holder.exec('COMMIT');
    holder.close();
    const results = await Promise.all([a.done, b.done]);
    for (const result of results) expect(result.code, result.out).toBe(0);

    const db = new Database(file, { readonly: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    // The first to take the lock gave its own new match the lower v0 id.
    const v0 = (date: string) =>
      db.prepare('SELECT v0_id FROM match WHERE match_date = ?').pluck().get(date) as number;
    const order: Name[] = v0('1872-11-30') < v0('1875-03-06') ? ['a', 'b'] : ['b', 'a'];
    db.close();
    expect(integrity).toBe('ok');

    const serial = join(root, 'serial.sqlite');
    database(serial);
    for (const name of order) importDataset({ format: 'martj42', path: folder(name), db: serial });
    expect(fileContents(file)).toEqual(fileContents(serial));
    // The order shows: the other one gives another database.
    const reversed = join(root, 'reversed.sqlite');
    database(reversed);
    for (const name of [...order].reverse())
      importDataset({ format: 'martj42', path: folder(name), db: reversed });
    expect(fileContents(reversed).tables).not.toEqual(fileContents(serial).tables);
  });

  it('an import that cannot get the lock in time fails saying so, and writes nothing', async () => {
    const file = join(root, 'busy.sqlite');
    database(file, true);
    const before = fileContents(file);
    const holder = new Database(file);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const result = await importCli('b', file, ['--wait', '1']).done;
      expect(result.code, result.out).toBe(1);
      expect(result.out).toMatch(/waiting for it to finish/);
      expect(result.out).toMatch(/is being written by another process .* stayed locked for 1 s/);
      expect(result.out).toMatch(/nothing of it was written/);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(fileContents(file)).toEqual(before);
    const refused = await importCli('b', file, ['--wait', 'soon']).done;
    expect(refused.code).toBe(2);
    expect(refused.out).toMatch(/--wait must be a number of seconds/);
  });
});

describe('an import on a full disk', () => {
  it('fails saying so, with the bytes written and the size kept, and writes nothing', async () => {
    const file = join(root, 'full.sqlite');
    database(file, true);
    const before = fileContents(file);
    const size = statSync(file).size;
    const result = await importCli('b', file, [], {
      FOOTBALL_FAULT: 'import:row@3',
      FOOTBALL_FAULT_ACTION: 'enospc',
    }).done;
    expect(result.code).toBe(1);
    const said = diskFull('import', 'the database').exec(result.out);
    expect(said, result.out).not.toBeNull();
    expect(said![2]).toBe((size / 1e6).toFixed(1));
    expect(fileContents(file)).toEqual(before);
  });
});

describe('an import killed midway', () => {
  it('leaves the database as it was, and the next import of the same data succeeds', async () => {
    const file = join(root, 'killed.sqlite');
    database(file, true);
    const before = fileContents(file);
    const bytes = checkpointedHash(file);
    // Killed (SIGKILL) as it inserts its third new row, inside its transaction.
    const killed = await importCli('b', file, [], {
      FOOTBALL_FAULT: 'import:row@3',
    }).done;
    expect(killed.signal).toBe('SIGKILL');
    expect(checkpointedHash(file)).toBe(bytes);
    expect(fileContents(file)).toEqual(before);

    const again = await importCli('b', file).done;
    expect(again.code, again.out).toBe(0);
    const serial = join(root, 'killed-serial.sqlite');
    database(serial, true);
    importDataset({ format: 'martj42', path: folder('b'), db: serial });
    expect(fileContents(file)).toEqual(fileContents(serial));
  });
});
