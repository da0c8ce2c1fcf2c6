import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../data/db.ts';
import { validateDescriptor } from '../../../data/package/descriptor.ts';
import { exportTemplate } from '../../../data/package/export.ts';
import { RESOURCES } from '../../../data/package/resources.ts';

/**
 * `examples/template/` is the format's schema as the project ships it: an empty package, every
 * file's header and every Table Schema, which a person fills in. It must be what
 * `npm run export -- package --template` writes from the registry today.
 */

const TEMPLATE = 'examples/template';
const dir = mkdtempSync(join(tmpdir(), 'football-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the template package', () => {
  const db = openDatabase(':memory:');
  exportTemplate(db, dir);
  db.close();
  const regenerate =
    'regenerate it: rm -r examples/template && npm run export -- package --template --out examples/template';

  it('is what the registry makes, file for file', () => {
    expect(readdirSync(TEMPLATE).sort(), regenerate).toEqual(readdirSync(dir).sort());
    for (const file of readdirSync(dir))
      expect(readFileSync(join(TEMPLATE, file), 'utf8'), `${file}: ${regenerate}`).toBe(
        readFileSync(join(dir, file), 'utf8'),
      );
  });

  it('is a valid Data Package with every resource of the format, and no row', () => {
    const descriptor = JSON.parse(readFileSync(join(TEMPLATE, 'datapackage.json'), 'utf8'));
    expect(validateDescriptor(descriptor)).toEqual([]);
    expect(descriptor.resources.map((r: { name: string }) => r.name)).toEqual(
      RESOURCES.map((r) => r.name),
    );
    for (const spec of RESOURCES) {
      const lines = readFileSync(join(TEMPLATE, `${spec.name}.csv`), 'utf8').split('\r\n');
      expect(lines, spec.name).toHaveLength(2);
      expect(lines[1], spec.name).toBe('');
    }
  });
});
