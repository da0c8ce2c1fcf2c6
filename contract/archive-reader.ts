import {
  BLOCK_HEADER_SIZE,
  COMMA,
  FIRST_READ,
  FORMAT_VERSION,
  HEADER_SIZE,
  LEAF_HEADER_SIZE,
  LEAF_KEY_SIZE,
  MAGIC,
  ROOT_ENTRY_SIZE,
  ZIP_INDEX_ENTRY,
  blockRecords,
  type BlockRecords,
  decodeHeader,
  fileKey,
  leafOf,
  pieceEntries,
  pieceEntry,
  readLeafDirectory,
  readTemplate,
  readOpening,
  type Opening,
  type Segments,
  type BlockPlace,
  type IndexHeader,
  type LeafDirectory,
  type PathKey,
  type RootEntry,
  type Template,
} from './archive-format.ts';
import { concatBytes, sameAt, sameBytes } from './bytes.ts';
import { ENVELOPE_END } from './page-head.ts';

/**
 * Reads files out of a one-file API archive with range reads (format: `archive-format.ts`,
 * docs/archive.md). A file is made from its template, which a piece of its leaf of the index
 * holds, and the blocks of records it names: a cold read costs the first bytes with header and
 * root, one leaf (whose directory and one piece it decompresses) and its blocks (read at once);
 * with the leaf and blocks cached, or the file's template and the records read, none. The
 * manifest, which every reader reads first, comes with the first bytes. Every byte read is
 * checked against a CRC-32 before it is used, so a damaged archive gives an `ArchiveError`, never
 * a wrong body. Nothing here is specific to a runtime: the bytes come from a `RangeSource` and the
 * codec is passed in.
 */

