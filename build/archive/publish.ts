import type { Hash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { basename, dirname, join, resolve } from 'node:path';
import { MAGIC, ZIP_INDEX_ENTRY } from '../../contract/archive-format.ts';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { openLocalArchive, type LocalArchive } from '../../contract/node/archive-file.ts';
import { UserError } from '../../lib/errors.ts';
import { faultPoint } from '../../data/faults.ts';
import type { PartsEntry } from '../../contract/archive-parts.ts';
import {
  buildTag,
  entryAt,
  PartedFile,
  placeParts,
  removeOldParts,
  type ArchiveWriter,
} from './parts.ts';
import { BufferedFile } from '../output/archive-sink.ts';

/**
 * Where builds are written and how one is published, atomically. `--out dist` is a symbolic link to
 * a complete build in a sibling folder, `.dist.builds/<id>`; a build writes into
 * `.dist.builds/<id>.partial`, renames it to `<id>` when complete, and flips the link with one
 * `rename(2)` over it. At every instant `dist` is one complete build, the previous one or the new
 * one, whatever kills the process; the next build removes what a killed one left.
 *
 *   dist -> .dist.builds/20261123T201500123-4242      the published build
 *   .dist.builds/20261123T201500123-4242/             complete builds (the published one only)
 *   .dist.builds/20261123T203000456-4343.partial/     a build being written (pid 4343)
 *   .dist.builds/derived-4343.sqlite                  its derived tables, removed when it ends
 */

/** The folders of one build. */
export interface Staging {
  /** The output path users name (`dist`): the link. */
  out: string;
  /** Where builds live: `.dist.builds` beside `out`. */
  builds: string;
  /** This build's id: its folder's name once complete. */
  id: string;
  /** The folder being written. */
  partial: string;
  /** Scratch database of the derived tables (statistics), read by every worker. */
  derived: string;
}

/** A folder name that sorts by time and names the process that made it. */
function buildId(): string {
  const stamp = new Date().toISOString().replace(/[-:.Z]/g, '');
  return `${stamp}-${process.pid}`;
}

/** Whether a process is alive (a partial build of a live process is not stale). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid that named a build folder or scratch file, if any. */
function ownerPid(name: string): number | null {
  const m = /-(\d+)(?:\.partial|\.sqlite(?:-wal|-shm|-journal)?)?$/.exec(name);
  return m ? Number(m[1]) : null;
}

/**
 * Refuses an `--out` that is neither absent, an empty folder, a link to a build, nor a folder with
 * a previous build in it: a wrong `--out` must not be erased.
 */
function assertReplaceable(out: string): void {
  const stat = lstatSync(out, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (!stat.isDirectory())
    throw new UserError(
      `${out} exists and is not a folder of a previous build; choose another --out.`,
    );
  // Another program's manifest.json (a web app's) does not make a folder a build.
  if (readdirSync(out).length > 0 && publishedManifest(out) === null) {
    throw new UserError(
      `${out} exists and is not a previous build (no ${MANIFEST_FILE} of a build); ` +
        'choose another --out.',
    );
  }
}

/** The build a link points to (its folder name), or null. */
function published(out: string): string | null {
  const stat = lstatSync(out, { throwIfNoEntry: false });
  return stat?.isSymbolicLink() ? basename(readlinkSync(out)) : null;
}

/**
 * Prepares a new build of `out`: checks that `out` may be replaced, removes what earlier builds
 * left (partial folders of dead processes, builds no longer published, stray links), and creates
 * this build's partial folder.
 */
export function stage(outPath: string): Staging {
  const out = resolve(outPath);
  assertReplaceable(out);
  const parent = dirname(out);
  const builds = join(parent, `.${basename(out)}.builds`);
  mkdirSync(builds, { recursive: true });
  removeStale(out, builds);
  const id = buildId();
  const partial = join(builds, `${id}.partial`);
  mkdirSync(partial);
  return { out, builds, id, partial, derived: join(builds, `derived-${process.pid}.sqlite`) };
}

/** Deletes a folder in a detached process that outlives the build (or the test). */
export function deleteDetached(folder: string): void {
  spawn(
    process.execPath,
    ['-e', 'require("fs").rmSync(process.argv[1], { recursive: true, force: true })', folder],
    { detached: true, stdio: 'ignore' },
  ).unref();
}

/**
 * Removes a folder in the background. Unlinking a build's tens of thousands of files can take longer
 * than writing them, so the folder is first renamed
 * into the trash beside the builds (instant, and out of every reader's way), then deleted by a
 * detached process; the next build deletes whatever the trash still holds.
 */
function removeLater(folder: string, trash: string): void {
  mkdirSync(trash, { recursive: true });
  const doomed = join(trash, `${basename(folder)}-${Date.now()}`);
  renameSync(folder, doomed);
  deleteDetached(doomed);
}

/** The trash folder of an output: `.dist.trash` beside `dist`. */
const trashOf = (out: string) => join(dirname(out), `.${basename(out)}.trash`);

/**
 * Removes every build folder and scratch file that is neither published nor a live build's, and
 * what earlier removals left in the trash.
 */
function removeStale(out: string, builds: string): void {
  const current = published(out);
  const trash = trashOf(out);
  for (const name of existsSync(trash) ? readdirSync(trash) : []) deleteDetached(join(trash, name));
  for (const name of readdirSync(builds)) {
    if (name === current) continue;
    const pid = ownerPid(name);
    const building = name.endsWith('.partial') || name.startsWith('derived-');
    if (building && pid !== null && pid !== process.pid && alive(pid)) continue;
    const path = join(builds, name);
    if (lstatSync(path).isDirectory()) removeLater(path, trash);
    else rmSync(path, { force: true });
  }
  const parent = dirname(out);
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(`.${basename(out)}.link-`)) continue;
    const pid = ownerPid(name);
    if (pid === null || !alive(pid) || pid === process.pid)
      rmSync(join(parent, name), { force: true });
  }
}

