import { describe, expect, it } from 'vitest';
import { Envelope, Pieces, StoredRecord } from '../../../../build/output/composed.ts';
import { hashing, SetHash } from '../../../../build/output/set-hash.ts';
import type { OutputSink } from '../../../../build/output/sink.ts';

/**
 * A resource's content hash (`SetHash`): the same files give the same hash in any order, and any
 * changed byte, path or record of a page changes it, though a record of the collection is hashed
 * once for every file that holds it.
 */
describe("a resource's content hash", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const attribution = bytes('{"source":["A"]}');
  /** Records at positions 0 to 3 of the collection. */
  const records = ['{"id":"a","n":1}', '{"id":"b","n":2}', '{"id":"c","n":3}', '{"id":"d"}'];

  /** The files of a small collection: a record's file each, two pages, a bucket, a plain file. */
  type File = { path: string; add: (hash: SetHash, path: string) => void };
  const files = (held = records, credit = attribution): File[] => {
    const page = (ords: number[]) =>
      new Envelope(
        { attribution: credit, page: null },
        ords.map((o) => bytes(held[o]!)),
        ords,
      );
    const composed = (path: string, file: Envelope | Pieces): File => ({
      path,
      add: (hash, as) => hash.addComposed(as, file),
    });
    const bucket = bucketOf(held[3]!, '{"source":"a provider of the bucket"}');
    return [
      ...held.map((_, o) => composed(`r/${o}.json`, page([o]))),
      composed('r/index.json', page([0, 1])),
      composed('r/_page/2.json', page([2, 3])),
      composed('r/_bucket/0.json', bucket),
      { path: 'r/_options.json', add: (hash, as) => hash.add(as, bytes('{"o":1}')) },
    ];
  };
  /** A bucket of the record at position 3, and credits: a record of no position, hashed whole. */
  const bucketOf = (record: string, credit: string) => {
    const bucket = new Pieces();
    bucket.text('{"b":');
    bucket.record(bytes(record), 3);
    bucket.text(',"credit":');
    bucket.record(bytes(credit));
    bucket.text('}');
    return bucket;
  };
  const hashOf = (list: File[]) => {
    const hash = new SetHash();
    for (const file of list) file.add(hash, file.path);
    return hash.hex();
  };

  it('hashes a record it holds the same given as stored; its sink must hold it too', () => {
    const page = (ords: number[], stored: boolean) =>
      new Envelope(
        { attribution, page: null },
        ords.map((o) =>
          stored ? new StoredRecord(bytes(records[o]!).length) : bytes(records[o]!),
        ),
        ords,
      );
    const given = new SetHash();
    given.addComposed('r/index.json', page([0, 1], false));
    given.addComposed('r/0.json', page([0], false));
    const stored = new SetHash();
    stored.addComposed('r/index.json', page([0, 1], false));
    expect([0, 1, 2].map((o) => stored.holds(o))).toEqual([true, true, false]);
    stored.addComposed('r/0.json', page([0], true));
    expect(stored.hex()).toBe(given.hex());
    // Through `hashing`, a record is held when both the hash and the sink hold it.
    const sink = { holds: (ord: number) => ord !== 1 } as OutputSink;
    const through = hashing(sink, stored);
    expect([0, 1, 2].map((o) => through.holds(o))).toEqual([true, false, false]);
    expect(() => new SetHash().addComposed('r/1.json', page([1], true))).toThrow(/holds/);
  });

  it('does not depend on the order the files are added in', () => {
    const list = files();
    const hex = hashOf(list);
    expect(hex).toMatch(/^[0-9a-f]{32}$/);
    expect(hashOf([...list].reverse())).toBe(hex);
    expect(
      hashOf([list[5]!, list[2]!, list[7]!, ...list.slice(0, 2), list[6]!, list[3]!, list[4]!]),
    ).toBe(hex);
  });

  it('changes with any byte of a record, of a literal, of a plain file, or a path', () => {
    const hex = hashOf(files());
    const changed = [...records];
    changed[2] = '{"id":"c","n":4}';
    expect(hashOf(files(changed))).not.toBe(hex);
    expect(hashOf(files(records, bytes('{"source":["B"]}')))).not.toBe(hex);
    const list = files();
    const plain = list.map((f) =>
      f.path === 'r/_options.json'
        ? { ...f, add: (hash: SetHash, as: string) => hash.add(as, bytes('{"o":2}')) }
        : f,
    );
    expect(hashOf(plain)).not.toBe(hex);
    const renamed = list.map((f) =>
      f.path === 'r/_page/2.json' ? { ...f, path: 'r/_page/3.json' } : f,
    );
    expect(hashOf(renamed)).not.toBe(hex);
  });

  it("changes with a page's records: which, and in what order", () => {
    const hex = hashOf(files());
    const page = (ords: number[]) => ({
      path: 'r/index.json',
      add: (hash: SetHash, as: string) =>
        hash.addComposed(
          as,
          new Envelope(
            { attribution, page: null },
            ords.map((o) => bytes(records[o]!)),
            ords,
          ),
        ),
    });
    const withPage = (ords: number[]) =>
      files().map((f) => (f.path === 'r/index.json' ? page(ords) : f));
    expect(hashOf(withPage([0, 1]))).toBe(hex);
    expect(hashOf(withPage([1, 0]))).not.toBe(hex);
    expect(hashOf(withPage([0, 2]))).not.toBe(hex);
    expect(hashOf(withPage([0]))).not.toBe(hex);
  });

  it("changes with the bytes of a bucket's record of no position", () => {
    const hex = hashOf(files());
    const bucket = bucketOf(records[3]!, '{"source":"another provider of it"}');
    const list = files().map((f) =>
      f.path === 'r/_bucket/0.json'
        ? { ...f, add: (hash: SetHash, as: string) => hash.addComposed(as, bucket) }
        : f,
    );
    expect(hashOf(list)).not.toBe(hex);
  });
});
