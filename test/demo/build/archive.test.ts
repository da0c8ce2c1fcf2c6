import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { assembleArchive } from '../../../build/archive/assemble.ts';
import { SegmentSink } from '../../../build/output/archive-sink.ts';
import { packTree } from '../../../build/archive/pack.ts';
import {
  discardArchive,
  publishArchive,
  stageArchive,
  stagedWriter,
} from '../../../build/archive/publish.ts';
import { openDatabase } from '../../../data/db.ts';
import { LICENCES_FILE } from '../../../build/write/licences.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { DuplicateOutputError } from '../../../build/output/sink.ts';
import { unpack } from '../../../build/archive/unpack.ts';
import {
  FIRST_READ,
  FORMAT_VERSION,
  HEADER_SIZE,
  fileKey,
  groupOf,
  leafOf,
  pathKey,
  readOpening,
  readTemplate,
  ROOT_ENTRY_SIZE,
  type Template,
} from '../../../contract/archive-format.ts';
import { Varint } from '../../../contract/bytes.ts';
import { readLeafHeads } from '../../../contract/page-head.ts';
import { ArchiveError, ArchiveReader } from '../../../contract/archive-reader.ts';
import { MANIFEST_FILE } from '../../../contract/manifest.ts';
import {
  fileRangeSource,
  NODE_CODEC,
  openLocalArchive,
} from '../../../contract/node/archive-file.ts';
import { createArchiveHandler } from '../../../server/core/archive-handler.ts';
import { createArchiveServer } from '../../../server/adapters/node.ts';
import { call, demo, handlerFor } from '../../helpers/http/api.ts';
import { otherDatabase } from '../../helpers/data/db.ts';
import { expectBuildDiskFull } from '../../helpers/programs/disk-full.ts';
import { runBuild } from '../../helpers/programs/build-cli.ts';
import { loadUntilStopped } from '../../helpers/http/load.ts';
import { treeDigest } from '../../helpers/programs/tree.ts';

/**
 * The one-file API: the archive the build writes holds the tree byte for byte, each record
 * stored once, found with few range reads, refused with a clear error when damaged, and
 * published atomically. The behaviour suite runs against its server in `adapters.test.ts`.
 */

const { root, db, dist, archive } = demo();
const digest = treeDigest(dist);

/** A copy of the archive with one byte changed. */
function flipped(name: string, at: number): string {
  const copy = join(root, name);
  const bytes = readFileSync(archive);
  bytes[at] = bytes[at]! ^ 0xff;
  writeFileSync(copy, bytes);
  return copy;
}

/**
 * Where a file's leaf of the index and its first record's block start in the archive, what a
 * reader holds of the leaf (its stored bytes and its directory decompressed) and what the file's
 * blocks decompress to.
 */
function offsetsOf(path: string): {
  leaf: number;
  block: number;
  leafSize: number;
  blockSizes: number[];
} {
  const bytes = readFileSync(archive);
  const bits = bytes.readUInt32LE(12);
  const key = fileKey(path);
  const at = HEADER_SIZE + leafOf(key, bits) * ROOT_ENTRY_SIZE;
  const leafStart = bytes.readUInt32LE(at);
  const leafEnd = leafStart + bytes.readUInt32LE(at + 4);
  // The leaf: its directory's stored length, its directory, then its pieces.
  const first = leafStart + 4 + bytes.readUInt32LE(leafStart);
  const directory = brotliDecompressSync(bytes.subarray(leafStart + 4, first));
  const files = bytes.readUInt32LE(at + 12);
  const tables = new Varint(directory, files * 8);
  const perPiece = tables.read();
  const heads = readLeafHeads(tables);
  let pieceAt = first;
  for (let p = 0; p < Math.ceil(files / perPiece); p++) {
    const piece = brotliDecompressSync(bytes.subarray(pieceAt, (pieceAt += tables.read())));
    expect(piece.length).toBe(tables.read());
    for (const in_ = new Varint(piece); in_.at < piece.length;) {
      const entry = new Varint(in_.take(in_.read()));
      if (Buffer.from(entry.take(entry.read())).toString() !== path) continue;
      const dataStart = bytes.readUInt32LE(24);
      const opening = bytes.subarray(
        bytes.readUInt32LE(44),
        bytes.readUInt32LE(44) + bytes.readUInt32LE(48),
      );
      const { segments } = readOpening(brotliDecompressSync(opening), bytes.length - dataStart);
      const { blocks } = readTemplate(entry, heads, segments);
      return {
        leaf: leafStart,
        block: dataStart + blocks[0]!.offset,
        leafSize: leafEnd - leafStart + directory.length,
        blockSizes: blocks.map((b) => b.size),
      };
    }
  }
  expect(pieceAt).toBe(leafEnd);
  throw new Error(`${path} is not in the archive`);
}

