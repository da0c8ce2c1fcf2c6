import fg from 'fast-glob';
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimate, onDisk, rowsOf } from '../../../build/estimate.ts';
import { openLocalArchive } from '../../../contract/node/archive-file.ts';
import { openReadOnly } from '../../../data/db.ts';
import { demo } from '../../helpers/http/api.ts';

/**
 * The build's estimate of its own size, which decides whether `npm run build -- --db FILE`
 * writes a tree unasked (`cli/build.ts`): close to what a build of the demo writes, as a tree
 * and as an archive. The national build is held to it too (`national-build.test.ts`).
 */

const { db, dist, archive } = demo();

describe('the estimate of a build', () => {
  it("is within 15% of the demo's files and bytes, as a tree and as an archive", async () => {
    const source = openReadOnly(db);
    const size = estimate(rowsOf(source));
    source.close();
    const files = fg.sync('**/*', { cwd: dist, dot: true, onlyFiles: true, stats: true });
    const bytes = files.reduce((n, f) => n + f.stats!.size, 0);
    const { reader, close } = await openLocalArchive(archive);
    const archived = reader.header.files;
    await close();
    const near = (estimated: number, actual: number, what: string) =>
      expect(Math.abs(estimated / actual - 1), `${what}: ${estimated} for ${actual}`).toBeLessThan(
        0.15,
      );
    near(size.files, archived, 'files');
    near(size.treeBytes, bytes, 'tree bytes');
    near(size.archiveBytes, statSync(archive).size, 'archive bytes');
    // A disk's blocks take more than the bytes.
    expect(onDisk(size)).toBeGreaterThan(size.treeBytes);
  });
});
