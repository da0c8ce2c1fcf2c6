import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { importDataset } from '../../data/import/run.ts';
import { dataChecksums, exportTo, storedChecksums } from '../helpers/data/packages.ts';
import { describeNational, NATIONAL_TIMEOUT } from '../helpers/setup/national.ts';

/**
 * The package format on the national set (three sources and Wyscout's events merged): exported,
 * imported into an empty database, it gives every table the build reads with the same rows in
 * the same order, so the build of it is the national build (the demo's round trip builds both
 * and compares them byte for byte: `test/slow/imports/package-round-trip.test.ts`).
 */

const root = mkdtempSync(join(tmpdir(), 'football-national-package-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeNational('the national set as a package', (national) => {
  it(
    'imports into an empty database as the same tables, row for row and in order',
    () => {
      const dir = exportTo(national.db, join(root, 'package'));
      const db = join(root, 'round-trip.sqlite');
      const report = importDataset({ format: 'package', path: dir, db });
      expect(report.of('match').new).toBeGreaterThan(45_000);
      expect(storedChecksums(db)).toEqual(storedChecksums(national.db));
      expect(dataChecksums(db)).toEqual(dataChecksums(national.db));
    },
    NATIONAL_TIMEOUT,
  );
});