/** Random access to the archive's bytes: a local file, an object in R2 or S3, anything. */
export interface RangeSource {
  /** The archive's length in bytes. */
  readonly length: number;
  /** Exactly `length` bytes from `offset` (fewer only past the end). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** The two primitives a runtime provides: CRC-32 and Brotli decompression. */
export interface Codec {
  crc32(data: Uint8Array): number;
  /**
   * Decompresses a Brotli stream. `size` is the length the index or the entry states: a codec
   * may size its output by it, and returns all the stream holds or fails, so that a stream that
   * says otherwise is caught by the length check or the failure.
   */
  decompress(data: Uint8Array, size: number): Uint8Array | Promise<Uint8Array>;
}

/**
 * The request a read is made for, where reads under way may be shared only within one request:
 * on Workers, a request that waits on a read another request began is cancelled as hung, since
 * none of its own I/O is pending. Undefined: reads are shared by every caller of the reader.
 */
export type ReadScope = () => object | undefined;

/** The archive is not one, or is damaged: the message says what and where. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

/**
 * The bytes of its index a reader keeps unless told otherwise: three quarters of it leaves, each
 * as stored with its directory decompressed (45 KB on average on the national set), a quarter
 * the templates of files read (`ALONE`). A lookup whose template is not kept decompresses the
 * piece of its leaf that holds it, after reading the leaf when it is not kept either.
 */
export const INDEX_CACHE_BYTES = 24 * 1024 * 1024;

/**
 * The bytes of decompressed blocks a reader keeps: half of it blocks (a block of 64 KB weighs
 * twice that), the records of a few collections' neighbouring pages; half records read alone
 * (`RECORDS_ALONE`). A file whose blocks are kept costs no read.
 */
export const BLOCK_CACHE_BYTES = 8 * 1024 * 1024;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * A file as the archive holds it: the bytes between its records (`literals`, one more than its
 * records), and its records, each read when asked for. The file is `literals[0]`, record 0,
 * `literals[1]`, …, record n - 1, `literals[n]`.
 */
export interface FileParts {
  /** Not to be changed: the reader may hold them for the next read. */
  literals: readonly Uint8Array[];
  /**
   * Record `i` of the file: only its block is read (or found in memory). Its bytes are not to be
   * changed, as the reader may hold them for the next read.
   */
  record(i: number): Promise<Uint8Array>;
}

/**
 * A file that is an envelope of its records, as a page is: its head up to `"result":[`, its
 * records with commas between, then `]}`. Its records are each read when asked for, as
 * `FileParts.record`; the literals are not kept.
 */
export interface EnvelopeRecords {
  kind: 'envelope';
  /** How many records its `result` holds. */
  count: number;
  record(i: number): Promise<Uint8Array>;
}

/** What `ArchiveReader.records` finds: an envelope of records, or a file laid out otherwise. */
export type FileRecords = EnvelopeRecords | { kind: 'other' };

const missing = (): Promise<Uint8Array> =>
  Promise.reject(new ArchiveError('the opening file has no records'));

/**
 * A leaf of the index: its directory decompressed (its files' keys, its tables, where its pieces
 * are), and its pieces as stored, each decompressed when a lookup needs it.
 */
interface Leaf extends LeafDirectory {
  /** The leaf's stored bytes, which hold its pieces. */
  stored: Uint8Array;
  /** Bytes it holds in memory. */
  weight: number;
}

/** A block, decompressed, as its records. */
interface Block {
  records: BlockRecords;
  weight: number;
}

/** A file's template, held apart from its leaf (its literals copied out of the leaf's bytes). */
interface KeptTemplate {
  kind: 'template';
  template: Template;
  weight: number;
}

/**
 * Where an envelope's records are (`ArchiveReader.records`), held apart from its template in a
 * few bytes a record: a sort reads a record or two from pages all over a collection, and needs
 * neither their heads (most of a page's template) nor their commas. Null: the file is no
 * envelope.
 */
interface KeptPlaces {
  kind: 'places';
  places: { blocks: BlockPlace[]; records: Uint32Array } | null;
  weight: number;
}

/** A record read alone (`ArchiveReader.parts`), held apart from its block. */
interface KeptRecord {
  bytes: Uint8Array;
  weight: number;
}

/**
 * What the reader's memory holds of each kind: most of its index memory whole leaves, which files
 * read together share (a collection's pages, a match's files); a quarter the templates of the
 * files read (not a bucket's) and where the records of pages read in part are (`records`). A
 * composed answer (a sort over a whole collection) takes a record or two from pages all over
 * it: held alone, they cost a kilobyte or so each where their leaf and block would cost a
 * hundred, so many more answers' worth stays in memory.
 */
const ALONE = 1 / 4;

/**
 * The share of block memory that holds records read alone (`parts`, `records`), the rest whole
 * blocks. Half: pages read whole are held as sent by the router too, where the records of
 * composed answers are held nowhere else; a quarter held too few of the national set's sorts.
 */
const RECORDS_ALONE = 1 / 2;

/** A bounded cache of decoded things by key, least recently used first out. */
class Kept<K, V extends { weight: number }> {
  private readonly items = new Map<K, V>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: K): V | undefined {
    const item = this.items.get(key);
    if (item) {
      this.items.delete(key);
      this.items.set(key, item);
    }
    return item;
  }

  set(key: K, item: V): void {
    if (item.weight > this.budget || this.items.has(key)) return;
    this.items.set(key, item);
    this.bytes += item.weight;
    for (const [oldest, kept] of this.items) {
      if (this.bytes <= this.budget) break;
      this.items.delete(oldest);
      this.bytes -= kept.weight;
    }
  }
}

/** An open archive. */
export class ArchiveReader {
  private readonly leaves: Kept<number, Leaf>;
  /** Templates by path, and the places of envelopes' records by `placesKey`. */
  private readonly templates: Kept<string, KeptTemplate | KeptPlaces>;
  private readonly blocks: Kept<number, Block>;
  /** By block offset and index (`recordKey`). */
  private readonly alone: Kept<number, KeptRecord>;
  /**
   * Leaves and blocks being read, by the scope that may share them (`ReadScope`): files asked for
   * at once (a collection's pages) share the reads of their leaf and their blocks.
   */
  private readonly reading = new WeakMap<object, Map<string, Promise<unknown>>>();
  /** The file whose bytes the index holds (the manifest), found with no read. */
  private opening: Opening['file'] = null;
  /** Where the data's segments start, which templates name their blocks by. */
  private segments: Segments = { starts: [] };

