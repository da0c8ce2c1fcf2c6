import { compose, type Reads } from './compose.ts';
import { decodePage, pageRecords } from './page-text.ts';
import { decodePostings, decodeUint32s } from '../../contract/query-index.ts';
import {
  JSON_TYPE,
  attribution,
  envelope,
  pageMeta,
  type Attribution,
} from '../../contract/envelope.ts';
import { checkHealth, type HealthCheck } from './health.ts';
import { HotCache } from './hot-cache.ts';
import { objectMember } from './object-member.ts';
import type { Manifest } from '../../contract/manifest.ts';
import { HTML_TYPE, PAGE_POLICY } from '../../contract/page-policy.ts';
import { routeTable, type Missing, type RouteTable, type SimplePlan } from './route.ts';
import { stateAt, type Timeline } from '../../contract/timeline.ts';
import {
  BASE_HEADERS,
  CACHE_OK,
  FILE_HEADERS,
  NO_STORE,
  bodyOutcome,
  bodyTag,
  entityTag,
  errorOutcome,
  unavailableOutcome,
  type FileSource,
  type Outcome,
  type RequestFacts,
} from './outcome.ts';

/**
 * Answering: which file, composed body or error answers a request's plan (`route.ts`), before
 * the answer is coded and revalidated (`encoding.ts`) and its file sent (`send.ts`).
 */

/** What a router answers from: one build's manifest and files, read through its caches. */
export interface Answering {
  readonly manifest: Manifest;
  readonly files: FileSource;
  readonly table: RouteTable;
  /** The reads of decoded files composed answers make. */
  readonly reads: Reads;
  /**
   * The strong tag of a file, a hash of its bytes, with the bytes when they were read to make it
   * (the first time); null when there is no such file.
   */
  readonly fileTag: (file: string) => Promise<FileTag | null>;
}

type PlanOf<K extends SimplePlan['kind']> = Extract<SimplePlan, { kind: K }>;
type FilePlan = PlanOf<'file'>;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** The weight of a file held parsed: V8 holds it in more memory than its bytes. */
const twice = (size: number): number => 2 * size;

/**
 * What a posting file holds decoded: four bytes a position (where the file spends one or two),
 * and each key's string and array, about 128 bytes besides.
 */
function postingsWeight(lists: Map<string, Uint32Array>): number {
  let bytes = 0;
  for (const [key, list] of lists) bytes += list.byteLength + 2 * key.length + 128;
  return bytes;
}

/** How many files' tags a router remembers (about 100 bytes each) before it starts again. */
const FILE_TAGS_KEPT = 20_000;

/**
 * What a router answers from, for one build. `budget`: the bytes its cache of decoded files may
 * hold.
 */
export function answering(manifest: Manifest, files: FileSource, budget: number): Answering {
  return {
    manifest,
    files,
    table: routeTable(manifest),
    reads: decodedReads(files, budget),
    fileTag: contentTags(files),
  };
}

/**
 * The reads of decoded files, from a cache of `budget` bytes of them, keyed by their form and path
 * (one build's files never change), each counted at what it weighs in memory. Callers only read
 * them.
 */