describe('the archive format', () => {
  it('keys paths with the 64-bit FNV-1a hash of their UTF-8 bytes (published test vectors)', () => {
    const hex = (path: string) => {
      const { hi, lo } = pathKey(path);
      return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
    };
    expect(hex('')).toBe('cbf29ce484222325');
    expect(hex('a')).toBe('af63dc4c8601ec8c');
    expect(hex('foobar')).toBe('85944171f73967e8');
  });

  it("spreads the demo's groups of files evenly over the leaves of the index", () => {
    const bits = 5;
    const counts = new Array<number>(2 ** bits).fill(0);
    // One file of each group, which all its files' leaf: groups whose names differ only in
    // their last byte (`_page#0`, `_page#1`) too.
    const groups = new Map<string, string>();
    for (const name of digest.keys())
      if (!groups.has(groupOf(name))) groups.set(groupOf(name), name);
    for (const name of groups.values()) counts[leafOf(fileKey(name), bits)]!++;
    // About 360 groups a leaf: a fair hash keeps each within 20% (over 3 standard deviations).
    const mean = groups.size / counts.length;
    expect(Math.max(...counts)).toBeLessThan(mean * 1.2);
    expect(Math.min(...counts)).toBeGreaterThan(mean * 0.8);
  });

  it("keeps a collection's pages with its first page, by runs of 256, in one leaf", () => {
    const dir = 'v1/national/events/touches/_by/match/3355c45a95295b57b25ad1dfe3d5fed2';
    const leaf = (path: string) => leafOf(fileKey(path), 12);
    for (const page of [2, 17, 255]) {
      expect(groupOf(`${dir}/_page/${page}.json`)).toBe(groupOf(`${dir}/index.json`));
      expect(fileKey(`${dir}/_page/${page}.json`).lo).not.toBe(fileKey(`${dir}/index.json`).lo);
      expect(leaf(`${dir}/_page/${page}.json`)).toBe(leaf(`${dir}/index.json`));
    }
    expect(groupOf(`${dir}/_page/256.json`)).toBe(groupOf(`${dir}/_page/511.json`));
    expect(groupOf(`${dir}/_page/256.json`)).not.toBe(groupOf(`${dir}/_page/255.json`));
    // Other collections' pages likewise.
    expect(groupOf('v1/persons/_page/255.json')).toBe(groupOf('v1/persons/index.json'));
    expect(groupOf('v1/persons/_page/256.json')).not.toBe(groupOf('v1/persons/index.json'));
  });

  it('keeps the files of one value together: its filter collections and records', () => {
    const match = '3355c45a95295b57b25ad1dfe3d5fed2';
    const group = groupOf(`v1/national/matches/info/${match}.json`);
    for (const path of [
      `v1/national/events/touches/_by/match/${match}/index.json`,
      `v1/national/events/actions/_by/match/${match}/_page/63.json`,
      `v1/national/matches/lineups/_by/match/${match}/_page/2.json`,
      `v1/analytics/match/segments/${match}.json`,
    ])
      expect(groupOf(path), path).toBe(group);
    const by = `v1/national/events/touches/_by/match/${match}`;
    expect(groupOf(`${by}/_page/256.json`)).not.toBe(group);
    expect(groupOf(`v1/national/matches/info/${match.replace('3', '4')}.json`)).not.toBe(group);
  });

  it('keeps the files of a query index together, any field, and numbered files by folder', () => {
    const q = 'v1/national/events/touches/_q';
    const group = groupOf(`${q}/p/match/0.bin`);
    for (const path of [`${q}/p/action_type/255.bin`, `${q}/k/match.json`, `${q}/r/minute/3.bin`])
      expect(groupOf(path), path).toBe(group);
    expect(groupOf(`${q}/o/minute/256.bin`)).not.toBe(group);
    expect(groupOf('v1/national/events/actions/_q/p/match/0.bin')).not.toBe(group);
    expect(groupOf('v1/persons/12.json')).toBe(groupOf('v1/persons/200.json'));
    expect(groupOf('v1/persons/12.json')).not.toBe(groupOf('v1/persons/256.json'));
    // Other JSON files by name, with the value of that name; any other file alone.
    expect(groupOf('v1/persons/_options.json')).toBe(groupOf('v1/teams/_options.json'));
    expect(groupOf('v1/persons/_by/team/ab12/index.json')).toBe(groupOf('v1/teams/ab12.json'));
    expect(groupOf(`v1/persons/_page/${'1'.repeat(16)}.json`)).toBe(`@${'1'.repeat(16)}#0`);
    expect(groupOf('LICENSES.md')).toBe('LICENSES.md');
    expect(groupOf('openapi.json')).toBe('openapi.json');
    expect(groupOf('explorer/explorer.js')).toBe('explorer/explorer.js');
  });
});

/**
 * The demo archive opened with its reads counted: those of leaves of the index, and those of
 * blocks (from `dataStart` on). `open` opens a reader with the budgets given.
 */
