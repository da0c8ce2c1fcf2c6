import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assembleArchive } from '../../../../build/archive/assemble.ts';
import {
  discardArchive,
  publishArchive,
  stageArchive,
  stagedWriter,
} from '../../../../build/archive/publish.ts';
import { SegmentSink } from '../../../../build/output/archive-sink.ts';
import { openLocalArchive } from '../../../../contract/node/archive-file.ts';
import {
  composedBytes,
  Envelope,
  Pieces,
  StoredRecord,
  type Composed,
  type RecordBytes,
} from '../../../../build/output/composed.ts';
import { BLOCK_MAX } from '../../../../build/output/block-ends.ts';
import {
  BLOCK_HEADER_SIZE,
  blockRecords,
  HEAD_CODE,
  HEADER_SIZE,
  LEAF_HEADER_SIZE,
  pieceEntries,
  readLeafDirectory,
  ROOT_ENTRY_SIZE,
} from '../../../../contract/archive-format.ts';
import { brotliDecompressSync } from 'node:zlib';

/**
 * A layout that knows where its records are hands a segment a composed file rather than bytes:
 * the segment must store exactly what it stores when it finds the records in the file's bytes.
 * The segments are then assembled into an archive, its leaves on several threads: the archive
 * must be the same bytes on any number of threads, and every file must read back through it.
 */