function decodedReads(files: FileSource, budget: number): Reads {
  const decoded = new HotCache<{ doc: unknown; weight: number }>(budget, (p) => p.weight);
  /**
   * A file decoded by `decode` (its `form`, which the cache's key names), from the cache of
   * decoded files; `weigh` gives what it holds in memory from the file's size and the decoded.
   */
  const readDecoded = async <T>(
    form: string,
    file: string,
    decode: (bytes: Uint8Array) => T,
    weigh: (size: number, doc: T) => number,
  ) => {
    const entry = await decoded.get(`${form}:${file}`, async () => {
      const bytes = await files.read(file);
      if (bytes === null) return null;
      const doc = decode(bytes);
      return { doc: doc as unknown, weight: weigh(bytes.byteLength, doc) };
    });
    return (entry?.doc ?? null) as T | null;
  };
  const readPage = (file: string) =>
    readDecoded('page', file, decodePage, (_, page) => page.weight);
  // V8 holds parsed JSON in about twice the memory of its text.
  const readJson = (file: string): Promise<unknown> =>
    readDecoded('json', file, (bytes) => JSON.parse(decoder.decode(bytes)) as unknown, twice);
  return {
    json: readJson,
    page: readPage,
    pageRecords: async (file, wanted) => {
      // A tree's files are read whole; so is a page whose template is laid out otherwise.
      if (!files.records) return readPage(file);
      const found = await files.records.call(files, file);
      if (found?.kind !== 'envelope') return found && readPage(file);
      return pageRecords(found, wanted);
    },
    postings: (file) =>
      readDecoded('postings', file, decodePostings, (_, lists) => postingsWeight(lists)),
    uint32s: (file) =>
      readDecoded('uint32s', file, decodeUint32s, (_, values) => values.byteLength),
    keys: (file) => readJson(file) as Promise<string[] | null>,
    locate: async (file) => files.locate?.(file),
    member: async (file, key) => {
      const { parts } = files;
      if (!parts) return ((await readJson(file)) as Record<string, unknown> | null)?.[key];
      // The member alone, kept apart from other members of its file (whose blocks it never read).
      const entry = await decoded.get(`member:${file}\n${key}`, async () => {
        const found = await parts.call(files, file);
        const member = found && (await objectMember(found, key));
        return member ? { doc: member.value, weight: 2 * member.length } : null;
      });
      return entry?.doc;
    },
  };
}

/**
 * The tags of files, each a hash of the file's bytes, remembered by path (one build's files never
 * change): an answer that did not change keeps its tag across builds, whatever else changed.
 */
function contentTags(files: FileSource): (file: string) => Promise<FileTag | null> {
  const tags = new Map<string, string>();
  return async (file) => {
    const known = tags.get(file);
    if (known !== undefined) return { tag: known, bytes: null };
    const bytes = await files.read(file);
    if (bytes === null) return null;
    if (tags.size >= FILE_TAGS_KEPT) tags.clear();
    const tag = await bodyTag(new Uint8Array(bytes));
    tags.set(file, tag);
    return { tag, bytes };
  };
}

/** A file's tag, and its bytes when they were read to make it. */
interface FileTag {
  tag: string;
  bytes: Uint8Array | null;
}

/** The answer to a CORS preflight: the methods and headers any origin may use. */
export function preflightOutcome(request: RequestFacts): Outcome {
  return {
    status: 204,
    headers: {
      ...BASE_HEADERS,
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': request.header('access-control-request-headers') ?? '*',
      'Access-Control-Max-Age': '86400',
      'Cache-Control': CACHE_OK,
      'Content-Type': JSON_TYPE,
      ETag: entityTag('preflight'),
    },
    body: null,
  };
}

/** The answer to a plan, before content coding and conditional requests. */
export async function answer(plan: SimplePlan, target: string, from: Answering): Promise<Outcome> {
  switch (plan.kind) {
    case 'error':
      return errorOutcome(
        plan.status,
        plan.message,
        target,
        plan.errors,
        plan.allow ? { Allow: plan.allow } : {},
      );
    case 'compose':
      return composedOutcome(plan, target, from);
    case 'bucket':
      return bucketOutcome(plan, target, from);
    case 'timeline':
      return timelineOutcome(plan, target, from);
    case 'file':
      return plan.check
        ? ownedFile(plan, plan.check, target, from)
        : fileOutcome(plan, target, from.fileTag);
    case 'health':
      return healthOutcome(await checkHealth(from.manifest, from.files), target);
    default:
      return plan satisfies never;
  }
}

/** A page composed from several files (`compose.ts`), tagged by its bytes. */
async function composedOutcome(
  plan: PlanOf<'compose'>,
  target: string,
  from: Answering,
): Promise<Outcome> {
  const composed = await compose(plan, from.reads, from.manifest.providers);
  if (composed.status !== 200)
    return errorOutcome(composed.status, composed.error.message, target, composed.error.errors);
  // A path id that lists nothing may be a record's own id (`/events/actions/<modifier id>`).
  if (composed.total === 0 && plan.fallback) return answer(plan.fallback, target, from);
  const bytes = encoder.encode(composed.body);
  return bodyOutcome(200, bytes, { ETag: await bodyTag(bytes) });
}