async function countedArchive() {
  const file = await fileRangeSource(archive);
  const reads = { leaves: 0, blocks: 0 };
  let dataStart = Infinity;
  const source = {
    length: file.length,
    read: (offset: number, length: number) => {
      if (offset >= dataStart) reads.blocks++;
      else if (offset >= HEADER_SIZE) reads.leaves++;
      return file.read(offset, length);
    },
  };
  const open = async (indexBytes: number, blockBytes?: number) => {
    const reader = await ArchiveReader.open(source, NODE_CODEC, indexBytes, undefined, blockBytes);
    dataStart = reader.header.dataStart;
    return reader;
  };
  return { reads, open, close: () => file.close() };
}

describe('the archive', () => {
  it('is not a ZIP file: it starts with its own header, which `unzip` does not read', () => {
    const head = readFileSync(archive).subarray(0, 12);
    expect(head.toString('latin1', 0, 8)).toBe('FSAPIARC');
    expect(head.readUInt32LE(8)).toBe(FORMAT_VERSION);
    expect(head.readUInt32LE(0)).not.toBe(0x04034b50);
  });

  it('stores a record once, however many files hold it', async () => {
    const tree = join(root, 'one-record');
    mkdirSync(join(tree, 'v1/things/_page'), { recursive: true });
    writeFileSync(join(tree, MANIFEST_FILE), JSON.stringify({ encodings: [] }));
    // A record that does not compress, in its record file and 40 pages.
    const record = JSON.stringify({ id: 'x', noise: randomBytes(48 * 1024).toString('base64') });
    writeFileSync(join(tree, 'v1/things/x.json'), `{"meta":{},"result":[${record}]}`);
    for (let page = 1; page <= 40; page++)
      writeFileSync(
        join(tree, `v1/things/_page/${page}.json`),
        `{"meta":{"page":${page}},"result":[{"id":"y${page}","n":${page},"pad":"${'-'.repeat(40)}"},${record}]}`,
      );
    const file = join(root, 'one-record.archive');
    await packTree(tree, file);
    // Once is 64 KB of base64; twice would be 128 KB.
    expect(statSync(file).size).toBeLessThan(1.3 * record.length);
  });

  it('holds the licences and credits of every source, served at /LICENSES.md', async () => {
    const { reader, close } = await openLocalArchive(archive);
    try {
      const text = Buffer.from((await reader.read(LICENCES_FILE))!).toString('utf8');
      expect(text).toContain('## Demo data (fictional)');
      expect(text).toContain('- Licence: CC0 1.0');
      expect(text).toBe(readFileSync(join(dist, LICENCES_FILE), 'utf8'));
    } finally {
      await close();
    }
  });

  it('gives every file of the tree through the reader, at most 3 reads cold and 1 warm', async () => {
    const source = await fileRangeSource(archive);
    try {
      const reader = await ArchiveReader.open(source, NODE_CODEC);
      expect(source.reads).toBe(1);
      expect(reader.header.files).toBe(digest.size);
      // Cold: the header and root were read on opening; one leaf, then the file's blocks.
      const cold = source.reads;
      const page = await reader.read('v1/persons/index.json');
      expect(source.reads - cold).toBeLessThanOrEqual(3);
      // Warm: its leaf and blocks are kept.
      const warm = source.reads;
      await reader.read('v1/persons/index.json');
      expect(source.reads - warm).toBeLessThanOrEqual(1);
      for (const [name, sha] of digest) {
        const bytes = await reader.read(name);
        expect(createHash('sha1').update(bytes!).digest('hex'), name).toBe(sha);
      }
      expect(Buffer.from(page!)).toEqual(readFileSync(join(dist, 'v1/persons/index.json')));
      expect(await reader.read('v1/persons/nobody.json')).toBeNull();
    } finally {
      await source.close();
    }
  });

  it("shares a leaf's read under way within a scope (a Worker's request), never across", async () => {
    // Workers cancels a request that waits on I/O another request began, as hung.
    const requests = new AsyncLocalStorage<object | undefined>();
    const readsOf = async (scopes: (object | undefined)[]) => {
      const source = await fileRangeSource(archive);
      try {
        const reader = await ArchiveReader.open(source, NODE_CODEC, undefined, () =>
          requests.getStore(),
        );
        const opened = source.reads;
        const file = 'v1/persons/index.json';
        await Promise.all(scopes.map((scope) => requests.run(scope, () => reader.read(file))));
        return source.reads - opened;
      } finally {
        await source.close();
      }
    };
    const [one, other] = [{}, {}];
    // One leaf, then the file's blocks, for one request.
    const alone = await readsOf([one]);
    expect(alone).toBeGreaterThanOrEqual(2);
    expect(await readsOf([one, one])).toBe(alone);
    expect(await readsOf([one, other])).toBe(2 * alone);
    // With no scope, every caller shares it (the Node server, the browser's client).
    expect(await readsOf([undefined, undefined])).toBe(alone);
  });

  it('opens with one read, which holds the manifest: its router reads nothing more', async () => {
    const source = await fileRangeSource(archive);
    try {
      const reader = await ArchiveReader.open(source, NODE_CODEC);
      await createArchiveHandler(reader);
      expect(source.reads).toBe(1);
      const { offset, length } = reader.header.opening;
      expect(offset + length).toBeLessThanOrEqual(FIRST_READ);
      expect(await reader.read(MANIFEST_FILE)).toEqual(readFileSync(join(dist, MANIFEST_FILE)));
      expect(source.reads).toBe(1);
    } finally {
      await source.close();
    }
  });

  it('reads a manifest that ends past its first bytes with one more read on opening', async () => {
    const tree = join(root, 'large-manifest');
    mkdirSync(join(tree, 'v1'), { recursive: true });
    // Bytes that do not compress, so that its record outgrows the first read.
    const padding = randomBytes(96 * 1024).toString('base64');
    writeFileSync(join(tree, MANIFEST_FILE), JSON.stringify({ encodings: [], padding }));
    writeFileSync(join(tree, 'v1/index.json'), '{"result":[]}');
    const file = join(root, 'large-manifest.archive');
    await packTree(tree, file);
    const source = await fileRangeSource(file);
    try {
      const reader = await ArchiveReader.open(source, NODE_CODEC);
      expect(reader.header.opening.length).toBeGreaterThan(FIRST_READ);
      expect(source.reads).toBe(2);
      expect(await reader.read(MANIFEST_FILE)).toEqual(readFileSync(join(tree, MANIFEST_FILE)));
      expect(source.reads).toBe(2);
      expect(Buffer.from((await reader.read('v1/index.json'))!)).toEqual(
        Buffer.from('{"result":[]}'),
      );
    } finally {
      await source.close();
    }
  });

  it('holds no opening file when it has no manifest, and reads its files as ever', async () => {
    const file = join(root, 'no-manifest.archive');
    const staging = stageArchive(file);
    try {
      const sink = new SegmentSink(join(staging.scratch, 'tree'));
      sink.write('v1/index.json', Buffer.from('{"result":[]}'));
      sink.commit();
      await assembleArchive([join(staging.scratch, 'tree')], stagedWriter(staging));
      publishArchive(staging);
    } finally {
      discardArchive(staging);
    }
    const { reader, close } = await openLocalArchive(file);
    try {
      // The opening stream holds the table of one segment and an empty path: a few bytes.
      expect(reader.header.opening.size).toBeLessThan(8);
      expect(await reader.read(MANIFEST_FILE)).toBeNull();
      expect(Buffer.from((await reader.read('v1/index.json'))!)).toEqual(
        Buffer.from('{"result":[]}'),
      );
    } finally {
      await close();
    }
  });

  it('keeps as much of its index as it is given, and reads a leaf again only past that', async () => {
    // Every eighth file, in the tree's order, so that files of one group still come one after
    // another: thousands of files, which read every leaf. The test above reads them all.
    const names = [...digest.keys()].filter((_, i) => i % 8 === 0);
    /** The reads of leaves (before the first block) a second pass over the names makes. */
    const passReads = async (indexBytes: number) => {
      const { reads, open, close } = await countedArchive();
      try {
        const reader = await open(indexBytes);
        for (const name of names) await reader.read(name);
        const before = reads.leaves;
        for (const name of names) await reader.read(name);
        return reads.leaves - before;
      } finally {
        await close();
      }
    };
    const leaves =
      2 **
      (await openLocalArchive(archive).then(async (a) => {
        await a.close();
        return a.reader.header.leafBits;
      }));
    // The whole index held: a second pass reads no leaf.
    expect(await passReads(1 << 30)).toBe(0);
    // None held: every file costs its leaf.
    expect(await passReads(0)).toBe(names.length);
    // A few leaves held: some leaves are read again.
    const some = await passReads(statSync(archive).size / leaves);
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(names.length);
  });

  it('holds a template and a record read alone apart from their leaf and block', async () => {
    const { reads, open, close } = await countedArchive();
    // A micro-event's default page: each of its records lies in its match's block.
    const page = [...digest.keys()].find((f) => /^v1\/\w+\/events\/all\/_page\/2\.json$/.test(f))!;
    // Too little memory for the page's leaf or its blocks (weighed at twice their size): what
    // is held is its template and the record alone, in a quarter of the index's budget and
    // half the blocks'.
    const budget = 24 * 1024;
    const { leafSize, blockSizes } = offsetsOf(page);
    expect(leafSize).toBeGreaterThan(budget * 0.75);
    expect(Math.min(...blockSizes) * 2).toBeGreaterThan(budget * 0.5);
    try {
      const reader = await open(budget, budget);
      const recordOf = async () => {
        const parts = (await reader.parts(page))!;
        return Buffer.from(await parts.record(3)).toString();
      };
      const first = await recordOf();
      expect(reads).toEqual({ leaves: 1, blocks: 1 });
      // The record is the page's fourth, as the whole file spells it.
      const whole = JSON.parse(readFileSync(join(dist, page), 'utf8')) as { result: unknown[] };
      expect(JSON.parse(first)).toEqual(whole.result[3]);
      expect(await recordOf()).toBe(first);
      expect(reads).toEqual({ leaves: 1, blocks: 1 });
      // Another record of the same page: its template is held, its block is read again.
      await (await reader.parts(page))!.record(4);
      expect(reads).toEqual({ leaves: 1, blocks: 2 });
      // With no memory at all, each read costs its leaf and block again.
      const none = await open(0, 0);
      await (await none.parts(page))!.record(3);
      await (await none.parts(page))!.record(3);
      expect(reads).toEqual({ leaves: 3, blocks: 4 });
    } finally {
      await close();
    }
  });

  it("holds where a page's records are apart from its template, and reads them alone", async () => {
    const { reads, open, close } = await countedArchive();
    const page = [...digest.keys()].find((f) => /^v1\/\w+\/events\/all\/_page\/2\.json$/.test(f))!;
    const whole = JSON.parse(readFileSync(join(dist, page), 'utf8')) as { result: unknown[] };
    try {
      const reader = await open(24 * 1024, 24 * 1024);
      const found = await reader.records(page);
      if (found?.kind !== 'envelope') throw new Error(`${page} is not an envelope of records`);
      expect(found.count).toBe(whole.result.length);
      expect(JSON.parse(Buffer.from(await found.record(3)).toString())).toEqual(whole.result[3]);
      expect(reads).toEqual({ leaves: 1, blocks: 1 });
      // Its leaf is not held (too large for the budget), where its records are is.
      const again = await reader.records(page);
      if (again?.kind !== 'envelope') throw new Error(`${page} is not an envelope of records`);
      await again.record(4);
      expect(reads).toEqual({ leaves: 1, blocks: 2 });
      await expect(again.record(whole.result.length)).rejects.toThrow(ArchiveError);
      // A bucket file is an object of members, no envelope; a path of no file is none.
      const bucket = [...digest.keys()].find((f) => /\/_id\/\d+\.json$/.test(f))!;
      expect(await reader.records(bucket)).toEqual({ kind: 'other' });
      expect(await reader.records('v1/no/such/file.json')).toBeNull();
    } finally {
      await close();
    }
  });

  it('is 15 times smaller than the tree at least', () => {
    const treeBytes = [...digest.keys()].reduce((n, f) => n + statSync(join(dist, f)).size, 0);
    expect(statSync(archive).size * 15).toBeLessThan(treeBytes);
  });

  it('is the same bytes from the same database, whatever the number of workers', async () => {
    const again = join(root, 'again.archive');
    await build({ db, archive: again, workers: 1 });
    expect(readFileSync(again).equals(readFileSync(archive))).toBe(true);
  });

  it('is the same bytes with every resource spooled to disk, whose stored JSON it reads once', async () => {
    const spooled = join(root, 'spooled.archive');
    await build({ db, archive: spooled, spoolBytes: 0 });
    expect(readFileSync(spooled).equals(readFileSync(archive))).toBe(true);
  });

  it('unpacks into the tree the build writes, byte for byte, published as a build', async () => {
    const out = join(root, 'unpacked');
    const result = await unpack(archive, out);
    expect(result.files).toBe(digest.size);
    expect(treeDigest(out)).toEqual(digest);
    // Unpacking again replaces the tree as a rebuild does: one published build remains.
    await unpack(archive, out);
    expect(readdirSync(join(root, '.unpacked.builds'))).toHaveLength(1);
  });
});

