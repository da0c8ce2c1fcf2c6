import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { openReadOnly } from '../data/db.ts';
import { bytesUnder, DiskFullError, isDiskFull } from '../data/disk-full.ts';
import { envelope, JSON_TYPE } from '../contract/envelope.ts';
import {
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type Manifest,
  type ResourceManifest,
} from '../contract/manifest.ts';
import { rootFile } from '../contract/paths.ts';
import { derivedTables } from './derived/tables.ts';
import { manifestEntry } from './write/describe.ts';
import { LICENCES_FILE, licencesDocument, readProviders } from './write/licences.ts';
import { LOGO_SVG } from './site/logo.ts';
import { OPENAPI_FILE, openApiDocument } from './openapi/openapi.ts';
import { openApiParts } from './openapi/parts.ts';
import type { Json } from './openapi/schemas.ts';
import { runPool, taskName, type PoolEvents, type Scheduled } from './pool.ts';
import { assembleArchive } from './archive/assemble.ts';
import { publishedBytes } from './archive/parts.ts';
import { SegmentSink } from './output/archive-sink.ts';
import {
  discard,
  discardArchive,
  publish,
  publishArchive,
  publishedManifest,
  stage,
  stageArchive,
  stagedWriter,
  SQLITE_FILES,
} from './archive/publish.ts';
import { REGISTRY } from './registry/index.ts';
import type { Registry } from './define/resource.ts';
import { renderLinks } from './write/render.ts';
import type { Example } from './write/collection.ts';
import { MEMORY_BUDGET } from './write/spool.ts';
import { siteFiles, type SiteFile } from './site/site.ts';
import { TreeSink, WriteGate, type OutputSink, type SinkCounts } from './output/sink.ts';
import {
  TaskRunner,
  segmentOf,
  type BuildPlan,
  type PlannedOutput,
  type Task,
  type TaskProgress,
  type TaskResult,
} from './tasks.ts';

/**
 * Where a build goes: a tree of files (`out`, a link flipped to the new build only when it is
 * complete, `publish.ts`), or one archive file (`archive`, renamed into place when complete).
 */
export type BuildOutput =
  | {
      out: string;
      /** Also write `.br` and `.gz` variants of every file. */
      precompress?: boolean;
      archive?: never;
    }
  | {
      archive: string;
      /** Write the archive as parts of this many bytes and an entry point (`archive-parts.ts`). */
      partSize?: number;
      out?: never;
      precompress?: never;
    };

/** What `build()` needs. */
export type BuildOptions = BuildOutput & {
  /** SQLite database to read. */
  db: string;
  /**
   * The resources to build; default the published registry. A registry of other definitions
   * (tests) is built in the calling thread, since worker threads load the published one.
   */
  registry?: Registry;
  /** Worker threads (default: the number of cores). The output does not depend on it. */
  workers?: number;
  /** Told of the build's progress a few times a second. */
  progress?: (progress: BuildProgress) => void;
  /** Aborts the build (Ctrl-C): the workers stop and the previous output stays as it was. */
  signal?: AbortSignal;
  /** What the database was made from, recorded in the manifest (`Manifest.inputs`). */
  inputs?: string;
  /**
   * Bytes of records a resource keeps in memory before it spools them all to disk (default
   * `MEMORY_BUDGET`, 48 MB); the output does not depend on it. Tests give 0 to build small data
   * the way the real micro-events are built.
   */
  spoolBytes?: number;
};

/** The state of a running build, for a progress display. */
export interface BuildProgress {
  resources: number;
  resourcesDone: number;
  files: number;
  bytes: number;
  /** Fraction of the estimated work done, 0 to 1. */
  fraction: number;
}

/** Figures of a finished build. */
export interface BuildSummary {
  resources: number;
  records: number;
  files: number;
  bytes: number;
  /** The archive's length, for an archive build. */
  archiveBytes?: number;
  seconds: number;
}

/** A finished resource task's report. */
type ResourceResult = Extract<TaskResult, { kind: 'resource' }>;

/**
 * What the main thread reads of the database for its own files: the licences and the site, and
 * the providers the manifest lists.
 */
interface Documents {
  licences: string;
  site: SiteFile[];
  providers: Manifest['providers'];
}

/**
 * Builds the API from a database into `out`, atomically: everything is written into a fresh
 * folder, and only a complete build is published (`publish.ts`). A failed, aborted or killed build
 * leaves the previous output as it was, and removes its own folder (or the next build does).
 */