const root = mkdtempSync(join(tmpdir(), 'football-segment-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const encoder = new TextEncoder();
const json = (value: unknown) => encoder.encode(JSON.stringify(value));
const credit = encoder.encode(
  '{"html":"","logo":"","source":{"name":"Fjelstul","url":"/"},"text":"","url":"/"}',
);
const goals = { path: '/v1/goals', query: '', records: 2, total: 3, totals: 'camel' } as const;
const goal = (id: number) =>
  json({ id, player: 'Müller', minute: 90 + id, uri: `/v1/goals/${id}` });
/** An envelope: a page of `goals` numbered `page`, or a record's file. */
const envelope = (page: number | null, records: Uint8Array[]) =>
  new Envelope(
    { attribution: credit, page: page === null ? null : { collection: goals, page } },
    records,
  );

/** A bucket of `entries`, made as the layouts make one: each a value of its key. */
function bucket(entries: [string, (pieces: Pieces) => void][]): Pieces {
  const pieces = new Pieces();
  entries.forEach(([key, fill], i) => {
    pieces.text(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`);
    fill(pieces);
  });
  pieces.text(entries.length === 0 ? '{}' : '}');
  return pieces;
}
const source = json({ name: 'Fjelstul', url: 'https://example.org/worldcup' });
/** A record bucket's entry: the record and its credits. */
const recordEntry =
  (record: Uint8Array, credits = source) =>
  (pieces: Pieces) => {
    pieces.text('{"record":');
    pieces.record(record);
    pieces.text(',"source":');
    pieces.record(credits);
    pieces.text('}');
  };
/** A field bucket's entry: its credits, its records and, when asked, each one's providers. */
const groupEntry = (records: Uint8Array[], sources?: string[]) => (pieces: Pieces) => {
  pieces.text('{"source":');
  pieces.record(source);
  pieces.text(',"result":[');
  records.forEach((record, i) => {
    if (i > 0) pieces.text(',');
    pieces.record(record);
  });
  pieces.text(sources ? `],"sources":${JSON.stringify(sources)}}` : ']}');
};

const files: [string, Composed][] = [
  ['v1/goals/index.json', envelope(1, [goal(1), goal(2)])],
  ['v1/goals/1.json', envelope(null, [goal(1)])],
  ['v1/goals/_page/2.json', envelope(2, [goal(3)])],
  // No record: the whole file is one.
  ['v1/empty/index.json', envelope(null, [])],
  // An element too small to be a record stays in the file's literals.
  ['v1/small/index.json', envelope(null, [goal(4), json({ id: 5 })])],
  ['v1/pairs/index.json', envelope(null, [json([1, 'an array long enough to be a record'])])],
  [
    'v1/goals/_b/0.json',
    bucket([
      ['1', recordEntry(goal(1))],
      ['2', recordEntry(goal(2))],
    ]),
  ],
  // Reference data credits no one (`{}`): too small to be a record, as a record of `{"id":5}`.
  ['v1/areas/_b/0.json', bucket([['5', recordEntry(json({ id: 5 }), json({}))]])],
  [
    'v1/goals/_g/match/0.json',
    bucket([
      ['10', groupEntry([goal(1), goal(2)])],
      ['11', groupEntry([goal(3), json({ id: 6 })], ['fjelstul', 'wyscout'])],
    ]),
  ],
  ['v1/goals/_g/match/1.json', bucket([])],
];

/** The three files of a segment written by `fill`. */
function segment(name: string, fill: (sink: SegmentSink) => void): Buffer[] {
  const base = join(root, name);
  const sink = new SegmentSink(base);
  fill(sink);
  sink.commit();
  return ['data', 'index', 'blocks'].map((ext) => readFileSync(`${base}.${ext}`));
}

describe('SegmentSink.writeComposed', () => {
  it('stores what writing the same bytes stores, heads and records placed alike', () => {
    const given = segment('composed', (sink) => {
      for (const [file, composed] of files) sink.writeComposed(file, composed);
    });
    const found = segment('bytes', (sink) => {
      for (const [file, composed] of files) sink.write(file, composedBytes(composed));
    });
    expect(given).toEqual(found);
    // The segment is not empty, and its pages' heads are ones the reader makes.
    const [data, index] = given;
    expect(data!.length).toBeGreaterThan(0);
    expect(index!.includes(Buffer.from('v1/goals/_page/2.json'))).toBe(true);
    expect(index!.includes(Buffer.from(credit))).toBe(true);
    expect(index!.includes(Buffer.from([HEAD_CODE]))).toBe(true);
  });

  it('counts a composed file as the bytes it stands for', () => {
    const sink = new SegmentSink(join(root, 'counted'));
    for (const [file, composed] of files) sink.writeComposed(file, composed);
    sink.commit();
    const bytes = files.reduce((n, [, composed]) => n + composedBytes(composed).length, 0);
    expect({ files: sink.files, bytes: sink.bytes }).toEqual({ files: files.length, bytes });
  });

  it('makes the bytes of a bucket as JSON.stringify does', () => {
    const [, made] = files.find(([file]) => file === 'v1/goals/_g/match/0.json')!;
    const parsed = JSON.parse(composedBytes(made).toString()) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['10', '11']);
    expect(composedBytes(made).toString()).toBe(JSON.stringify(parsed));
  });
});

describe('SegmentSink.holds', () => {
  /**
   * A collection's records by position, as the layouts write them: a page of three, then each
   * one's file and a bucket of two, the records given as `record` gives them.
   */
  const collection = (sink: SegmentSink, record: (ord: number) => RecordBytes) => {
    const page = (ords: number[]) =>
      new Envelope(
        { attribution: credit, page: { collection: goals, page: 1 } },
        ords.map(record),
        ords,
      );
    sink.writeComposed('v1/goals/index.json', page([0, 1, 2]));
    for (const ord of [0, 1, 2])
      sink.writeComposed(
        `v1/goals/${ord + 1}.json`,
        new Envelope({ attribution: credit, page: null }, [record(ord)], [ord]),
      );
    const pieces = new Pieces();
    pieces.text('{"1":{"record":');
    pieces.record(record(0), 0);
    pieces.text('},"3":{"record":');
    pieces.record(record(2), 2);
    pieces.text('}}');
    sink.writeComposed('v1/goals/_b/0.json', pieces);
  };
  const bytes = (ord: number) => goal(ord + 1);

  it('names a record it stored by position: given as stored, the segment is the same', () => {
    let before: boolean[] = [];
    let after: boolean[] = [];
    let counts = {};
    const stored = segment('stored', (sink) => {
      before = [0, 1, 2].map((ord) => sink.holds(ord));
      collection(sink, (ord) =>
        sink.holds(ord) ? new StoredRecord(bytes(ord).length) : bytes(ord),
      );
      after = [0, 1, 2, 3].map((ord) => sink.holds(ord));
      counts = { files: sink.files, bytes: sink.bytes };
    });
    const given = segment('given', (sink) => {
      collection(sink, bytes);
      expect({ files: sink.files, bytes: sink.bytes }).toEqual(counts);
    });
    expect(stored).toEqual(given);
    expect(before).toEqual([false, false, false]);
    expect(after).toEqual([true, true, true, false]);
  });

  it('forgets them once the collection is written, and refuses a record it does not hold', () => {
    const sink = new SegmentSink(join(root, 'forgets'));
    try {
      collection(sink, bytes);
      sink.recordsDone();
      expect(sink.holds(0)).toBe(false);
      const page = new Envelope({ attribution: credit, page: null }, [new StoredRecord(60)], [0]);
      expect(() => sink.writeComposed('v1/goals/again.json', page)).toThrow(/holds/);
    } finally {
      sink.commit();
    }
  });
});

describe('SegmentSink blocks', () => {
  it('hold each record as it was given, of any size, over many blocks', () => {
    // Small records over several blocks, and records up to and past a block's most bytes.
    const sizes = [...Array.from({ length: 3000 }, (_, i) => 40 + (i % 300)), 40_000, 100_000];
    sizes.push(BLOCK_MAX + 1000, 3000, BLOCK_MAX - 100, 200_000, 500);
    const records = sizes.map((n, i) => json({ id: i, text: 'x'.repeat(n), uri: `/v1/t/${i}` }));
    const [data, , lines] = segment('sizes', (sink) =>
      records.forEach((record, i) =>
        sink.writeComposed(`v1/t/${i}.json`, envelope(null, [record])),
      ),
    );
    const stored: string[] = [];
    for (let at = 0; at < lines!.length; at += 16) {
      const offset = lines!.readUInt32LE(at) + lines!.readUInt32LE(at + 4) * 2 ** 32;
      const block = data!.subarray(
        offset + BLOCK_HEADER_SIZE,
        offset + lines!.readUInt32LE(at + 8),
      );
      const held = blockRecords(brotliDecompressSync(block));
      for (let i = 0; i < held.count; i++) stored.push(Buffer.from(held.record(i)!).toString());
    }
    expect(lines!.length / 16).toBeGreaterThan(10);
    expect(stored).toEqual(records.map((record) => Buffer.from(record).toString()));
  });
});

/** Files of pages, records and other groups, in two segments, as a build's tasks write them. */
const assembledFiles = new Map<string, string>();
for (let i = 0; i < 3000; i++) {
  const record = { id: i, name: `Player ${i}`, uri: `/v1/players/${i}` };
  assembledFiles.set(`v1/players/${i}.json`, JSON.stringify({ meta: {}, result: [record] }));
  assembledFiles.set(
    `v1/matches/_by/team/${i % 97}/_page/${i}.json`,
    JSON.stringify({ result: [record] }),
  );
}

/** Writes `assembledFiles` into two segments in `scratch`; their paths without extension. */
function twoSegments(scratch: string): string[] {
  const bases = [join(scratch, '0'), join(scratch, '1')];
  const sinks = bases.map((base) => new SegmentSink(base));
  [...assembledFiles].forEach(([file, text], i) => sinks[i % 2]!.write(file, Buffer.from(text)));
  for (const sink of sinks) sink.commit();
  return bases;
}

/** Assembles `assembledFiles` into an archive `name`, its leaves on `threads` threads. */
async function assembled(name: string, threads: number): Promise<string> {
  const file = join(root, name);
  const staging = stageArchive(file);
  try {
    await assembleArchive(twoSegments(staging.scratch), stagedWriter(staging), {
      threads,
      filesPerThread: 1000,
    });
    // The runs' scratch files are gone once the archive is written.
    expect(readdirSync(staging.scratch).filter((f) => f.startsWith('.leaves'))).toEqual([]);
    publishArchive(staging);
  } finally {
    discardArchive(staging);
  }
  return file;
}

describe('the leaves of the index, written on several threads', () => {
  it('make the archive one thread makes, byte for byte, and read back every file', async () => {
    const one = await assembled('one.archive', 1);
    for (const threads of [2, 4]) {
      const many = await assembled(`threads-${threads}.archive`, threads);
      expect(readFileSync(many).equals(readFileSync(one))).toBe(true);
    }
    const { reader, close } = await openLocalArchive(await assembled('read.archive', 4));
    try {
      expect(reader.header.files).toBe(assembledFiles.size);
      for (const [file, text] of assembledFiles)
        expect(Buffer.from((await reader.read(file))!).toString()).toBe(text);
    } finally {
      await close();
    }
  });
});

/**
 * Each file's name and template bytes as the archive's leaves store them, its blocks named by
 * their segment and their offset in it (docs/archive.md#leaves).
 */
function storedTemplates(file: string): Map<string, Buffer> {
  const bytes = readFileSync(file);
  const out = new Map<string, Buffer>();
  for (let leaf = 0; leaf < 2 ** bytes.readUInt32LE(12); leaf++) {
    const at = HEADER_SIZE + leaf * ROOT_ENTRY_SIZE;
    const [start, files] = [bytes.readUInt32LE(at), bytes.readUInt32LE(at + 12)];
    if (files === 0) continue;
    const first = start + LEAF_HEADER_SIZE + bytes.readUInt32LE(start);
    const stored = brotliDecompressSync(bytes.subarray(start + LEAF_HEADER_SIZE, first));
    const end = start + bytes.readUInt32LE(at + 4);
    for (const piece of readLeafDirectory(stored, files, first, end).pieces) {
      const raw = brotliDecompressSync(bytes.subarray(piece.at, piece.at + piece.length));
      for (const entry of pieceEntries(raw)) {
        const name = Buffer.from(entry.take(entry.read())).toString();
        out.set(name, Buffer.from(entry.bytes.subarray(entry.at)));
      }
    }
  }
  return out;
}

describe('the blocks a template names', () => {
  it("are named in their segment: another's blocks changing leaves its templates", async () => {
    // Records that compress little, so that the first segment's blocks grow with them.
    const player = (id: number) => ({
      id,
      name: createHash('sha256').update(`${id}`).digest('hex'),
    });
    const team = (id: number) => ({ id, name: `Team ${id}` });
    /** An archive of a first segment of `players` records, then one of teams. */
    const build = async (name: string, players: number) => {
      const file = join(root, name);
      const staging = stageArchive(file);
      try {
        const bases = ['players', 'teams'].map((s) => join(staging.scratch, s));
        const [first, second] = bases.map((base) => new SegmentSink(base));
        for (let i = 0; i < players; i++)
          first!.write(`v1/players/${i}.json`, Buffer.from(json({ result: [player(i)] })));
        for (let i = 0; i < 500; i++)
          second!.write(`v1/teams/${i}.json`, Buffer.from(json({ result: [team(i)] })));
        first!.commit();
        second!.commit();
        await assembleArchive(bases, stagedWriter(staging));
        publishArchive(staging);
      } finally {
        discardArchive(staging);
      }
      return file;
    };
    const [before, after] = [await build('fewer.archive', 2000), await build('more.archive', 4000)];
    const [a, b] = [storedTemplates(before), storedTemplates(after)];
    const teams = [...b.keys()].filter((name) => name.startsWith('v1/teams/'));
    expect(teams).toHaveLength(500);
    for (const name of teams) expect(b.get(name)!.equals(a.get(name)!), name).toBe(true);
    // The teams' blocks moved: they lie after twice as many players' records.
    const data = (file: string) => statSync(file).size - readFileSync(file).readUInt32LE(24);
    expect(data(after)).toBeGreaterThan(data(before) + 50_000);
    for (const file of [before, after]) {
      const { reader, close } = await openLocalArchive(file);
      try {
        const read = async (path: string) =>
          JSON.parse(Buffer.from((await reader.read(path))!).toString());
        expect(await read('v1/teams/499.json')).toEqual({ result: [team(499)] });
        expect(await read('v1/players/1999.json')).toEqual({ result: [player(1999)] });
      } finally {
        await close();
      }
    }
  });
});
