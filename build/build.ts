import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { openReadOnly } from '../data/db.ts';
import { envelope, type Provider } from '../server/envelope.ts';
import { MANIFEST_FILE, type Manifest, type ResourceManifest } from '../server/manifest.ts';
import { optionsFile, rootFile } from '../server/paths.ts';
import { manifestEntry, optionsDocument } from './describe.ts';
import { LOGO_SVG } from './logo.ts';
import { REGISTRY, type Registry } from './registry/index.ts';
import { renderLinks } from './render.ts';
import { registerFunctions } from './sql.ts';
import { TreeWriter } from './tree-writer.ts';
import { writeDocuments } from './write-documents.ts';
import { writeResource, type Progress } from './write-resource.ts';

/** What `build()` needs. */
export interface BuildOptions {
  /** SQLite database to read. */
  db: string;
  /** Output folder; replaced only when the build succeeds. */
  out: string;
  /** Also write `.br` and `.gz` variants of every file. */
  precompress?: boolean;
  /** The largest number of records the router may read to compose one answer. */
  scanLimit?: number;
  registry?: Registry;
  progress?: Progress;
}

/** Figures of a finished build. */
export interface BuildSummary {
  resources: number;
  records: number;
  files: number;
  bytes: number;
  seconds: number;
}

/** Default bound of router compositions (records read per request). */
export const DEFAULT_SCAN_LIMIT = 2000;

/**
 * Builds the API from a database into `out`, atomically: everything is written into a fresh sibling
 * folder, and only a complete build replaces `out` (two renames). A failed build removes its own
 * folder and leaves the previous `out` as it was.
 */
export function build(options: BuildOptions): BuildSummary {
  const started = process.hrtime.bigint();
  const registry = options.registry ?? REGISTRY;
  const out = resolve(options.out);
  assertReplaceable(out);
  mkdirSync(dirname(out), { recursive: true });
  const staging = join(dirname(out), `.${basename(out)}.building-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const db = openReadOnly(options.db);
  try {
    registerFunctions(db);
    const writer = new TreeWriter(staging, options.precompress ?? false);
    const providers = new Map(
      (
        db
          .prepare('SELECT key, name, url, html, logo, license FROM provider ORDER BY key')
          .all() as (Provider & { key: string })[]
      ).map(({ key, ...p }) => [key, p]),
    );
    const progress = options.progress ?? (() => {});

    const resources: ResourceManifest[] = [];
    let records = 0;
    const filled = new Set<string>();
    for (const def of registry.resources) {
      for (const table of def.temp ?? []) {
        if (filled.has(table.name)) continue;
        table.fill(db, (done, total) => progress(`temp.${table.name}`, done, total));
        filled.add(table.name);
      }
      writer.beginGroup();
      const { count, buckets, fieldBuckets } =
        def.kind === 'document'
          ? {
              ...writeDocuments(db, def, writer, providers, progress),
              buckets: 0,
              fieldBuckets: {},
            }
          : writeResource(db, def, writer, providers, progress);
      writer.write(
        optionsFile(def.path),
        optionsDocument(def, options.scanLimit ?? DEFAULT_SCAN_LIMIT),
      );
      resources.push(manifestEntry(def, count, writer.endGroup(), buckets, fieldBuckets));
      records += count;
    }
    const roots = Object.entries(registry.roots).map(([version, links]) => ({
      version,
      hash: writer.write(
        rootFile(version),
        envelope({ meta: {}, result: { link: renderLinks(links, {}) } }),
      ),
    }));
    const assets = [
      { path: 'logo.svg', type: 'image/svg+xml', hash: writer.write('logo.svg', LOGO_SVG) },
    ];
    const buildHash = createHash('sha1');
    for (const part of [
      ...resources.map((r) => r.hash),
      ...roots.map((r) => r.hash),
      ...assets.map((a) => a.hash),
    ])
      buildHash.update(part);
    const manifest: Manifest = {
      format: 1,
      build: buildHash.digest('hex'),
      scanLimit: options.scanLimit ?? DEFAULT_SCAN_LIMIT,
      encodings: options.precompress ? ['br', 'gzip'] : [],
      roots,
      resources,
      assets,
    };
    writer.write(MANIFEST_FILE, JSON.stringify(manifest, null, 1));
    db.close();
    swapInto(staging, out);
    return {
      resources: resources.length,
      records,
      files: writer.files,
      bytes: writer.bytes,
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
    };
  } catch (e) {
    if (db.open) db.close();
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Refuses to replace a folder that is neither empty nor a previous build: a wrong --out must not
 * erase it.
 */
function assertReplaceable(out: string): void {
  if (!existsSync(out)) return;
  const entries = readdirSync(out);
  if (entries.length > 0 && !entries.includes(MANIFEST_FILE)) {
    throw new Error(
      `${out} exists and is not a previous build (no ${MANIFEST_FILE}); choose another --out.`,
    );
  }
}

/** Replaces `out` by `staging`: the old build is moved aside first and removed last. */
function swapInto(staging: string, out: string): void {
  const old = `${join(dirname(out), `.${basename(out)}.old-${process.pid}`)}`;
  rmSync(old, { recursive: true, force: true });
  const hadOld = existsSync(out);
  if (hadOld) renameSync(out, old);
  renameSync(staging, out);
  if (hadOld) rmSync(old, { recursive: true, force: true });
}
