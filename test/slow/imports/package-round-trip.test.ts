import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { importDataset } from '../../../data/import/run.ts';
import { exportTo } from '../../helpers/data/packages.ts';

/**
 * The proof that the package format holds all the API serves: the demo database exported, the
 * package imported into an empty database, and that database built, gives the demo's archive
 * byte for byte.
 */

const root = mkdtempSync(join(tmpdir(), 'football-round-trip-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('export, import into an empty database, build', () => {
  it('gives the same archive, byte for byte, as the database it was exported from', async () => {
    const demo = inject('demo');
    const dir = exportTo(demo.db, join(root, 'package'));
    const db = join(root, 'round-trip.sqlite');
    importDataset({ format: 'package', path: dir, db });
    const archive = join(root, 'round-trip.archive');
    await build({ db, archive });
    const built = readFileSync(archive);
    const original = readFileSync(demo.archive);
    expect(built.length).toBe(original.length);
    expect(built.equals(original)).toBe(true);
  });
});
