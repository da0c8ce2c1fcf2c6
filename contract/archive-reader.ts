import {
  FIRST_READ,
  FORMAT_VERSION,
  HEADER_SIZE,
  INDEX_DATA_START,
  INDEX_ENTRY,
  LEAF_ENTRY_SIZE,
  MAGIC,
  ROOT_ENTRY_SIZE,
  ZIP,
  fileKey,
  getUint64,
  gzipMember,
  leafOf,
  type IndexHeader,
  type OpeningRecord,
  type PathKey,
  type RootEntry,
} from './archive-format.ts';

/**
 * Reads files out of a one-file API archive with range reads (format: `archive-format.ts`,
 * docs/archive.md). A cold lookup costs three reads (the first bytes with header and root, one leaf
 * of the index, the file); once the leaf is cached, one. The manifest, which every reader reads
 * first, comes with the first bytes: the index holds a copy of its record. Every byte read is
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

/** The two primitives a runtime provides: CRC-32 and raw inflate. */
export interface Codec {
  crc32(data: Uint8Array): number;
  /**
   * Inflates a raw deflate stream. `size` is the length the index or the entry states: a codec
   * may size its output by it, and must still return all it inflated, so that a stream that
   * says otherwise is caught by the length check.
   */
  inflateRaw(data: Uint8Array, size: number): Uint8Array | Promise<Uint8Array>;
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

/** A file found in the archive, still compressed. */
export interface ArchivedFile {
  path: string;
  /** CRC-32 and length of the file's bytes. */
  crc: number;
  size: number;
  /** The raw deflate stream. */
  deflated: Uint8Array;
}

/**
 * The bytes of decoded leaves a reader keeps unless told otherwise: about 256 leaves of 4,096
 * entries. A lookup whose leaf is not kept reads and inflates the whole leaf first.
 */
export const INDEX_CACHE_BYTES = 24 * 1024 * 1024;

const decoder = new TextDecoder();

/** An open archive. */
export class ArchiveReader {
  /** Decoded leaves, least recently used first, and their total bytes. */
  private readonly leaves = new Map<number, DataView>();
  private leafBytes = 0;
  /**
   * Leaves being read, by the scope that may share them (`ReadScope`): lookups in one leaf asked
   * for at once (a collection's pages) share its read.
   */
  private readonly reading = new WeakMap<object, Map<number, Promise<DataView>>>();

  private constructor(
    private readonly source: RangeSource,
    private readonly codec: Codec,
    readonly header: IndexHeader,
    private readonly root: DataView,
    private readonly indexBytes: number,
    /** The file whose record the index holds a copy of (the manifest), found with no read. */
    private readonly opening: ArchivedFile | null,
    private readonly scope: ReadScope,
  ) {}

  /**
   * Opens an archive: one read, which checks the header, the root and the archive's length.
   * `indexBytes`: the most memory its decoded index leaves may hold (24 bytes a file), least
   * recently used first out; an index that fits is read once. `scope`: what a read under way
   * may be shared within (`ReadScope`).
   */
  static async open(
    source: RangeSource,
    codec: Codec,
    indexBytes = INDEX_CACHE_BYTES,
    scope: ReadScope = () => undefined,
  ): Promise<ArchiveReader> {
    if (source.length < INDEX_DATA_START + HEADER_SIZE)
      throw new ArchiveError(`not an API archive: ${source.length} bytes is too short`);
    const first = await source.read(0, Math.min(source.length, FIRST_READ));
    const view = new DataView(first.buffer, first.byteOffset, first.byteLength);
    const name = decoder.decode(first.subarray(ZIP.localSize, INDEX_DATA_START));
    if (
      view.getUint32(0, true) !== ZIP.local ||
      name !== INDEX_ENTRY ||
      decoder.decode(first.subarray(INDEX_DATA_START, INDEX_DATA_START + 8)) !== MAGIC
    )
      throw new ArchiveError(`not an API archive: it does not start with ${INDEX_ENTRY}`);
    const at = INDEX_DATA_START;
    const headerBytes = first.subarray(at, at + HEADER_SIZE);
    if (codec.crc32(headerBytes.subarray(0, 60)) !== view.getUint32(at + 60, true))
      throw new ArchiveError('the archive index header is damaged (CRC-32 mismatch)');
    const header: IndexHeader = {
      version: view.getUint32(at + 8, true),
      leafBits: view.getUint32(at + 12, true),
      files: getUint64(view, at + 16),
      dataStart: getUint64(view, at + 24),
      archiveLength: getUint64(view, at + 32),
      rootCrc: view.getUint32(at + 40, true),
      opening: {
        offset: view.getUint32(at + 44, true),
        length: view.getUint32(at + 48, true),
        crc: view.getUint32(at + 52, true),
      },
    };
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
    const rootStart = at + HEADER_SIZE;
    const root = first.subarray(rootStart, rootStart + ROOT_ENTRY_SIZE * 2 ** header.leafBits);
    if (codec.crc32(root) !== header.rootCrc)
      throw new ArchiveError('the archive index root is damaged (CRC-32 mismatch)');
    return new ArchiveReader(
      source,
      codec,
      header,
      new DataView(root.buffer, root.byteOffset, root.byteLength),
      indexBytes,
      await openingFile(source, codec, header.opening, first),
      scope,
    );
  }