describe('the reads of a composed answer over the archive', () => {
  /**
   * How many rounds of reads `target` costs a router opened afresh: reads are held until the
   * router has nothing left to do but wait for them, then all answered at once, as a host answers
   * what a client asks for together.
   */
  async function rounds(
    target: string,
  ): Promise<{ rounds: number; status: number; reads: number[] }> {
    const file = await fileRangeSource(archive);
    let held: (() => void)[] | null = null;
    const source = {
      length: file.length,
      read: (offset: number, length: number) =>
        held
          ? new Promise<Uint8Array>((resolve) =>
              held!.push(() => resolve(file.read(offset, length))),
            )
          : file.read(offset, length),
    };
    try {
      const handler = await createArchiveHandler(await ArchiveReader.open(source, NODE_CODEC));
      held = [];
      let done = false;
      const answer = handler.fetch(new Request(`http://x${target}`)).finally(() => (done = true));
      let count = 0;
      const reads: number[] = [];
      while (!done) {
        // Every read of a round is in once the event loop has gone round with no new one: the
        // local reads answer within a turn, and nothing waits on a timer.
        for (let quiet = 0, asked = -1; quiet < 20;) {
          quiet = asked === held.length ? quiet + 1 : 0;
          asked = held.length;
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (held.length === 0) continue;
        count++;
        reads.push(held.length);
        for (const release of held.splice(0)) release();
      }
      return { rounds: count, status: (await answer).status, reads };
    } finally {
      await file.close();
    }
  }

  it("looks up where its records' pages are while it reads its filters' lists", async () => {
    const shots = '/v1/clubs/events/actions?modifier_category=Shot%20Outcome';
    const [shot] = (await call(handlerFor(dist), shots)).json.result;
    // The two filters' lists (a leaf, then the file; beside them, the leaf of the match's
    // actions), then the pages that hold the records: three rounds, not four.
    expect(await rounds(`${shots}&match=${shot.match}`)).toMatchObject({
      rounds: 3,
      status: 200,
    });
  });

  it('reads a record, a default page or the first page of a match in 3 reads at most, cold', async () => {
    const match = '3355c45a95295b57b25ad1dfe3d5fed2';
    const [person] = (await call(handlerFor(dist), '/v1/persons')).json.result;
    for (const target of [
      `/v1/persons/${person.id}`,
      '/v1/persons',
      '/v1/national/matches/info?page=2',
      `/v1/national/events/actions?match=${match}`,
      `/v1/national/events/touches?match=${match}`,
    ]) {
      const { status, reads } = await rounds(target);
      expect(status, target).toBe(200);
      // The leaf, then the blocks of its records at once.
      expect(reads.length, target).toBeLessThanOrEqual(2);
      expect(
        reads.reduce((a, b) => a + b, 0),
        target,
      ).toBeLessThanOrEqual(3);
    }
  });

  it("reads one entry of a bucket file: its leaf and its records' block, not the bucket's", async () => {
    const match = '3355c45a95295b57b25ad1dfe3d5fed2';
    const [modifier] = (await call(handlerFor(dist), `/v1/national/events/actions?match=${match}`))
      .json.result;
    // An action's modifiers (one entry of a bucket filter's file), a record by its id (one entry
    // of its bucket, after the action's file, where that id is no action), an action record:
    // the leaves, then the block of the entry's records and that of its credits (stored once for
    // the resource), not a block for each of the bucket's records.
    for (const [target, leaves] of [
      [`/v1/national/events/actions/${modifier.action}`, [1]],
      [`/v1/national/events/actions/${modifier.id}`, [1, 1]],
      [`/v1/national/events/all/${modifier.action}`, [1]],
    ] as const) {
      const { status, reads } = await rounds(target);
      expect(status, target).toBe(200);
      expect(reads.slice(0, -1), target).toEqual(leaves);
      expect(reads.at(-1), target).toBeLessThanOrEqual(2);
    }
  });

  it("reads a match's lineups, goals, cards and substitutions in 2 rounds, a block or two", async () => {
    // Stored by match (`storedBy`), where their default orders (by team name, by minute) would
    // spread a match's records over a block each.
    const api = handlerFor(dist);
    for (const kind of ['lineups', 'goals', 'offenses', 'substitutions', 'conditions']) {
      for (const scope of ['v1/national/matches', 'v1/clubs/matches']) {
        const [first] = (await call(api, `/${scope}/${kind}`)).json.result;
        const target = `/${scope}/${kind}?match=${first.match}`;
        const { status, reads } = await rounds(target);
        expect(status, target).toBe(200);
        expect(reads.length, target).toBe(2);
        expect(reads[1], target).toBeLessThanOrEqual(2);
      }
    }
  });

  it("stores a match's records after those of the matches played before it", async () => {
    // `StoredBy`: a match's lineups, macro- and micro-events lie together, matches by date (then
    // id), so that a new matchday's records go after the others' blocks, not among them; and
    // the analytics of a match (`storedOrder`), one document each, the same way.
    const source = new Database(db, { readonly: true });
    const matches = source
      .prepare('SELECT match_type AS type, id, match_date AS date FROM match ORDER BY date, id')
      .all() as { type: string; id: string; date: string }[];
    source.close();
    const { reader, close } = await openLocalArchive(archive);
    try {
      const leaves = new Map<number, Map<string, Template>>();
      const templateOf = async (path: string) => {
        const leaf = leafOf(fileKey(path), reader.header.leafBits);
        if (!leaves.has(leaf))
          leaves.set(leaf, new Map((await reader.entries(leaf)).map((e) => [e.path, e.template])));
        return leaves.get(leaf)!.get(path);
      };
      /** Where the first record of each file lies, the files in the order of their matches. */
      const firsts = async (type: string | null, file: (id: string) => string) => {
        const places: number[] = [];
        for (const { id } of matches.filter((m) => type === null || m.type === type)) {
          const template = await templateOf(file(id));
          const [first] = template?.records ?? [];
          if (first) places.push(template!.blocks[first.slot]!.offset * 2 ** 16 + first.index);
        }
        return places;
      };
      const sorted = (places: number[]) => places.toSorted((a, b) => a - b);
      for (const kind of ['matches/lineups', 'matches/goals', 'events/all']) {
        for (const type of ['national', 'clubs']) {
          const places = await firsts(
            type,
            (id) => `v1/${type}/${kind}/_by/match/${id}/index.json`,
          );
          // The demo's national micro-events are of two matches.
          expect(places.length, `${type} ${kind}`).toBeGreaterThan(kind === 'events/all' ? 1 : 10);
          expect(places, `${type} ${kind}`).toEqual(sorted(places));
        }
      }
      for (const name of ['segments', 'state', 'tsr']) {
        const places = await firsts(null, (id) => `v1/analytics/match/${name}/${id}.json`);
        expect(places.length, name).toBeGreaterThan(100);
        expect(places, name).toEqual(sorted(places));
      }
    } finally {
      await close();
    }
  });

  it("reads a player's or a team's first page in 3 rounds, then its records' blocks at once", async () => {
    const api = handlerFor(dist);
    const [goal] = (await call(api, '/v1/national/matches/goals')).json.result;
    const [info] = (await call(api, '/v1/national/matches/info')).json.result;
    for (const target of [
      `/v1/national/matches/goals?player=${goal.player}`,
      `/v1/national/matches/lineups?player=${goal.player}`,
      `/v1/national/matches/info?team=${info.homeTeam}`,
      `/v1/national/matches/lineups?team=${info.homeTeam}`,
      `/v1/national/matches/goals?team=${info.homeTeam}&sort=-time_mins`,
    ]) {
      const { status, reads } = await rounds(target);
      expect(status, target).toBe(200);
      expect(reads.length, target).toBeLessThanOrEqual(4);
      expect(reads.at(-1), target).toBeLessThanOrEqual(10);
    }
  });
});

describe('a damaged archive gives a clear error, never a wrong body', () => {
  it('a truncated archive is refused on opening', async () => {
    const copy = join(root, 'truncated.archive');
    const bytes = readFileSync(archive);
    writeFileSync(copy, bytes.subarray(0, bytes.length - 1000));
    await expect(openLocalArchive(copy)).rejects.toThrow(/truncated/);
    await expect(createArchiveServer(copy)).rejects.toThrow(ArchiveError);
  });

  it('a file that is not an archive is refused on opening', async () => {
    await expect(openLocalArchive(db)).rejects.toThrow(/not an API archive/);
    const empty = join(root, 'empty.archive');
    writeFileSync(empty, '');
    await expect(openLocalArchive(empty)).rejects.toThrow(/not an API archive/);
  });

  it('a flipped byte in the header is refused on opening', async () => {
    await expect(openLocalArchive(flipped('header.archive', 20))).rejects.toThrow(
      /header is damaged/,
    );
  });

  it('an archive of an earlier format is refused on opening, saying to build it', async () => {
    const copy = join(root, 'earlier-format.archive');
    const bytes = readFileSync(archive);
    const header = new DataView(bytes.buffer, bytes.byteOffset, HEADER_SIZE);
    header.setUint32(8, FORMAT_VERSION - 1, true);
    header.setUint32(60, NODE_CODEC.crc32(bytes.subarray(0, 60)), true);
    writeFileSync(copy, bytes);
    await expect(openLocalArchive(copy)).rejects.toThrow(
      `archive format ${FORMAT_VERSION - 1}; this reader reads format ${FORMAT_VERSION}: build it`,
    );
  });

  it('a ZIP archive of format 4 is refused on opening, saying to build it', async () => {
    // Its first bytes: a ZIP local header of `.archive-index`, then its header, version 4.
    const zip = Buffer.alloc(FIRST_READ);
    zip.writeUInt32LE(0x04034b50, 0);
    zip.writeUInt16LE(14, 26);
    zip.write('.archive-index', 30, 'latin1');
    zip.write('FSAPIARC', 44, 'latin1');
    zip.writeUInt32LE(4, 52);
    const copy = join(root, 'format-4.zip');
    writeFileSync(copy, zip);
    await expect(openLocalArchive(copy)).rejects.toThrow(
      `archive format 4; this reader reads format ${FORMAT_VERSION}: build it again`,
    );
  });

  it('a flipped byte in the manifest the index holds is refused on opening', async () => {
    const { reader, close } = await openLocalArchive(archive);
    const { opening } = reader.header;
    await close();
    const copy = flipped('opening.archive', opening.offset + opening.length - 7);
    await expect(openLocalArchive(copy)).rejects.toThrow(
      "the archive's opening stream is damaged (CRC-32 mismatch)",
    );
  });

  it('a flipped byte in a leaf of the index fails the lookups of that leaf', async () => {
    const path = 'v1/persons/index.json';
    const { leaf } = offsetsOf(path);
    const { reader, close } = await openLocalArchive(flipped('leaf.archive', leaf + 3));
    try {
      await expect(reader.read(path)).rejects.toThrow(/leaf \d+ of the archive index is damaged/);
    } finally {
      await close();
    }
  });

  it('a flipped byte in a block fails the files it holds, and the server answers a JSON 500', async () => {
    const path = 'v1/teams/index.json';
    const { block } = offsetsOf(path);
    const copy = flipped('block.archive', block + 60);
    const { reader, close } = await openLocalArchive(copy);
    try {
      await expect(reader.read(path)).rejects.toThrow(/archive block at byte \d+ is damaged/);
      expect(await reader.read('v1/persons/index.json')).not.toBeNull();
    } finally {
      await close();
    }
    const server = await createArchiveServer(copy);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/v1/teams`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body).toMatchObject({ status: 500, uri: '/v1/teams' });
      expect(body.message).toMatch(/archive is damaged/);
      expect((await fetch(`${base}/v1/persons`)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('a killed archive build', () => {
  // A database with the schema and reference lists only: every resource, built in seconds.
  const empty = join(root, 'empty.sqlite');
  const file = join(root, 'killed.archive');
  let previous = Buffer.alloc(0);

  it.each(['write@300', 'archive:segment@20', 'publish:complete', 'publish:flipped'])(
    'killed at %s: the archive is the previous one or the new one, whole, served without an error',
    async (point) => {
      if (!existsSync(empty)) {
        openDatabase(empty).close();
        await build({ db: empty, archive: file });
        previous = readFileSync(file);
      }
      const server = await createArchiveServer(file);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { statuses, stop } = loadUntilStopped(base, [
        '/v1/',
        '/v1/cards',
        '/v0/positions?page=2',
      ]);
      try {
        const run = await runBuild(
          ['--db', otherDatabase(empty, join(root, 'other.sqlite')), '--archive', file],
          {
            FOOTBALL_FAULT: point,
          },
        );
        expect(run.signal).toBe('SIGKILL');
        await new Promise((r) => setTimeout(r, 1100));
        await stop();
        expect([...statuses.keys()]).toEqual([200]);
        const now = readFileSync(file);
        if (point === 'publish:flipped') expect(now.equals(previous)).toBe(false);
        else expect(now.equals(previous)).toBe(true);
        await openLocalArchive(file).then((a) => a.close());
        // The next build removes what the killed one left, and succeeds.
        expect((await runBuild(['--db', empty, '--archive', file])).code).toBe(0);
        expect(readFileSync(file).equals(previous)).toBe(true);
        expect(readdirSync(root).filter((n) => n.startsWith('.killed.archive'))).toEqual([]);
      } finally {
        await stop();
        server.close();
      }
    },
  );
});

describe('an archive build on a full disk', () => {
  it('fails saying what it wrote and what it kept, and leaves the archive', async () => {
    const empty = join(root, 'full-empty.sqlite');
    const file = join(root, 'full.archive');
    openDatabase(empty).close();
    await build({ db: empty, archive: file });
    const previous = readFileSync(file);
    const run = await runBuild(
      ['--db', otherDatabase(empty, join(root, 'other.sqlite')), '--archive', file],
      {
        FOOTBALL_FAULT: 'archive:segment@20',
        FOOTBALL_FAULT_ACTION: 'enospc',
      },
    );
    expect(run.code).toBe(1);
    expectBuildDiskFull(run.stderr, previous.length);
    expect(readFileSync(file).equals(previous)).toBe(true);
    expect(readdirSync(root).filter((n) => n.startsWith('.full.archive'))).toEqual([]);
  });
});

describe('building an archive', () => {
  const small = { ...REGISTRY, resources: REGISTRY.resources.filter((r) => r.path === 'v1/cards') };

  it('a failed build leaves the previous archive as it was, and nothing beside it', async () => {
    const file = join(root, 'kept.archive');
    copyFileSync(archive, file);
    const broken = {
      ...small,
      resources: [
        {
          ...small.resources[0]!,
          path: 'v1/broken',
          sql: { ...small.resources[0]!.sql, from: 'FROM no_such_table t' },
        },
      ],
    };
    await expect(build({ db, archive: file, registry: broken })).rejects.toThrow(/no such table/);
    expect(readFileSync(file).equals(readFileSync(archive))).toBe(true);
    expect(readdirSync(root).filter((n) => n.startsWith('.kept.archive'))).toEqual([]);
  });

  it('refuses to replace a file that is not an archive', async () => {
    const file = join(root, 'notes.txt');
    writeFileSync(file, 'keep me');
    await expect(build({ db, archive: file, registry: small })).rejects.toThrow(
      /not an API archive/,
    );
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });

  it('refuses two outputs at one path, as the tree does', async () => {
    const twice = { ...small, resources: [small.resources[0]!, small.resources[0]!] };
    await expect(
      build({ db, archive: join(root, 'twice.archive'), registry: twice }),
    ).rejects.toThrow(DuplicateOutputError);
  });

  it('the build CLI takes one output: --archive with --out or --precompress is refused', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'cli/build.ts', '--db', db, ...args], {
        encoding: 'utf8',
      });
    for (const other of [['--out', join(root, 'x')], ['--precompress']]) {
      const refused = cli('--archive', join(root, 'x.archive'), ...other);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/--archive is one output/);
    }
    expect(existsSync(join(root, 'x.archive'))).toBe(false);
  });

  it('the serve CLI refuses --dir with --archive, and a file that is not an archive', () => {
    const serve = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'cli/serve.ts', ...args], {
        encoding: 'utf8',
      });
    const both = serve('--dir', dist, '--archive', archive);
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/exclusive/);
    const bad = serve('--archive', db);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/Cannot serve .*not an API archive/);
  });
});
