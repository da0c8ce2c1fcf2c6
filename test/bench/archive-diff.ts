import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import {
  BLOCK_HEADER_SIZE,
  blockRecords,
  LEAF_HEADER_SIZE,
  readLeafDirectory,
} from '../../contract/archive-format.ts';
import { openLocalArchive } from '../../contract/node/archive-file.ts';
import { defineCommand, PROCESS_IO, runCommand, runIfMain, type CliIo } from '../../lib/cli.ts';
import { UserError } from '../../lib/errors.ts';
import { path } from '../../lib/cli-values.ts';
import { table } from './table.ts';

/**
 * What one build of an archive changed from another (docs/archive.md): which of its files answer
 * other bytes, which of its blocks hold bytes the other has nowhere, which of its files read
 * other stored bytes (a file's literals and the bytes of the blocks its records lie in, so a
 * block that only moved changes nothing), which leaves of its index hold such a file, and which
 * parts of its leaves, as stored, the other holds nowhere (a block moved in its segment changes
 * the templates that name it, so the parts that hold them). A later build that kept what did not
 * change would write at least the new blocks and the changed leaves: the measure of how much of
 * an archive a change of its database touches, beside the answers that changed, the least any
 * layout could write.
 */

/** The kinds of files an archive holds, told apart by their paths (`contract/paths.ts`). */
export const FILE_KINDS = [
  'default pages',
  'pages of a match',
  'pages of other filters',
  'buckets',
  'record files',
  'query index',
  'other',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The kind of the file at `path`. */
export function fileKind(path: string): FileKind {
  if (path.includes('/_q/')) return 'query index';
  if (path.includes('/_id/')) return 'buckets';
  if (path.includes('/_by/match/')) return 'pages of a match';
  if (path.includes('/_by/')) return 'pages of other filters';
  if (!/^v\d+\//.test(path)) return 'other';
  if (path.includes('/_page/') || path.endsWith('/index.json')) return 'default pages';
  return 'record files';
}

/**
 * One archive as the diff reads it: each file's leaf and two fingerprints, one of where its bytes
 * are stored (`print`) and one of the bytes it answers (`answer`), and each block's hash.
 */
interface Side {
  files: Map<string, { leaf: number; print: string; answer: string }>;
  /**
   * Each block's hash, by its offset from the start of the archive, its stored length and what it
   * holds: parts of the query index, or records.
   */
  blocks: Map<number, { hash: string; length: number; kind: BlockKind }>;
  leaves: number[];
  /** The hash and length of each part of its leaves as stored: directories and pieces. */
  leafParts: { hash: string; length: number }[];
  length: number;
}

/** What a block holds: records, or the parts of the query index, which the build also stores. */
export const BLOCK_KINDS = ['records', 'query index'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** The blocks of the after archive: in all, and those the before archive holds nowhere. */
interface BlockDiff {
  after: number;
  afterBytes: number;
  added: number;
  addedBytes: number;
}

/** Leaves of the after archive that hold a changed file, and their stored bytes. */
interface LeafChange {
  changed: number;
  changedBytes: number;
}

/**
 * The files of one kind in the after archive: in all, answering other bytes, stored in other
 * bytes, new; the before's gone.
 */
interface KindDiff extends LeafChange {
  files: number;
  changedAnswers: number;
  changedFiles: number;
  added: number;
  removed: number;
}

/**
 * The kinds of files a page of records or the query index are, which a reader could compose from
 * records kept in place and an index a change appends to, rather than hold whole.
 */
const PAGE_KINDS: readonly FileKind[] = [
  'default pages',
  'pages of a match',
  'pages of other filters',
  'query index',
];

/** The figures of a diff. */
export interface ArchiveDiff {
  files: { before: number; after: number };
  /** The after archive's files of each kind: in all, changed, new (and the before's removed). */
  kinds: Record<FileKind, KindDiff>;
  /** The blocks of each kind, and of both. */
  blocks: Record<BlockKind | 'all', BlockDiff>;
  leaves: { after: number; afterBytes: number } & LeafChange;
  /**
   * The parts of the after archive's leaves as stored (their directories and pieces), and those
   * the before archive holds nowhere: what a build that wrote only the leaves' parts whose bytes
   * changed would write of them.
   */
  leafParts: BlockDiff;
  /** The leaves a change of a file of any kind but the pages and the query index changes. */
  withoutPages: LeafChange;
  length: { before: number; after: number };
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const hex = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');
/** A record's hash, 48 bits of it: the diff holds one for each record of the archive. */
const recordHash = (bytes: Uint8Array) =>
  createHash('sha1').update(bytes).digest().readUIntLE(0, 6);

/**
 * Reads an archive's files, leaves and blocks: its leaves twice, first for where its blocks are,
 * which are then read, hashed and decompressed for the hashes of their records, then for each
 * file's fingerprints, which name its records by their block's hash and by their own; holding
 * every template between the two would hold the whole index.
 */
async function readSide(file: string): Promise<Side> {
  // The archive's own source reads its bytes: one file or parts (`npm run split`) alike.
  const { reader, source, close } = await openLocalArchive(file, 0, 0);
  try {
    const { dataStart, leafBits, archiveLength } = reader.header;
    const count = 2 ** leafBits;
    const leaves = Array.from({ length: count }, (_, leaf) => reader.leafRange(leaf)?.length ?? 0);
    const places = new Map<number, { length: number; kind: BlockKind }>();
    for (let leaf = 0; leaf < count; leaf++)
      for (const { path, template } of await reader.entries(leaf))
        for (const { offset, length } of template.blocks) {
          const kind = fileKind(path) === 'query index' ? 'query index' : 'records';
          // A block any file of the query index names is the index's.
          const place = places.get(dataStart + offset);
          if (!place) places.set(dataStart + offset, { length, kind });
          else if (kind === 'query index') place.kind = kind;
        }
    const blocks: Side['blocks'] = new Map();
    const records = new Map<number, Float64Array>();
    for (const [offset, { length, kind }] of places) {
      const bytes = await source.read(offset, length);
      blocks.set(offset, { hash: hex(bytes), length, kind });
      const block = blockRecords(brotliDecompressSync(bytes.subarray(BLOCK_HEADER_SIZE)));
      records.set(
        offset,
        Float64Array.from({ length: block.count }, (_, i) => recordHash(block.record(i)!)),
      );
    }
    const files: Side['files'] = new Map();
    const leafParts: Side['leafParts'] = [];
    for (let leaf = 0; leaf < count; leaf++) {
      const range = reader.leafRange(leaf);
      if (range) leafParts.push(...(await storedParts(source, range, await reader.entries(leaf))));
      for (const { path, template } of await reader.entries(leaf)) {
        const [print, answer] = [createHash('sha1'), createHash('sha1')];
        const offsets = template.blocks.map((b) => dataStart + b.offset);
        template.literals.forEach((literal, i) => {
          for (const hash of [print, answer]) hash.update(`${literal.length}:`).update(literal);
          const record = template.records[i];
          if (!record) return;
          const offset = offsets[record.slot]!;
          print.update(`${blocks.get(offset)!.hash}:${record.index};`);
          answer.update(`${records.get(offset)![record.index]};`);
        });
        files.set(path, { leaf, print: print.digest('base64'), answer: answer.digest('base64') });
      }
    }
    return { files, blocks, leaves, leafParts, length: archiveLength };
  } finally {
    await close();
  }
}

/**
 * The parts of a leaf as stored, hashed: its directory, then each of its pieces, which a reader
 * decompresses apart (docs/archive.md#leaves).
 */
async function storedParts(
  source: { read(offset: number, length: number): Promise<Uint8Array> },
  range: { offset: number; length: number },
  entries: readonly unknown[],
): Promise<Side['leafParts']> {
  const bytes = await source.read(range.offset, range.length);
  const first = LEAF_HEADER_SIZE + Buffer.from(bytes).readUInt32LE(0);
  const directory = bytes.subarray(LEAF_HEADER_SIZE, first);
  const { pieces } = readLeafDirectory(
    brotliDecompressSync(directory),
    entries.length,
    first,
    bytes.length,
  );
  return [
    { hash: hex(directory), length: first },
    ...pieces.map(({ at, length }) => ({ hash: hex(bytes.subarray(at, at + length)), length })),
  ];
}

/** What `after` changed from `before`, two archives (`readSide`). */
export async function archiveDiff(before: string, after: string): Promise<ArchiveDiff> {
  const [a, b] = [await readSide(before), await readSide(after)];
  const counts = new Map(
    FILE_KINDS.map((k) => [
      k,
      { files: 0, changedAnswers: 0, changedFiles: 0, added: 0, removed: 0 },
    ]),
  );
  const leavesOf = new Map(FILE_KINDS.map((k) => [k, new Set<number>()]));
  for (const [path, { leaf, print, answer }] of b.files) {
    const kind = fileKind(path);
    const count = counts.get(kind)!;
    count.files++;
    const old = a.files.get(path);
    if (old && old.answer !== answer) count.changedAnswers++;
    if (old?.print === print) continue;
    if (old) count.changedFiles++;
    else count.added++;
    leavesOf.get(kind)!.add(leaf);
  }
  for (const [path, { leaf }] of a.files) {
    if (b.files.has(path)) continue;
    const kind = fileKind(path);
    counts.get(kind)!.removed++;
    // A file gone changes the leaf that would hold it in the after archive, when they agree.
    if (a.leaves.length === b.leaves.length) leavesOf.get(kind)!.add(leaf);
  }
  const change = (kinds: readonly FileKind[]): LeafChange => {
    const leaves = new Set(kinds.flatMap((k) => [...leavesOf.get(k)!]));
    return { changed: leaves.size, changedBytes: sum([...leaves].map((l) => b.leaves[l] ?? 0)) };
  };
  const kinds = Object.fromEntries(
    FILE_KINDS.map((k) => [k, { ...counts.get(k)!, ...change([k]) }]),
  ) as ArchiveDiff['kinds'];
  const known = new Set([...a.blocks.values()].map((x) => x.hash));
  const none = (): BlockDiff => ({ after: 0, afterBytes: 0, added: 0, addedBytes: 0 });
  const leafParts = none();
  const knownParts = new Set(a.leafParts.map((x) => x.hash));
  for (const { hash, length } of b.leafParts) {
    leafParts.after++;
    leafParts.afterBytes += length;
    if (knownParts.has(hash)) continue;
    leafParts.added++;
    leafParts.addedBytes += length;
  }
  const blocks = { records: none(), 'query index': none(), all: none() };
  for (const { hash, length, kind } of b.blocks.values()) {
    for (const count of [blocks[kind], blocks.all]) {
      count.after++;
      count.afterBytes += length;
      if (known.has(hash)) continue;
      count.added++;
      count.addedBytes += length;
    }
  }
  return {
    files: { before: a.files.size, after: b.files.size },
    kinds,
    blocks,
    leaves: {
      after: b.leaves.filter((n) => n > 0).length,
      afterBytes: sum(b.leaves),
      ...change(FILE_KINDS),
    },
    leafParts,
    withoutPages: change(FILE_KINDS.filter((k) => !PAGE_KINDS.includes(k))),
    length: { before: a.length, after: b.length },
  };
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

/** Prints a diff as tables, line by line to `print`. */
export function printDiff(diff: ArchiveDiff, print: (line: string) => void): void {
  const { kinds, blocks, leaves, leafParts, length, withoutPages } = diff;
  table(
    [
      'files of the after archive',
      'files',
      'answer changed',
      'stored changed',
      'new',
      'gone',
      'their leaves',
      'MB',
    ],
    FILE_KINDS.map((k) => [
      k,
      String(kinds[k].files),
      String(kinds[k].changedAnswers),
      String(kinds[k].changedFiles),
      String(kinds[k].added),
      String(kinds[k].removed),
      String(kinds[k].changed),
      mb(kinds[k].changedBytes),
    ]),
    print,
  );
  const layer = blocks.all.addedBytes + leaves.changedBytes;
  table(
    ['part of the after archive', 'in all', 'MB', 'new or changed', 'MB', 'share of its MB'],
    [
      ...BLOCK_KINDS.map((kind) => {
        const count = blocks[kind];
        return [
          `blocks of ${kind === 'records' ? 'records' : 'the query index'}`,
          String(count.after),
          mb(count.afterBytes),
          String(count.added),
          mb(count.addedBytes),
          share(count.addedBytes, count.afterBytes),
        ];
      }),
      [
        'leaves of the index',
        String(leaves.after),
        mb(leaves.afterBytes),
        String(leaves.changed),
        mb(leaves.changedBytes),
        share(leaves.changedBytes, leaves.afterBytes),
      ],
      [
        'their parts as stored',
        String(leafParts.after),
        mb(leafParts.afterBytes),
        String(leafParts.added),
        mb(leafParts.addedBytes),
        share(leafParts.addedBytes, leafParts.afterBytes),
      ],
    ],
    print,
  );
  print(
    `archives: ${mb(length.before)} MB before, ${mb(length.after)} MB after; its new blocks and ` +
      `changed leaves: ${mb(layer)} MB, ${share(layer, length.after)} of the after archive`,
  );
  const rest = blocks.records.addedBytes + withoutPages.changedBytes;
  print(
    `without the pages and the query index: ${withoutPages.changed} leaves changed, ` +
      `${mb(withoutPages.changedBytes)} MB; with the new blocks of records ${mb(rest)} MB, ` +
      `${share(rest, length.after)} of the after archive`,
  );
}

/** `npx tsx test/bench/archive-diff.ts BEFORE AFTER`. */
export const ARCHIVE_DIFF_COMMAND = defineCommand({
  name: 'npx tsx test/bench/archive-diff.ts',
  description:
    'Compares two archives: the files whose bytes changed, by kind, the blocks the second holds ' +
    'that the first does not, and the leaves of its index that hold a changed file.',
  positionals: [
    {
      name: 'before',
      type: path('FILE'),
      help: 'an archive written by the build, whole or in parts',
    },
    { name: 'after', type: path('FILE'), help: 'an archive of a later state of its database' },
  ],
  options: {},
});

/** Runs the diff with `argv`; resolves to the exit code. */
export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand(ARCHIVE_DIFF_COMMAND, argv, io, async ({ positionals: [before, after] }) => {
    for (const file of [before, after])
      if (!existsSync(file))
        throw new UserError(`No archive at ${file}: run \`npm run build -- --archive FILE\`.`);
    printDiff(await archiveDiff(before, after), io.out);
  });
}

runIfMain(import.meta.url, main);