  /** The root entry of a leaf. */
  private rootEntry(leaf: number): RootEntry {
    const at = leaf * ROOT_ENTRY_SIZE;
    return {
      offset: this.root.getUint32(at, true),
      length: this.root.getUint32(at + 4, true),
      crc: this.root.getUint32(at + 8, true),
      files: this.root.getUint32(at + 12, true),
    };
  }

  /**
   * Where leaf `leaf` of the index is in the archive, as a reader reads it; null when it holds no
   * file, and nothing is read for it.
   */
  leafRange(leaf: number): { offset: number; length: number } | null {
    const entry = this.rootEntry(leaf);
    return entry.files > 0
      ? { offset: INDEX_DATA_START + entry.offset, length: entry.length }
      : null;
  }

  /** A leaf of the index, decoded and checked, from the cache or with one read. */
  private async leaf(leaf: number): Promise<DataView> {
    const cached = this.leaves.get(leaf);
    if (cached) {
      this.leaves.delete(leaf);
      this.leaves.set(leaf, cached);
      return cached;
    }
    const scope = this.scope() ?? this;
    let reading = this.reading.get(scope);
    if (!reading) this.reading.set(scope, (reading = new Map()));
    let read = reading.get(leaf);
    if (!read) {
      const own = reading;
      read = this.readLeaf(leaf).finally(() => own.delete(leaf));
      reading.set(leaf, read);
    }
    return read;
  }

  /** Reads, checks and keeps a leaf of the index. */
  private async readLeaf(leaf: number): Promise<DataView> {
    const entry = this.rootEntry(leaf);
    let view: DataView = new DataView(new ArrayBuffer(0));
    const range = this.leafRange(leaf);
    if (range) {
      const stored = await this.source.read(range.offset, range.length);
      if (stored.length !== entry.length || this.codec.crc32(stored) !== entry.crc)
        throw new ArchiveError(`leaf ${leaf} of the archive index is damaged (CRC-32 mismatch)`);
      const size = entry.files * LEAF_ENTRY_SIZE;
      const bytes = await this.inflate(stored, size, `leaf ${leaf} of the archive index`);
      if (bytes.length !== size)
        throw new ArchiveError(`leaf ${leaf} of the archive index has the wrong length`);
      view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    if (view.byteLength <= this.indexBytes && !this.leaves.has(leaf)) {
      this.leaves.set(leaf, view);
      this.leafBytes += view.byteLength;
      for (const [oldest, kept] of this.leaves) {
        if (this.leafBytes <= this.indexBytes) break;
        this.leaves.delete(oldest);
        this.leafBytes -= kept.byteLength;
      }
    }
    return view;
  }

  /**
   * Readies a later read of `path`: its leaf of the index is read now, if it is not kept, so that
   * the read costs one read of the file. Files read together share a leaf (`groupOf`).
   */
  async locate(path: string): Promise<void> {
    await this.leaf(leafOf(fileKey(path), this.header.leafBits));
  }

  /** Finds a file: null when the archive has none at that path. */
  async entry(path: string): Promise<ArchivedFile | null> {
    if (this.opening?.path === path) return this.opening;
    const key = fileKey(path);
    const leaf = await this.leaf(leafOf(key, this.header.leafBits));
    const count = leaf.byteLength / LEAF_ENTRY_SIZE;
    // The first entry whose key is not below the path's; keys are sorted, equal keys (a hash
    // collision, almost never) are told apart by the name in each record.
    let low = 0;
    let high = count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareKey(leaf, mid, key) < 0) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < count && compareKey(leaf, i, key) === 0; i++) {
      const at = i * LEAF_ENTRY_SIZE;
      const file = await this.record(
        path,
        getUint64(leaf, at + 8),
        leaf.getUint32(at + 16, true),
        leaf.getUint32(at + 20, true),
      );
      if (file) return file;
    }
    return null;
  }