  private constructor(
    private readonly source: RangeSource,
    private readonly codec: Codec,
    readonly header: IndexHeader,
    private readonly root: DataView,
    private readonly scope: ReadScope,
    cache: { indexBytes: number; blockBytes: number },
  ) {
    this.leaves = new Kept(cache.indexBytes * (1 - ALONE));
    this.templates = new Kept(cache.indexBytes * ALONE);
    this.blocks = new Kept(cache.blockBytes * (1 - RECORDS_ALONE));
    this.alone = new Kept(cache.blockBytes * RECORDS_ALONE);
  }

  /**
   * Opens an archive: one read, which checks the header, the root and the archive's length.
   * `indexBytes`: the most memory its decoded index may hold, least recently used first out,
   * leaves and templates read alone (`ALONE`); an index that fits is read once. `scope`: what a
   * read under way may be shared within (`ReadScope`). `blockBytes`: the memory of decompressed
   * blocks it keeps, and of records read alone.
   */
  static async open(
    source: RangeSource,
    codec: Codec,
    indexBytes = INDEX_CACHE_BYTES,
    scope: ReadScope = () => undefined,
    blockBytes = BLOCK_CACHE_BYTES,
  ): Promise<ArchiveReader> {
    if (source.length < HEADER_SIZE)
      throw new ArchiveError(`not an API archive: ${source.length} bytes is too short`);
    const first = await source.read(0, Math.min(source.length, FIRST_READ));
    const view = new DataView(first.buffer, first.byteOffset, first.byteLength);
    if (decoder.decode(first.subarray(0, MAGIC.length)) !== MAGIC) {
      const older = zipFormat(first, view);
      if (older !== null)
        throw new ArchiveError(
          `archive format ${older}; this reader reads format ${FORMAT_VERSION}: ` +
            'build it again with this version',
        );
      throw new ArchiveError(`not an API archive: it does not start with ${MAGIC}`);
    }
    if (codec.crc32(first.subarray(0, 60)) !== view.getUint32(60, true))
      throw new ArchiveError('the archive header is damaged (CRC-32 mismatch)');
    const header = decodeHeader(view);
    if (header.version !== FORMAT_VERSION)
      throw new ArchiveError(
        `archive format ${header.version}; this reader reads format ${FORMAT_VERSION}: ` +
          'build it again with this version',
      );
    if (header.archiveLength !== source.length)
      throw new ArchiveError(
        `the archive is ${source.length} bytes but was written as ${header.archiveLength}: ` +
          'it is truncated or was changed; download or build it again',
      );
    const root = first.subarray(HEADER_SIZE, HEADER_SIZE + ROOT_ENTRY_SIZE * 2 ** header.leafBits);
    if (header.leafBits > 12 || codec.crc32(root) !== header.rootCrc)
      throw new ArchiveError('the archive index root is damaged (CRC-32 mismatch)');
    const reader = new ArchiveReader(
      source,
      codec,
      header,
      new DataView(root.buffer, root.byteOffset, root.byteLength),
      scope,
      { indexBytes, blockBytes },
    );
    await reader.readOpening(first);
    return reader;
  }

  /**
   * The opening stream, from the first bytes read (and one more read of the rest when it ends
   * past them): the segments of the data, and the opening file (`readOpening`).
   */
  private async readOpening(first: Uint8Array): Promise<void> {
    const { opening, archiveLength, dataStart } = this.header;
    const what = "the archive's opening stream";
    const stored = await bytesAt(this.source, first, opening.offset, opening.length);
    if (stored.length !== opening.length || this.codec.crc32(stored) !== opening.crc)
      throw new ArchiveError(`${what} is damaged (CRC-32 mismatch)`);
    const decompressed = await this.decompress(stored, opening.size, what);
    if (decompressed.length !== opening.size)
      throw new ArchiveError(`${what} has the wrong length`);
    try {
      const read = readOpening(decompressed, archiveLength - dataStart);
      this.opening = read.file;
      this.segments = read.segments;
    } catch (e) {
      if (e instanceof RangeError) throw new ArchiveError(`${what} is damaged: ${e.message}`);
      throw e;
    }
  }

