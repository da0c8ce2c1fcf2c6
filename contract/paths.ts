import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The one mapping between the API's address space and the files in `dist/`. The build writes
 * through these functions and the router reads through them, so the two can never disagree.
 *
 * Layout of a resource folder `R` (the URL path without its leading slash, e.g. `v1/persons`):
 *
 *   R/index.json page 1 of the collection (the whole collection when not paginated)
 *   R/_page/<n>.json               page n >= 2 at the default page size
 *   R/<id>.json                    one record
 *   R/_by/<field>/<value>/...      a single-field filter collection, laid out like R itself
 *   R/_options.json                the OPTIONS documentation
 *   R/_timeline/<id>.json          a match's state timeline (analytics state, `contract/timeline.ts`)
 *
 *   R/_id/<bucket>.json records of bucketed resources, by the bucket of the id (`bucketName`)
 *   R/_by/<field>/_id/<bucket>.json the collections of a `bucket` filter, by the bucket of the
 *   value:
 *                                  `{ "<value>": { "source": {...}, "result": [...] } }`
 *
 * Record ids are hex or decimal digits and filter folders start with `_`, so the two never collide.
 * A plain static host serving `index.json` for folders and `.json` extensions can answer
 * `/v1/persons` and `/v1/persons/<id>` without the router.
 */

/** The root document of a version: `/v1/`. */
export function rootFile(version: string): string {
  return `${version}/index.json`;
}

/** The OPTIONS documentation of a resource. */
export function optionsFile(resource: string): string {
  return `${resource}/_options.json`;
}

/** The file of one record. */
export function recordFile(resource: string, id: string | number): string {
  return `${resource}/${id}.json`;
}

/**
 * The bucket of an id or a filter value: a uuid's first `digits` hex digits (uuids spread evenly
 * over them); an integer divided by 16^`digits`, rounded down, so consecutive integer ids (v0's,
 * handed out one after another) share a file. A uuid has 32 characters, so it is never taken for an
 * integer.
 */
export function bucketName(value: string, digits: number): string {
  return /^\d{1,20}$/.test(value)
    ? String(Math.floor(Number(value) / 16 ** digits))
    : value.slice(0, digits);
}

/** The bucket file holding a record of a bucketed resource. */
export function bucketFile(resource: string, id: string, digits: number): string {
  return `${resource}/_id/${bucketName(id, digits)}.json`;
}

/**
 * The bucket file holding the collection of one value of a `bucket` filter (a uuid or integer
 * field). No value folder is ever `_id` (keys are percent-encoded or `_` plus 40 hex digits), so
 * the two never collide.
 */
export function groupBucketFile(
  resource: string,
  field: string,
  value: string,
  digits: number,
): string {
  return `${resource}/_by/${field}/_id/${bucketName(value, digits)}.json`;
}

/**
 * The folder of a collection: the resource itself or one of its single-field filter collections.
 */
export function collectionDir(resource: string, filter?: { field: string; key: string }): string {
  return filter ? `${resource}/_by/${filter.field}/${valueSegment(filter.key)}` : resource;
}

/** The file of page `page` (1-based, default page size) of the collection in `dir`. */
export function pageFile(dir: string, page: number): string {
  return page === 1 ? `${dir}/index.json` : `${dir}/_page/${page}.json`;
}

/** The state timeline of match `id` (a document resource answering `time`). */
export function timelineFile(resource: string, id: string): string {
  return `${resource}/_timeline/${id}.json`;
}

/** The precompressed variant of a file. */
export function encodedFile(file: string, encoding: 'br' | 'gzip'): string {
  return `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
}

const LONGEST_SEGMENT = 160;

/**
 * A filter key as one safe file-name segment: percent-encoded so only `[A-Za-z0-9_%-]` remain (no
 * dot, so never `.` or `..`), `_` for the empty string, and `_` + a hash for keys too long for a
 * file name.
 */
export function valueSegment(key: string): string {
  if (key === '') return '_';
  const encoded = encodeURIComponent(key).replace(
    /[.!'()*~_]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  if (encoded.length <= LONGEST_SEGMENT) return encoded;
  return `_${bytesToHex(sha256(utf8ToBytes(key))).slice(0, 40)}`;
}

/**
 * What makes a path unsafe: a backslash or NUL anywhere, or a segment that is empty (a leading,
 * trailing or doubled `/`), `.` or `..`. One pattern rather than splitting the path: every file a
 * build writes is checked, 1.8 million of them for the national set.
 */
const UNSAFE_PATH = /[\\\0]|(?:^|\/)\.{0,2}(?:\/|$)/;

/**
 * True when a relative file path stays inside the output folder: no empty, `.` or `..` segments, no
 * backslashes, NUL bytes or absolute paths. Both sides check it before touching the disk.
 */
export function isSafeRelativePath(file: string): boolean {
  return file !== '' && !UNSAFE_PATH.test(file);
}