export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = process.hrtime.bigint();
  const registry = options.registry ?? REGISTRY;
  // A clear error for a missing or outdated database, first.
  const documents = readDocuments(options.db);
  const target =
    options.archive !== undefined
      ? archiveTarget(options.archive, options.partSize ?? null, registry, threadsOf(options))
      : treeTarget(options.out, options.precompress ?? false);
  const plan: BuildPlan = {
    db: options.db,
    derived: target.derived,
    output: target.output,
    spoolBytes: options.spoolBytes ?? MEMORY_BUDGET,
  };
  let failed = false;
  try {
    // The derived tables' scratch database, in WAL mode so workers read one table while another
    // is being filled.
    new Database(plan.derived).pragma('journal_mode = WAL');
    const results = new Map<number, ResourceResult>();
    const previous = options.archive === undefined ? previousCounts(options.out) : new Map();
    const totals = await runTasks(plan, registry, options, previous, (r) =>
      results.set(r.index, r),
    );
    const { sink } = target;
    const resources = writeMainFiles(sink, registry, results, documents, options);
    const archiveBytes = await target.publish();
    return {
      resources: resources.length,
      records: resources.reduce((n, r) => n + r.count, 0),
      files: totals.files + sink.files,
      bytes: totals.bytes + sink.bytes,
      ...(archiveBytes === null ? {} : { archiveBytes }),
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
    };
  } catch (error) {
    failed = true;
    if (!isDiskFull(error)) throw error;
    const { written, previous } = target.sizes();
    throw new DiskFullError('build', written, previous, error);
  } finally {
    discardTarget(target, failed);
  }
}

/** The licences and the site's files, read of the database `db` (closed again). */
function readDocuments(db: string): Documents {
  const source = openReadOnly(db);
  try {
    return {
      licences: licencesDocument(source),
      site: siteFiles(source),
      providers: Object.fromEntries(readProviders(source)),
    };
  } finally {
    source.close();
  }
}

/** Removes what the build leaves behind, once it is published or has failed. */
function discardTarget(target: Target, failed: boolean): void {
  try {
    target.discard();
  } catch (error) {
    // A failed build's own error says more than one met while removing it (on a full disk,
    // moving it aside may fail too); the next build removes what is left.
    if (!failed) throw error;
  }
}

/** Writes a file of the main thread and returns its hash. */
type HashedWrite = (file: string, content: string) => string;

/**
 * Writes the main thread's files once every task is done: the version roots, the assets, and last
 * the manifest, which names every part of the build with its hash; then commits them. Returns the
 * resources' manifest entries.
 */
function writeMainFiles(
  sink: OutputSink,
  registry: Registry,
  results: ReadonlyMap<number, ResourceResult>,
  documents: Documents,
  options: BuildOptions,
): ResourceManifest[] {
  const resources: ResourceManifest[] = registry.resources.map((def, index) => {
    const { written, hash } = results.get(index)!;
    return manifestEntry(def, { ...written, hash });
  });
  const examples = examplesOf(registry, results);
  const hashOf: HashedWrite = (file, content) => {
    sink.write(file, content);
    return createHash('sha1').update(content).digest('hex');
  };
  const roots = Object.entries(registry.roots).map(([version, links]) => ({
    version,
    hash: hashOf(
      rootFile(version),
      envelope({ meta: {}, result: { link: renderLinks(links, {}) } }),
    ),
  }));
  const openApi = openApiDocument(registry, examples, resources);
  const assets = writeAssets(openApi, documents, hashOf);
  const buildHash = createHash('sha1');
  for (const part of [...resources, ...roots, ...assets]) buildHash.update(part.hash);
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    build: buildHash.digest('hex'),
    encodings: options.precompress ? ['br', 'gzip'] : [],
    roots,
    resources,
    assets,
    providers: documents.providers,
    ...(options.inputs ? { inputs: options.inputs } : {}),
  };
  sink.write(MANIFEST_FILE, JSON.stringify(manifest, null, 1));
  sink.commit();
  return resources;
}

/** Each resource's first record, the OpenAPI document's example of it. */
function examplesOf(
  registry: Registry,
  results: ReadonlyMap<number, ResourceResult>,
): Map<string, Example> {
  return new Map(
    registry.resources.flatMap((def, index) => {
      const example = results.get(index)!.written.example;
      return example ? [[def.path, example] as const] : [];
    }),
  );
}