  /** Reads and checks one ZIP record; null when it holds another path. */
  private async record(
    path: string,
    offset: number,
    length: number,
    crc: number,
  ): Promise<ArchivedFile | null> {
    const bytes = await this.source.read(this.header.dataStart + offset, length);
    if (bytes.length !== length || this.codec.crc32(bytes) !== crc)
      throw new ArchiveError(`the archive entry for ${path} is damaged (CRC-32 mismatch)`);
    const file = parseRecord(bytes, `the archive entry for ${path}`);
    return file.path === path ? file : null;
  }

  /** A file's bytes, or null when the archive has none at that path. */
  async read(path: string): Promise<Uint8Array | null> {
    const file = await this.entry(path);
    if (!file) return null;
    const bytes = await this.inflate(file.deflated, file.size, `the archive entry for ${path}`);
    if (bytes.length !== file.size)
      throw new ArchiveError(`the archive entry for ${path} has the wrong length`);
    return bytes;
  }

  /** A file as a gzip member, without recompressing; null when there is none at that path. */
  async gzip(path: string): Promise<Uint8Array | null> {
    const file = await this.entry(path);
    return file && gzipMember(file.deflated, file.crc, file.size);
  }

  private async inflate(data: Uint8Array, size: number, what: string): Promise<Uint8Array> {
    try {
      return await this.codec.inflateRaw(data, size);
    } catch (e) {
      throw new ArchiveError(`${what} does not decompress: ${(e as Error).message}`);
    }
  }
}

/** A ZIP record (local header, name, deflate stream) as a file; `what` names it in an error. */
function parseRecord(bytes: Uint8Array, what: string): ArchivedFile {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < ZIP.localSize) throw new ArchiveError(`${what} is not a deflated ZIP entry`);
  const nameLength = view.getUint16(26, true);
  const dataStart = ZIP.localSize + nameLength + view.getUint16(28, true);
  if (
    view.getUint32(0, true) !== ZIP.local ||
    view.getUint16(8, true) !== ZIP.deflated ||
    dataStart + view.getUint32(18, true) !== bytes.length
  )
    throw new ArchiveError(`${what} is not a deflated ZIP entry`);
  return {
    path: decoder.decode(bytes.subarray(ZIP.localSize, ZIP.localSize + nameLength)),
    crc: view.getUint32(14, true),
    size: view.getUint32(22, true),
    deflated: bytes.subarray(dataStart),
  };
}

/**
 * The file of the index's opening record: from the first bytes read, and with one more read of
 * the rest when it ends past them (a large root); null when the index holds none.
 */
async function openingFile(
  source: RangeSource,
  codec: Codec,
  opening: OpeningRecord,
  first: Uint8Array,
): Promise<ArchivedFile | null> {
  if (opening.length === 0) return null;
  const start = INDEX_DATA_START + opening.offset;
  const end = start + opening.length;
  // The part of it the first read holds (none when it starts past it), then the rest.
  let bytes = first.subarray(start, end);
  if (bytes.length < opening.length) {
    const rest = await source.read(start + bytes.length, opening.length - bytes.length);
    const whole = new Uint8Array(bytes.length + rest.length);
    whole.set(bytes);
    whole.set(rest, bytes.length);
    bytes = whole;
  }
  if (bytes.length !== opening.length || codec.crc32(bytes) !== opening.crc)
    throw new ArchiveError("the archive index's opening record is damaged (CRC-32 mismatch)");
  return parseRecord(bytes, "the archive index's opening record");
}

/** Compares leaf entry `i`'s key with `key`. */
function compareKey(leaf: DataView, i: number, key: PathKey): number {
  const at = i * LEAF_ENTRY_SIZE;
  const hi = leaf.getUint32(at, true);
  if (hi !== key.hi) return hi < key.hi ? -1 : 1;
  const lo = leaf.getUint32(at + 4, true);
  return lo === key.lo ? 0 : lo < key.lo ? -1 : 1;
}
