import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  MAX_ENTRY_BYTES,
  parseParts,
  PARTS_FORMAT,
  PARTS_VERSION,
  type PartsEntry,
} from '../../contract/archive-parts.ts';
import { BufferedFile } from '../output/archive-sink.ts';

/**
 * The writer's side of an archive in parts (`contract/archive-parts.ts`): the assembler writes
 * the archive's bytes through `PartedFile`, which cuts them into parts in the build's scratch
 * folder and writes the entry point last; publishing moves the parts beside the entry point, then
 * renames the entry point over the previous one, then removes the previous build's parts.
 */

/** The smallest part the commands write: each part is a request on a cold read. */
export const MIN_PART_SIZE = 2 ** 20;

/** How the assembler writes the archive: the interface of `BufferedFile`. */
export interface ArchiveWriter {
  write(bytes: Uint8Array): void;
  readonly position: number;
  close(options?: { sync?: boolean }): void;
}

/** A part's name: the entry point's name, the build's tag and the part's number from 1. */
function partName(entry: string, tag: string, index: number, count: number): string {
  return `${entry}.${tag}.${String(index + 1).padStart(Math.max(3, String(count).length), '0')}`;
}

/** Whether `name` is a part of the entry point `entry`, of any build. */
function isPartOf(entry: string, name: string): boolean {
  return (
    name.startsWith(`${entry}.`) && /^[0-9a-f]{12}\.\d{3,}$/.test(name.slice(entry.length + 1))
  );
}

/** A SHA-256 being fed an archive's index: its bytes before the first block. */
export const indexHash = (): Hash => createHash('sha256');

/**
 * The tag of a build's parts: the SHA-256 of the archive's index, which changes with any file,
 * and of the parts' size, so that a part's name always stands for the same bytes. `index` has
 * been fed the index (`indexHash`), and is left as it was.
 */
export function buildTag(index: Hash, partSize: number): string {
  return index.copy().update(`/${partSize}`).digest('hex').slice(0, 12);
}

/**
 * Writes an archive of `length` bytes as parts of `partSize` into `scratch`, and on `close` its
 * entry point into `entryPath` (the file `file` names once published).
 */
export class PartedFile implements ArchiveWriter {
  position = 0;
  readonly entry: PartsEntry;
  private part: BufferedFile | null = null;
  private index = -1;

  constructor(
    private readonly scratch: string,
    private readonly entryPath: string,
    file: string,
    tag: string,
    length: number,
    partSize: number,
  ) {
    const count = Math.max(1, Math.ceil(length / partSize));
    const names = Array.from({ length: count }, (_, i) => partName(basename(file), tag, i, count));
    this.entry = { format: PARTS_FORMAT, version: PARTS_VERSION, length, partSize, parts: names };
  }

  write(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length;) {
      const end = (this.index + 1) * this.entry.partSize;
      if (this.part === null || this.position === end) {
        this.next();
        continue;
      }
      const take = Math.min(bytes.length - at, end - this.position);
      this.part.write(bytes.subarray(at, at + take));
      this.position += take;
      at += take;
    }
  }

  /** Closes the part being written and begins the next. */
  private next(): void {
    this.part?.close({ sync: true });
    this.index++;
    this.part = new BufferedFile(join(this.scratch, this.entry.parts[this.index]!));
  }

  close(options: { sync?: boolean } = {}): void {
    if (this.position !== this.entry.length)
      throw new Error(`archive parts of ${this.position} bytes, expected ${this.entry.length}`);
    if (this.part === null) this.next();
    this.part!.close(options);
    const entry = new BufferedFile(this.entryPath);
    entry.write(Buffer.from(`${JSON.stringify(this.entry, null, 1)}\n`));
    entry.close(options);
  }
}

/**
 * Moves the parts of `entry` from `scratch` beside `file`. Each has a name no other build's part
 * has, so a reader of the previous entry point reads on undisturbed; a part of the same name is
 * of the same build, the same bytes.
 */
export function placeParts(entry: PartsEntry, scratch: string, file: string): void {
  for (const name of entry.parts) renameSync(join(scratch, name), join(dirname(file), name));
}

/**
 * Removes, once the entry point at `file` is renamed over `previous`, the parts no new reader asks
 * for: those of `previous` the new entry point does not name, and, unless another build of the
 * same archive is under way (its parts may be placed and its entry point not yet renamed), any
 * other part of this entry point's name (those of a build killed after placing its parts).
 */
export function removeOldParts(
  file: string,
  previous: PartsEntry | null,
  otherBuilds: boolean,
): void {
  const kept = new Set(entryAt(file)?.parts ?? []);
  const folder = dirname(file);
  const old = new Set(previous?.parts ?? []);
  for (const name of readdirSync(folder))
    if (isPartOf(basename(file), name) && !kept.has(name) && (old.has(name) || !otherBuilds))
      rmSync(join(folder, name), { force: true });
}

/** The entry point at `file` when it is one, else null (a whole archive, or no file). */
export function entryAt(file: string): PartsEntry | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(MAX_ENTRY_BYTES);
    const read = readSync(fd, head, 0, head.length, 0);
    return parseParts(head.subarray(0, read));
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Bytes of the archive published at `file`: its own, and its parts' when it is an entry point. */
export function publishedBytes(file: string, bytesOf: (path: string) => number): number {
  const parts = entryAt(file)?.parts ?? [];
  return parts.reduce((n, name) => n + bytesOf(join(dirname(file), name)), bytesOf(file));
}