/** Writes the assets: the logo, the OpenAPI document and its parts, the licences, the site. */
function writeAssets(
  openApi: Json,
  { licences, site }: Documents,
  hashOf: HashedWrite,
): Manifest['assets'] {
  return [
    { path: 'logo.svg', type: 'image/svg+xml', hash: hashOf('logo.svg', LOGO_SVG) },
    { path: OPENAPI_FILE, type: JSON_TYPE, hash: hashOf(OPENAPI_FILE, JSON.stringify(openApi)) },
    // The reference page's parts of the document, one per tag (`openapi-parts.ts`).
    ...openApiParts(openApi).map(({ path, content }) => ({
      path,
      type: JSON_TYPE,
      hash: hashOf(path, content),
    })),
    {
      path: LICENCES_FILE,
      type: 'text/markdown; charset=utf-8',
      hash: hashOf(LICENCES_FILE, licences),
    },
    ...site.map(({ path, type, content }) => ({ path, type, hash: hashOf(path, content) })),
  ];
}

/** Where one build writes, and how it is published or discarded. */
interface Target {
  /** The derived tables' scratch database. */
  derived: string;
  output: PlannedOutput;
  /** The main thread's sink: the roots, the assets and the manifest. */
  sink: OutputSink & SinkCounts;
  /** Publishes the complete output; resolves to the archive's length, or null for a tree. */
  publish(): Promise<number | null>;
  /** Removes what a failed build, or a published one, leaves behind. */
  discard(): void;
  /** Bytes this build has written so far, and bytes of the output it would replace. */
  sizes(): { written: number; previous: number };
}

function treeTarget(out: string, precompress: boolean): Target {
  const staging = stage(out);
  return {
    derived: staging.derived,
    output: { kind: 'tree', folder: staging.partial, precompress, gate: WriteGate.memory() },
    sink: new TreeSink(staging.partial, precompress),
    publish: async () => {
      publish(staging);
      return null;
    },
    discard: () => discard(staging),
    sizes: () => ({
      written:
        bytesUnder(staging.partial) +
        SQLITE_FILES.reduce((n, suffix) => n + bytesUnder(staging.derived + suffix), 0),
      previous: existsSync(out) ? bytesUnder(realpathSync(out)) : 0,
    }),
  };
}

/**
 * Every task writes a segment, the main thread one more; they are assembled in registry order, on
 * `threads` threads.
 */
function archiveTarget(
  file: string,
  partSize: number | null,
  registry: Registry,
  threads: number,
): Target {
  const staging = stageArchive(file, partSize);
  const segments = [
    ...registry.resources.map((_, index) => segmentOf(staging.scratch, index)),
    segmentOf(staging.scratch, 'main'),
  ];
  return {
    derived: staging.derived,
    output: { kind: 'archive', segments: staging.scratch },
    sink: new SegmentSink(segments.at(-1)!),
    publish: async () => {
      const { length } = await assembleArchive(segments, stagedWriter(staging), { threads });
      publishArchive(staging);
      return length;
    },
    discard: () => discardArchive(staging),
    sizes: () => ({
      written: bytesUnder(staging.scratch) + bytesUnder(staging.partial),
      previous: publishedBytes(staging.file, bytesUnder),
    }),
  };
}

/** The threads a build runs on: its workers, then those that assemble an archive. */
const threadsOf = (options: BuildOptions) => Math.max(1, options.workers ?? availableParallelism());

/** The record counts of the build `out` holds now, by path: the weights of the progress estimate. */
function previousCounts(out: string): Map<string, number> {
  return new Map(publishedManifest(out)?.resources.map((r) => [r.path, r.count]));
}

/**
 * Runs every task of the build, on worker threads when the registry is the published one, and
 * returns the files and bytes written.
 */
async function runTasks(
  plan: BuildPlan,
  registry: Registry,
  options: BuildOptions,
  weights: Map<string, number>,
  onResource: (result: ResourceResult) => void,
): Promise<{ files: number; bytes: number }> {
  const scheduled = scheduleOf(registry);
  const tracker = new TaskTracker(registry, weights, scheduled, options.progress, onResource);
  if (isPublished(registry)) {
    const workers = threadsOf(options);
    const name = (task: Task) => taskName(task, (i) => registry.resources[i]!.path);
    await runPool(plan, scheduled, workers, tracker, name, options.signal);
  } else {
    runInThread(plan, registry, scheduled, tracker, options.signal);
  }
  return tracker.written();
}

