import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { registerFunctions } from '../../../build/define/sql.ts';
import { SegmentSink } from '../../../build/output/archive-sink.ts';
import { StoredRecord, type Composed } from '../../../build/output/composed.ts';
import { hashing, SetHash } from '../../../build/output/set-hash.ts';
import type { OutputSink } from '../../../build/output/sink.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { writeCollection } from '../../../build/write/collection.ts';
import { readProviders } from '../../../build/write/licences.ts';
import { openReadOnly } from '../../../data/db.ts';

/**
 * A collection past the spool's memory is read back from disk for each layout; the records an
 * archive's segment and the build's hash hold already are then passed by their position, as
 * stand-ins that are never read (`StoredRecord`). The segment and the hash must be those of the
 * same collection written from memory, byte for byte: a stand-in stored or hashed as if it were
 * the record would change both.
 */

const root = mkdtempSync(join(tmpdir(), 'football-stand-ins-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('records passed by their position', () => {
  it('make the segment and the hash that records read back whole make', () => {
    const db = openReadOnly(inject('demo').db);
    try {
      registerFunctions(db);
      const providers = readProviders(db);
      // The lineups: stored by match first, then a record's file, default and filter pages.
      const def = REGISTRY.resources.find((r) => r.path === 'v1/clubs/matches/lineups')!;
      const write = (name: string, budget: number) => {
        const base = join(root, name);
        const hash = new SetHash();
        const segment = new SegmentSink(base);
        let standIns = 0;
        const sink: OutputSink = hashing(
          {
            write: (file, content) => segment.write(file, content),
            writeComposed: (file: string, composed: Composed) => {
              standIns += composed.records.filter((r) => r instanceof StoredRecord).length;
              segment.writeComposed(file, composed);
            },
            commit: () => segment.commit(),
            recordsDone: () => segment.recordsDone(),
            stored: (ord) => segment.stored(ord),
          },
          hash,
        );
        if (def.kind === 'document') throw new Error('the lineups are a collection');
        const { count } = writeCollection(db, def, sink, providers, () => {}, budget);
        sink.commit();
        const files = ['data', 'index', 'blocks'].map((ext) => readFileSync(`${base}.${ext}`));
        return { count, hash: hash.hex(), files, standIns };
      };
      const memory = write('memory', Infinity);
      const disk = write('disk', 0);
      expect(memory.count).toBeGreaterThan(1000);
      expect(memory.standIns).toBe(0);
      // Each record but those met first is passed by its position, in every file that names it.
      expect(disk.standIns).toBeGreaterThan(memory.count);
      expect(disk.hash).toBe(memory.hash);
      expect(disk.files).toEqual(memory.files);
    } finally {
      db.close();
    }
  });
});