  /** The root entry of a leaf. */
  private rootEntry(leaf: number): RootEntry {
    const at = leaf * ROOT_ENTRY_SIZE;
    return {
      offset: this.root.getUint32(at, true),
      length: this.root.getUint32(at + 4, true),
      crc: this.root.getUint32(at + 8, true),
      files: this.root.getUint32(at + 12, true),
      size: this.root.getUint32(at + 16, true),
    };
  }

  /**
   * Where leaf `leaf` of the index is in the archive, as a reader reads it; null when it holds no
   * file, and nothing is read for it.
   */
  leafRange(leaf: number): { offset: number; length: number } | null {
    const entry = this.rootEntry(leaf);
    return entry.files > 0 ? { offset: entry.offset, length: entry.length } : null;
  }

  /** A read under way in this request's scope, shared; else `read()` begins it. */
  private shared<T>(key: string, read: () => Promise<T>): Promise<T> {
    const scope = this.scope() ?? this;
    let reading = this.reading.get(scope);
    if (!reading) this.reading.set(scope, (reading = new Map()));
    let pending = reading.get(key) as Promise<T> | undefined;
    if (!pending) {
      const own = reading;
      pending = read().finally(() => own.delete(key));
      reading.set(key, pending);
    }
    return pending;
  }

  /** A leaf of the index, decoded and checked, from the cache or with one read. */
  private leaf(leaf: number): Promise<Leaf> {
    const cached = this.leaves.get(leaf);
    if (cached) return Promise.resolve(cached);
    return this.shared(`leaf:${leaf}`, () => this.readLeaf(leaf));
  }

  /** Reads, checks and keeps a leaf of the index: its directory decompressed, its pieces not. */
  private async readLeaf(leaf: number): Promise<Leaf> {
    const entry = this.rootEntry(leaf);
    const range = this.leafRange(leaf);
    let decoded: Leaf = {
      keys: new DataView(new ArrayBuffer(0)),
      perPiece: 1,
      heads: { attributions: [], collections: [] },
      pieces: [],
      stored: new Uint8Array(0),
      weight: 0,
    };
    if (range) {
      const what = `leaf ${leaf} of the archive index`;
      const read = await this.source.read(range.offset, range.length);
      if (read.length !== entry.length || this.codec.crc32(read) !== entry.crc)
        throw new ArchiveError(`${what} is damaged (CRC-32 mismatch)`);
      // Held as long as the leaf is: a copy when it is a view of larger bytes (over HTTP).
      const stored = read.byteLength === read.buffer.byteLength ? read : read.slice();
      const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
      const first =
        LEAF_HEADER_SIZE + (stored.length >= LEAF_HEADER_SIZE ? view.getUint32(0, true) : 0);
      if (first > stored.length) throw new ArchiveError(`${what} has the wrong length`);
      const bytes = await this.decompress(
        stored.subarray(LEAF_HEADER_SIZE, first),
        entry.size,
        what,
      );
      if (bytes.length !== entry.size) throw new ArchiveError(`${what} has the wrong length`);
      try {
        const directory = readLeafDirectory(bytes, entry.files, first, stored.length);
        decoded = {
          ...directory,
          stored,
          weight: stored.byteLength + bytes.byteLength + OBJECT_WEIGHT * directory.pieces.length,
        };
      } catch (e) {
        throw new ArchiveError(`${what} is damaged: ${(e as Error).message}`);
      }
    }
    this.leaves.set(leaf, decoded);
    return decoded;
  }

  /** Piece `p` of a leaf, decompressed and checked. */
  private async piece(leaf: Leaf, p: number, what: string): Promise<Uint8Array> {
    const { at, length, size } = leaf.pieces[p]!;
    const bytes = await this.decompress(leaf.stored.subarray(at, at + length), size, what);
    if (bytes.length !== size) throw new ArchiveError(`${what} has the wrong length`);
    return bytes;
  }

  /**
   * Readies a later read of `path`: its leaf of the index is read now, if it is not kept, so that
   * the read costs only its blocks. Files read together share a leaf (`groupOf`).
   */
  async locate(path: string): Promise<void> {
    if (this.templates.get(path) || this.templates.get(placesKey(path))) return;
    await this.leaf(leafOf(fileKey(path), this.header.leafBits));
  }