/** The tasks of a build with what each waits for: the derived tables first, then the resources. */
function scheduleOf(registry: Registry): Scheduled[] {
  const derived = derivedTables(registry.resources).map((t) => t.name);
  // The derived tables share one scratch database, and SQLite has one writer at a time: filled
  // at once, one worker waited for the other's lock, idle. Each waits for the one before instead
  // (after the tables its fill reads, `derivedTables`), and the other workers write resources
  // meanwhile.
  return [
    ...derived.map((table, i): Scheduled => ({
      task: { kind: 'derive', table },
      needs: i === 0 ? [] : [derived[i - 1]!],
    })),
    ...registry.resources.map((def, index): Scheduled => ({
      task: { kind: 'resource', index },
      needs: (def.sql.temp ?? []).map((t) => t.name),
    })),
  ];
}

/** Whether `registry` is the published one, the one worker threads load. */
function isPublished(registry: Registry): boolean {
  return (
    registry.resources.length === REGISTRY.resources.length &&
    registry.resources.every((def, i) => REGISTRY.resources[i] === def)
  );
}

/** Runs every task in the calling thread, in their order, as worker 0. */
function runInThread(
  plan: BuildPlan,
  registry: Registry,
  scheduled: readonly Scheduled[],
  events: PoolEvents,
  signal: AbortSignal | undefined,
): void {
  const runner = new TaskRunner(plan, registry);
  try {
    for (const { task } of scheduled) {
      if (signal?.aborted) throw signal.reason;
      const result = runner.run(task, (p) => events.progress(0, task, p));
      events.done(0, result, runner.written);
    }
  } finally {
    runner.close();
  }
}

/** Tasks cross threads as copies: they are told apart by a key. */
const taskKey = (t: Task) => (t.kind === 'derive' ? `derive:${t.table}` : String(t.index));

/**
 * The weight of a running task's part done: a collection, whose total is known only at its end,
 * counts its records so far against its weight, the records of the previous build.
 */
function share(whole: number, p: TaskProgress): number {
  if (p.total === null) return Math.min(p.done, whole - 1);
  return p.total > 0 ? (whole * p.done) / p.total : 0;
}

/**
 * Follows the running tasks: it hands each finished resource on, counts the files and bytes the
 * workers wrote, and tells the build's progress.
 */
class TaskTracker implements PoolEvents {
  /** The files and bytes each worker has written, as it last told. */
  private readonly sinks = new Map<number, { files: number; bytes: number }>();
  /** The weight done of each running task, by its key. */
  private readonly running = new Map<string, number>();
  /** The weight of all the tasks. */
  private readonly all: number;
  private finished = 0;
  private resourcesDone = 0;

  constructor(
    private readonly registry: Registry,
    private readonly weights: Map<string, number>,
    scheduled: readonly Scheduled[],
    private readonly onProgress: ((progress: BuildProgress) => void) | undefined,
    private readonly onResource: (result: ResourceResult) => void,
  ) {
    this.all = scheduled.reduce((n, s) => n + this.weight(s.task), 0);
  }

  progress(worker: number, task: Task, p: TaskProgress): void {
    this.sinks.set(worker, p);
    this.running.set(taskKey(task), share(this.weight(task), p));
    this.report();
  }

  done(worker: number, result: TaskResult, sink: { files: number; bytes: number }): void {
    this.sinks.set(worker, sink);
    this.running.delete(taskKey(result));
    this.finished += this.weight(result);
    if (result.kind === 'resource') {
      this.resourcesDone++;
      this.onResource(result);
    }
    this.report();
  }

  /** The files and bytes all the workers have written. */
  written(): { files: number; bytes: number } {
    const totals = { files: 0, bytes: 0 };
    for (const s of this.sinks.values()) {
      totals.files += s.files;
      totals.bytes += s.bytes;
    }
    return totals;
  }

  /** Progress: each task weighs its records in the previous build (1,000 when unknown). */
  private weight(task: Task): number {
    if (task.kind === 'derive') return 1000;
    return 1 + (this.weights.get(this.registry.resources[task.index]!.path) ?? 1000);
  }

  private report(): void {
    if (!this.onProgress) return;
    const { files, bytes } = this.written();
    let partial = 0;
    for (const part of this.running.values()) partial += part;
    this.onProgress({
      resources: this.registry.resources.length,
      resourcesDone: this.resourcesDone,
      files,
      bytes,
      fraction: Math.min(1, (this.finished + partial) / this.all),
    });
  }
}