/** One record of a bucket file, in its envelope. */
async function bucketOutcome(
  plan: PlanOf<'bucket'>,
  target: string,
  from: Answering,
): Promise<Outcome> {
  const entry = (await from.reads.member(plan.file, plan.id)) as
    { record: unknown; source: Attribution['source'] } | undefined;
  if (!entry) return errorOutcome(404, plan.missing, target);
  const body = envelope({
    attribution: { ...attribution(null), source: entry.source },
    meta: {},
    result: [entry.record],
  });
  return bodyOutcome(200, body);
}

/**
 * The match state at a time: one small file per match holds every state the match went through.
 */
async function timelineOutcome(
  plan: PlanOf<'timeline'>,
  target: string,
  from: Answering,
): Promise<Outcome> {
  const timeline = (await from.reads.json(plan.file)) as Timeline | null;
  if (!timeline) return errorOutcome(404, plan.missing, target);
  const result = stateAt(timeline, plan.time, plan.resource.fields);
  const body = envelope({
    attribution: { ...attribution(null), source: timeline.source },
    meta: {},
    result,
  });
  return bodyOutcome(200, body);
}

/**
 * A record addressed under its parent (a lineup under its match): sent only if it belongs
 * there.
 */
async function ownedFile(
  plan: FilePlan,
  check: NonNullable<FilePlan['check']>,
  target: string,
  from: Answering,
): Promise<Outcome> {
  const doc = (await from.reads.json(plan.file)) as { result: Record<string, unknown>[] } | null;
  const missing = plan.missing.kind === 'not-found' ? plan.missing.message : 'Not found.';
  // The parent id in the path is text; the record's may be a number (v0's integer ids).
  const owner = doc?.result[0]?.[check.key];
  if (owner === undefined || owner === null || String(owner) !== check.value)
    return errorOutcome(404, missing, target);
  return fileOutcome(plan, target, from.fileTag);
}

/**
 * A pre-rendered file, left for the adapter to send, tagged by its bytes; the answer for a path
 * with no file (`plan.missing`) when there is none.
 */
async function fileOutcome(
  plan: FilePlan,
  target: string,
  fileTag: Answering['fileTag'],
): Promise<Outcome> {
  const { missing } = plan;
  const absent = () =>
    missing.kind === 'empty'
      ? emptyOutcome(plan, missing)
      : errorOutcome(404, missing.message, target);
  const tagged = await fileTag(plan.file);
  if (tagged === null) return absent();
  const { tag, bytes } = tagged;
  return {
    status: 200,
    headers: {
      ...FILE_HEADERS,
      ...(plan.contentType === HTML_TYPE ? { 'Content-Security-Policy': PAGE_POLICY } : {}),
      'Content-Type': plan.contentType,
      ETag: tag,
    },
    body: null,
    // A file that goes between the tag and the sending (a build replaced under a tree).
    file: { path: plan.file, gzip: false, missing: absent, ...(bytes ? { bytes } : {}) },
  };
}

/**
 * The answer for a valid filter whose pre-rendered collection does not exist: no record matches.
 */
function emptyOutcome(plan: FilePlan, missing: Extract<Missing, { kind: 'empty' }>): Outcome {
  const resource = plan.resource!;
  const meta = resource.paginated
    ? pageMeta({
        path: missing.path,
        params: missing.params,
        page: 1,
        records: missing.records,
        total: 0,
        totals: resource.totals,
      })
    : {};
  return bodyOutcome(200, envelope({ attribution: attribution(null), meta, result: [] }));
}

/** The answer of the health check: the build's identity (200), or why it cannot be read (503). */
function healthOutcome(check: HealthCheck, target: string): Outcome {
  switch (check.kind) {
    case 'ready':
      return {
        status: 200,
        headers: { ...BASE_HEADERS, 'Content-Type': JSON_TYPE, ...NO_STORE },
        body: JSON.stringify(check.health),
      };
    case 'unreadable':
      return unavailableOutcome(check.reason, target);
    default:
      return check satisfies never;
  }
}