  /** The files of leaf `leaf`, in the leaf's order: each one's path and template. */
  async entries(leaf: number): Promise<{ path: string; template: Template }[]> {
    const held = await this.leaf(leaf);
    const out: { path: string; template: Template }[] = [];
    for (let p = 0; p < held.pieces.length; p++) {
      const piece = await this.piece(held, p, `a piece of leaf ${leaf} of the archive index`);
      for (const entry of pieceEntries(piece)) {
        const path = decoder.decode(entry.take(entry.read()));
        out.push({ path, template: readTemplate(entry, held.heads, this.segments) });
      }
    }
    return out;
  }

  /** A file's bytes, or null when the archive has none at that path. */
  async read(path: string): Promise<Uint8Array | null> {
    if (this.opening?.path === path) return this.opening.bytes;
    const template = await this.template(path);
    return template && this.make(template, path);
  }

  /**
   * A file as its parts, or null when the archive has none at that path: its literals, and each
   * of its records read on demand, so that a reader who needs a few of a file's records reads
   * only their blocks (one entry of a bucket file of 256 records, whose records lie in the
   * blocks of the pages that named them first).
   */
  async parts(path: string): Promise<FileParts | null> {
    if (this.opening?.path === path) return { literals: [this.opening.bytes], record: missing };
    const template = await this.template(path);
    if (!template) return null;
    return {
      literals: template.literals,
      record: (i) => this.recordAt(template.blocks, template.records[i], path),
    };
  }

  /**
   * A file's records alone, where it is an envelope of them (`EnvelopeRecords`), or null when
   * the archive has no such file. Only where they are is held, not the file's literals.
   */
  async records(path: string): Promise<FileRecords | null> {
    if (this.opening?.path === path) return { kind: 'other' };
    const key = placesKey(path);
    let held = this.templates.get(path) ?? this.templates.get(key);
    if (!held) {
      const found = await this.templateInLeaf(path);
      if (!found) return null;
      held = placesOf(found, path);
      this.templates.set(key, held);
    }
    const places = held.kind === 'places' ? held.places : placesOf(held.template, path).places;
    if (!places) return { kind: 'other' };
    const { blocks, records } = places;
    const count = records.length / 2;
    return {
      kind: 'envelope',
      count,
      record: (i) => {
        const at =
          i >= 0 && i < count ? { slot: records[2 * i]!, index: records[2 * i + 1]! } : undefined;
        return this.recordAt(blocks, at, path);
      },
    };
  }

  /**
   * Record `at` of a file, whose template names `blocks`: from the records held alone, else
   * from its block (read or held), then held alone.
   */
  private async recordAt(
    blocks: readonly BlockPlace[],
    at: { slot: number; index: number } | undefined,
    path: string,
  ): Promise<Uint8Array> {
    if (!at) return recordIn(undefined, 0, path);
    const place = blocks[at.slot]!;
    const key = recordKey(place, at.index);
    const kept = key === null ? undefined : this.alone.get(key);
    if (kept) return kept.bytes;
    // A copy, so that holding the record does not hold its block's bytes.
    const bytes = recordIn(await this.block(place), at.index, path).slice();
    if (key !== null) this.alone.set(key, { bytes, weight: bytes.byteLength + COPY_WEIGHT });
    return bytes;
  }

  /**
   * A file's template, held, or from its leaf of the index (then held); null when the archive
   * has no such file.
   */
  private async template(path: string): Promise<Template | null> {
    const kept = this.templates.get(path);
    if (kept?.kind === 'template') return kept.template;
    const found = await this.templateInLeaf(path);
    const held = found && detached(found, path);
    if (held) this.templates.set(path, held);
    return found;
  }