/**
 * Publishes a complete build: its folder takes its final name, then `out` is flipped to it with one
 * atomic rename of a fresh link over the old, and the build it replaced is removed. A previous
 * build written as a plain folder (before builds were links) is moved into the builds folder first:
 * the one moment in which `out` is missing.
 */
export function publish(staging: Staging): void {
  const { out, builds, id, partial } = staging;
  faultPoint('publish:complete');
  const final = join(builds, id);
  renameSync(partial, final);
  faultPoint('publish:renamed');
  const link = join(dirname(out), `.${basename(out)}.link-${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(join(basename(builds), id), link, 'dir');
  faultPoint('publish:linked');
  const stat = lstatSync(out, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    if (readdirSync(out).length === 0) rmSync(out, { recursive: true });
    else renameSync(out, join(builds, `legacy-${process.pid}`));
  }
  renameSync(link, out);
  faultPoint('publish:flipped');
  removeStale(out, builds);
}

/** The suffixes of a SQLite database's files: the database, its log, shared memory, journal. */
export const SQLITE_FILES = ['', '-wal', '-shm', '-journal'] as const;

/** Removes this build's partial folder and scratch files (a failed or interrupted build). */
export function discard(staging: Staging): void {
  if (existsSync(staging.partial)) removeLater(staging.partial, trashOf(staging.out));
  for (const suffix of SQLITE_FILES) rmSync(`${staging.derived}${suffix}`, { force: true });
}

/** The manifest of the build `out` publishes now, or null when there is none. */
export function publishedManifest(out: string): Manifest | null {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8'));
    return isBuildManifest(manifest) ? manifest : null;
  } catch {
    return null;
  }
}

/** Whether a parsed `manifest.json` is a build's: another program's has no list of resources. */
function isBuildManifest(value: unknown): value is Manifest {
  if (value === null || typeof value !== 'object') return false;
  const { format, resources } = value as Partial<Record<keyof Manifest, unknown>>;
  return typeof format === 'number' && Array.isArray(resources);
}

/**
 * The manifest of the archive at `file`, or null when there is none, it is not an archive, or it
 * is not laid out in parts of `partSize` when that is given (null: whole).
 */
export async function archivedManifest(
  file: string,
  partSize?: number | null,
): Promise<Manifest | null> {
  let archive: LocalArchive | undefined;
  if (partSize !== undefined && (entryAt(file)?.partSize ?? null) !== partSize) return null;
  try {
    archive = await openLocalArchive(file);
    const bytes = await archive.reader.read(MANIFEST_FILE);
    return bytes ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as Manifest) : null;
  } catch {
    return null;
  } finally {
    await archive?.close();
  }
}

/**
 * The folders of an archive build. Tasks write segments into a scratch folder beside the archive,
 * `.<name>.build-<pid>/`; they are assembled into `.<name>.partial-<pid>`, which is renamed over
 * the archive only when complete: a reader opens the previous archive or the new one, never half
 * of one. The next build removes what a killed one left.
 */
export interface ArchiveStaging {
  /** The archive users name. */
  file: string;
  /** Segments and the derived tables' scratch database. */
  scratch: string;
  derived: string;
  /** The archive being assembled; for an archive in parts, its entry point. */
  partial: string;
  /** The size of the parts to write, or null for one file. */
  partSize: number | null;
  /** The entry point of the parts written, once the assembler has begun them. */
  entry: PartsEntry | null;
}

/**
 * Prepares an archive build, in parts of `partSize` bytes unless it is null: refuses to replace
 * a file that is not an archive (or the entry point of one), removes what killed builds of the
 * same archive left, and creates the scratch folder.
 */
export function stageArchive(filePath: string, partSize: number | null = null): ArchiveStaging {
  const file = resolve(filePath);
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (stat && !(stat.isFile() && (isArchive(file) || entryAt(file) !== null)))
    throw new UserError(`${file} exists and is not an API archive; choose another file.`);
  const dir = dirname(file);
  const prefix = `.${basename(file)}.`;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || liveOther(name)) continue;
    if (/^(build|partial)-\d+$/.test(name.slice(prefix.length)))
      rmSync(join(dir, name), { recursive: true, force: true });
  }
  const scratch = join(dir, `${prefix}build-${process.pid}`);
  mkdirSync(scratch);
  return {
    file,
    scratch,
    derived: join(scratch, 'derived.sqlite'),
    partial: join(dir, `${prefix}partial-${process.pid}`),
    partSize,
    entry: null,
  };
}

/** The writer `assembleArchive` writes the staged archive through: one file, or parts. */
export function stagedWriter(staging: ArchiveStaging) {
  return (index: Hash, length: number): ArchiveWriter => {
    if (staging.partSize === null) return new BufferedFile(staging.partial);
    const { scratch, partial, file, partSize } = staging;
    const tag = buildTag(index, partSize);
    const parted = new PartedFile(scratch, partial, file, tag, length, partSize);
    staging.entry = parted.entry;
    return parted;
  };
}

/** Whether a scratch name is another live process's. */
function liveOther(name: string): boolean {
  const pid = ownerPid(name);
  return pid !== null && pid !== process.pid && alive(pid);
}

/** Whether another live process is building the archive `file` (its scratch folder is there). */
function otherBuildsOf(file: string): boolean {
  const prefix = `.${basename(file)}.build-`;
  return readdirSync(dirname(file)).some((name) => name.startsWith(prefix) && liveOther(name));
}

/**
 * Whether a file starts as an archive does: with the magic, or (formats 1 to 4, which a build
 * replaces) with a ZIP local header of the index entry.
 */
function isArchive(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(30 + ZIP_INDEX_ENTRY.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return (
      head.toString('latin1', 0, MAGIC.length) === MAGIC ||
      (read === head.length &&
        head.readUInt32LE(0) === 0x04034b50 &&
        head.toString('utf8', 30) === ZIP_INDEX_ENTRY)
    );
  } finally {
    closeSync(fd);
  }
}

/**
 * Renames the assembled archive over the previous one (atomic), then removes the scratch. Parts
 * are moved beside it first, under names of their own, and the previous build's removed after.
 */
export function publishArchive(staging: ArchiveStaging): void {
  faultPoint('publish:complete');
  if (staging.entry) placeParts(staging.entry, staging.scratch, staging.file);
  faultPoint('publish:placed');
  const previous = entryAt(staging.file);
  renameSync(staging.partial, staging.file);
  faultPoint('publish:flipped');
  removeOldParts(staging.file, previous, otherBuildsOf(staging.file));
  discardArchive(staging);
}

/** Removes an archive build's scratch folder and partial file (a failed or finished build). */
export function discardArchive(staging: ArchiveStaging): void {
  rmSync(staging.scratch, { recursive: true, force: true });
  rmSync(staging.partial, { force: true });
}