  /**
   * A file's template, from the piece of its leaf of the index that holds it; null when the
   * archive has no such file.
   */
  private async templateInLeaf(path: string): Promise<Template | null> {
    const key = fileKey(path);
    const leaf = await this.leaf(leafOf(key, this.header.leafBits));
    const { keys, perPiece } = leaf;
    const count = keys.byteLength / LEAF_KEY_SIZE;
    // The first entry whose key is not below the path's; keys are sorted, equal keys (a hash
    // collision, almost never) are told apart by their names.
    let low = 0;
    let high = count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareKey(keys, mid, key) < 0) low = mid + 1;
      else high = mid;
    }
    const name = encoder.encode(path);
    for (let i = low; i < count && compareKey(keys, i, key) === 0; i++) {
      const what = `the archive index entry for ${path}`;
      const piece = await this.piece(leaf, Math.floor(i / perPiece), what);
      try {
        const in_ = pieceEntry(piece, i % perPiece);
        if (!sameBytes(in_.take(in_.read()), name)) continue;
        return readTemplate(in_, leaf.heads, this.segments);
      } catch (e) {
        if (e instanceof RangeError) throw new ArchiveError(`${what} is damaged: ${e.message}`);
        throw e;
      }
    }
    return null;
  }

  /**
   * A file's bytes from its template (as `entries` gives it): its literals and records, its
   * blocks read at once. A reader that walks a leaf's entries makes each file without looking
   * its template up again, which would decompress its piece of the leaf once more.
   */
  async make(template: Template, path: string): Promise<Uint8Array> {
    const blocks = await Promise.all(template.blocks.map((place) => this.block(place)));
    const parts: Uint8Array[] = [template.literals[0]!];
    template.records.forEach(({ slot, index }, i) =>
      parts.push(recordIn(blocks[slot]!, index, path), template.literals[i + 1]!),
    );
    return concatBytes(parts);
  }

  /** A block of records, decompressed and checked, from the cache or with one read. */
  private block(place: BlockPlace): Promise<Block> {
    const cached = this.blocks.get(place.offset);
    if (cached) return Promise.resolve(cached);
    return this.shared(`block:${place.offset}`, () => this.readBlock(place));
  }

  /** Reads, checks and keeps a block. */
  private async readBlock(place: BlockPlace): Promise<Block> {
    const what = `the archive block at byte ${this.header.dataStart + place.offset}`;
    const stored = await this.source.read(this.header.dataStart + place.offset, place.length);
    const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
    const data = stored.subarray(BLOCK_HEADER_SIZE);
    if (
      stored.length !== place.length ||
      place.length < BLOCK_HEADER_SIZE ||
      this.codec.crc32(data) !== view.getUint32(0, true)
    )
      throw new ArchiveError(`${what} is damaged (CRC-32 mismatch)`);
    const bytes = await this.decompress(data, place.size, what);
    if (bytes.length !== place.size) throw new ArchiveError(`${what} has the wrong length`);
    let records: BlockRecords;
    try {
      records = blockRecords(bytes);
    } catch (e) {
      throw new ArchiveError(`${what} is damaged: ${(e as Error).message}`);
    }
    // Weighed as if every record were unfolded: their tails make them about half as long again.
    const block = { records, weight: 2 * bytes.byteLength };
    this.blocks.set(place.offset, block);
    return block;
  }

  private async decompress(data: Uint8Array, size: number, what: string): Promise<Uint8Array> {
    try {
      return await this.codec.decompress(data, size);
    } catch (e) {
      throw new ArchiveError(`${what} does not decompress: ${(e as Error).message}`);
    }
  }
}

/**
 * The format of an archive of formats 1 to 4 (a ZIP file whose first entry is the index), read
 * from its first bytes; null when they are not one.
 */
function zipFormat(first: Uint8Array, view: DataView): number | null {
  const nameEnd = 30 + ZIP_INDEX_ENTRY.length;
  if (first.length < nameEnd + 12 || view.getUint32(0, true) !== 0x04034b50) return null;
  if (decoder.decode(first.subarray(30, nameEnd)) !== ZIP_INDEX_ENTRY) return null;
  return view.getUint32(nameEnd + 8, true);
}

/** `length` bytes at `offset`: from the first bytes read, with one more read for the rest. */
async function bytesAt(
  source: RangeSource,
  first: Uint8Array,
  offset: number,
  length: number,
): Promise<Uint8Array> {
  const held = first.subarray(offset, offset + length);
  if (held.length === length) return held;
  return concatBytes([held, await source.read(offset + held.length, length - held.length)]);
}

/** Record `index` of a block, which file `path` names: a damaged archive when there is none. */
function recordIn(block: Block | undefined, index: number, path: string): Uint8Array {
  let record: Uint8Array | undefined;
  try {
    record = block?.records.record(index);
  } catch (e) {
    throw new ArchiveError(`the archive entry for ${path} names a damaged record: ${e}`);
  }
  if (!record) throw new ArchiveError(`the archive entry for ${path} names a missing record`);
  return record;
}

/**
 * What holding a copy of bytes costs besides them, in V8: its array, its buffer and the cache's
 * entry.
 */
const COPY_WEIGHT = 192;

/** What one small object of a template (a record's place, a block's) costs, about. */
const OBJECT_WEIGHT = 48;

/**
 * The most a template held alone may weigh: a page's or a record file's, not a bucket's of 256
 * records, which would push out a hundred of them.
 */
const HELD_TEMPLATE_MAX = 8 * 1024;

/**
 * The key of record `index` of the block at `place`, or null where it could not be told apart
 * from another's: a block holds fewer than 2^16 records, and an offset below 2^37 (128 GB) makes
 * the key an exact integer. A template that says otherwise is damaged, and its record is not
 * held: reading it fails on its block.
 */
function recordKey(place: BlockPlace, index: number): number | null {
  if (index >= 0x1_0000 || place.offset >= 2 ** 37) return null;
  return place.offset * 0x1_0000 + index;
}

/**
 * A template to hold apart from its leaf, or null when it weighs more than `HELD_TEMPLATE_MAX`:
 * its literals copied into one buffer of their own (those stored are views of the leaf's bytes),
 * weighed with the objects that name its records and blocks.
 */
function detached(template: Template, path: string): KeptTemplate | null {
  // The commas between records are one shared array (`COMMA`), held by no template.
  const others = template.literals.filter((literal) => literal !== COMMA);
  const weight =
    COPY_WEIGHT +
    2 * path.length +
    others.reduce((n, literal) => n + literal.byteLength + OBJECT_WEIGHT, 0) +
    8 * template.literals.length +
    OBJECT_WEIGHT * (template.blocks.length + template.records.length);
  if (weight > HELD_TEMPLATE_MAX) return null;
  const bytes = concatBytes(others);
  let at = 0;
  const literals = template.literals.map((literal) => {
    if (literal === COMMA) return literal;
    const copy = bytes.subarray(at, at + literal.length);
    at += literal.length;
    return copy;
  });
  return { kind: 'template', template: { ...template, literals }, weight };
}

/** The key under which the places of a file's records are held: no path holds a line break. */
const placesKey = (path: string): string => `${path}\n`;

/** The end of an envelope's head. */
const RESULT_OPENING = encoder.encode('"result":[');

/**
 * Where the records of a file are, when its template is an envelope of them: its first literal
 * ends with `"result":[`, a comma lies between each two records, and `]}` ends it.
 */
function placesOf(template: Template, path: string): KeptPlaces {
  const { literals, records, blocks } = template;
  const first = literals[0]!;
  const envelope =
    records.length > 0 &&
    first.length >= RESULT_OPENING.length &&
    sameAt(first, first.length - RESULT_OPENING.length, RESULT_OPENING) &&
    literals.slice(1, -1).every((literal) => literal.length === 1 && literal[0] === COMMA[0]) &&
    sameBytes(literals[literals.length - 1]!, ENVELOPE_END);
  if (!envelope) return { kind: 'places', places: null, weight: COPY_WEIGHT + 2 * path.length };
  const packed = new Uint32Array(2 * records.length);
  records.forEach(({ slot, index }, i) => {
    packed[2 * i] = slot;
    packed[2 * i + 1] = index;
  });
  return {
    kind: 'places',
    places: { blocks, records: packed },
    weight: COPY_WEIGHT + 2 * path.length + packed.byteLength + OBJECT_WEIGHT * blocks.length,
  };
}

/** Compares leaf entry `i`'s key with `key`. */
function compareKey(keys: DataView, i: number, key: PathKey): number {
  const at = i * LEAF_KEY_SIZE;
  const hi = keys.getUint32(at, true);
  if (hi !== key.hi) return hi < key.hi ? -1 : 1;
  const lo = keys.getUint32(at + 4, true);
  return lo === key.lo ? 0 : lo < key.lo ? -1 : 1;
}
