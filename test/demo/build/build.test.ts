import fg from 'fast-glob';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { build } from '../../../build/build.ts';
import { buildFolders, demoInputs } from '../../../build/inputs.ts';
import { archivedManifest } from '../../../build/archive/publish.ts';
import { DEMO_SEED } from '../../../data/demo/generate.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { DuplicateOutputError } from '../../../build/output/sink.ts';
import { MANIFEST_FILE, MANIFEST_FORMAT, type Manifest } from '../../../contract/manifest.ts';
import { call, demo, handlerFor } from '../../helpers/http/api.ts';
import { treeDigest } from '../../helpers/programs/tree.ts';

/** The build as a whole: determinism, atomic replacement, duplicate outputs, precompression. */

const { root, db, dist } = demo();

/** The part of `package.json` a test reads. */
interface PackageJson {
  scripts: { start: string };
}

/** A registry of a few resources, for tests of build mechanics that need no full build. */
function only(...paths: string[]) {
  return { ...REGISTRY, resources: REGISTRY.resources.filter((r) => paths.includes(r.path)) };
}

describe('build', () => {
  it('is deterministic: the same database gives a byte-identical tree with 1 worker as with 2, manifest included, and the summary counts it', async () => {
    const out = join(root, 'again');
    // The demo's tree was built with a worker a core (two in CI).
    const summary = await build({ db, out, workers: 1 });
    const a = treeDigest(dist);
    const b = treeDigest(out);
    expect(b.size).toBeGreaterThan(50_000);
    expect(b.size).toBe(summary.files);
    expect([...b.keys()]).toEqual([...a.keys()]);
    expect(b).toEqual(a);
    const files = fg.sync('**/*', { cwd: out, dot: true, onlyFiles: true });
    const bytes = files.reduce((n, f) => n + readFileSync(join(out, f)).length, 0);
    expect(summary.files).toBe(files.length);
    expect(summary.bytes).toBe(bytes);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8'));
    expect(summary.records).toBe(
      manifest.resources.reduce((n: number, r: { count: number }) => n + r.count, 0),
    );
  });

  it('a failed build leaves the previous output intact and no staging folder behind', async () => {
    const out = join(root, 'kept');
    const small = only('v1/cards', 'v1/countries');
    await build({ db, out, registry: small });
    const before = treeDigest(out);
    const broken = {
      ...small,
      resources: [
        ...small.resources,
        {
          ...small.resources[0]!,
          path: 'v1/broken',
          sql: { ...small.resources[0]!.sql, from: 'FROM no_such_table t' },
        },
      ],
    };
    await expect(build({ db, out, registry: broken })).rejects.toThrow(/no such table/);
    expect(treeDigest(out)).toEqual(before);
    // Only the published build is left: no partial folder, no scratch database.
    expect(fg.sync('.kept.builds/*', { cwd: root, onlyFiles: false, dot: true })).toEqual([
      `.kept.builds/${basename(readlinkSync(out))}`,
    ]);
  });

  it('fails when two outputs map to the same file', async () => {
    const out = join(root, 'dupe');
    const twice = { ...REGISTRY, resources: [REGISTRY.resources[0]!, REGISTRY.resources[0]!] };
    await expect(build({ db, out, registry: twice })).rejects.toThrow(DuplicateOutputError);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to replace a folder that is not a previous build', async () => {
    const out = join(root, 'precious');
    mkdirSync(out);
    writeFileSync(join(out, 'notes.txt'), 'keep me');
    await expect(build({ db, out })).rejects.toThrow(/not a previous build/);
    expect(readFileSync(join(out, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it("refuses a folder whose manifest.json is another program's, a web app's", async () => {
    const out = join(root, 'web-app');
    mkdirSync(out);
    const app = JSON.stringify({ name: 'My app', start_url: '/', icons: [] });
    writeFileSync(join(out, MANIFEST_FILE), app);
    writeFileSync(join(out, 'index.html'), '<!doctype html>');
    await expect(build({ db, out })).rejects.toThrow(/not a previous build/);
    expect(readFileSync(join(out, MANIFEST_FILE), 'utf8')).toBe(app);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('<!doctype html>');
  });

  it('bucketed records answer exactly like one file per record, in far fewer files', async () => {
    const out = join(root, 'bucketed');
    const persons = only('v1/persons');
    const registry = {
      ...persons,
      resources: persons.resources.map((r) => ({ ...r, recordFiles: 'bucket' as const })),
    };
    await build({ db, out, registry });
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8'));
    const entry = manifest.resources.find((r: { path: string }) => r.path === 'v1/persons');
    expect(entry.buckets).toBeGreaterThan(0);
    const buckets = fg.sync('v1/persons/_id/*.json', { cwd: out });
    expect(buckets.length).toBeLessThanOrEqual(16 ** entry.buckets);
    expect(buckets.length).toBeLessThan(entry.count / 8);
    expect(
      fg.sync('v1/persons/*.json', { cwd: out }).filter((f) => /[0-9a-f]{32}\.json$/.test(f)),
    ).toEqual([]);

    const plain = handlerFor(dist);
    const bucketed = handlerFor(out);
    const { result } = (await call(plain, '/v1/persons?records=100')).json;
    for (const person of result) {
      const [a, b] = [
        await call(plain, `/v1/persons/${person.id}`),
        await call(bucketed, `/v1/persons/${person.id}`),
      ];
      expect(b.status).toBe(200);
      expect(b.text).toBe(a.text);
    }
    const missing = await call(bucketed, `/v1/persons/${'0'.repeat(32)}`);
    expect(missing.status).toBe(404);
    const tag = (await call(bucketed, `/v1/persons/${result[0].id}`)).headers.get('etag')!;
    expect(
      (await call(bucketed, `/v1/persons/${result[0].id}`, { headers: { 'If-None-Match': tag } }))
        .status,
    ).toBe(304);
    expect((await call(bucketed, `/v1/persons/${result[1].id}`)).headers.get('etag')).not.toBe(tag);
  });

  it('writes precompressed variants on request, and the router serves them', async () => {
    const out = join(root, 'compressed');
    await build({ db, out, precompress: true, registry: only('v1/persons') });
    const page = readFileSync(join(out, 'v1/persons/index.json'));
    expect(gunzipSync(readFileSync(join(out, 'v1/persons/index.json.gz')))).toEqual(page);
    expect(brotliDecompressSync(readFileSync(join(out, 'v1/persons/index.json.br')))).toEqual(page);

    const api = handlerFor(out);
    const res = await api.fetch(
      new Request('http://api.test/v1/persons', { headers: { 'Accept-Encoding': 'gzip, br' } }),
    );
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer()))).toEqual(page);
    const gz = await api.fetch(
      new Request('http://api.test/v1/persons', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } }),
    );
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('etag')).not.toBe(res.headers.get('etag'));
    const plain = await call(api, '/v1/persons');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(page.toString());
  });
});

describe('npm start reuses a demo build from the same code', () => {
  it('the demo inputs name the seed, the options and the code', () => {
    const options = { seed: DEMO_SEED, size: 'lean', precompress: false } as const;
    expect(demoInputs(options)).toBe(demoInputs(options));
    expect(demoInputs({ ...options, seed: DEMO_SEED + 1 })).not.toBe(demoInputs(options));
    expect(demoInputs({ ...options, precompress: true })).not.toBe(demoInputs(options));
  });

  it('the inputs cover every folder the build reads, one added later included', () => {
    // A copy of the sources, changed one step at a time.
    const copy = join(root, 'sources');
    const folders = ['build', 'contract', 'data', 'football', 'lib', 'server', 'site'];
    for (const folder of [...folders, 'package-lock.json'])
      cpSync(folder, join(copy, folder), { recursive: true, filter: (f) => !/\.sqlite/.test(f) });
    const options = { seed: DEMO_SEED, size: 'lean', precompress: false } as const;
    const first = demoInputs(options, copy);
    expect(first).toBe(demoInputs(options));
    // The server's folder too: the build bundles the client into the pages' files.
    expect(buildFolders(copy)).toEqual(folders);
    // The wire format is read by the build: a change to it is a change to the build.
    appendFileSync(join(copy, 'contract', 'manifest.ts'), '\n');
    const second = demoInputs(options, copy);
    expect(second).not.toBe(first);
    // A new folder counts once the build imports from it, and not before.
    mkdirSync(join(copy, 'model'));
    writeFileSync(join(copy, 'model', 'rule.ts'), 'export const RULE = 1;\n');
    expect(demoInputs(options, copy)).toBe(second);
    appendFileSync(join(copy, 'build', 'build.ts'), "\nexport { RULE } from '../model/rule.ts';\n");
    expect(buildFolders(copy)).toContain('model');
    const third = demoInputs(options, copy);
    writeFileSync(join(copy, 'model', 'rule.ts'), 'export const RULE = 2;\n');
    expect(demoInputs(options, copy)).not.toBe(third);
  });

  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'cli/build.ts', ...args], { encoding: 'utf8' });
  const lean = demoInputs({ seed: DEMO_SEED, size: 'lean', precompress: false });

  it('npm start builds the lean demo archive with every resource, then reuses it', async () => {
    // `npm start` is `cli/start.ts`, in the process npm starts: the build CLI with
    // `--archive dist.archive`, then the server on what it built (`test/slow/start.test.ts`).
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson).scripts.start;
    expect(start).toBe('MALLOC_ARENA_MAX=2 exec node --import tsx cli/start.ts');
    expect(readFileSync('cli/start.ts', 'utf8')).toContain(
      "archive: { type: 'string', default: 'dist.archive' }",
    );
    const file = join(root, 'start.archive');
    const first = cli('--archive', file);
    expect(first.status, first.stderr).toBe(0);
    const manifest = (await archivedManifest(file))!;
    expect(manifest.inputs).toBe(lean);
    // What `npm start` serves shows every resource of both versions, each with records.
    expect(manifest.resources.map((r) => `${r.version}/${r.path}`)).toEqual(
      demo().manifest.resources.map((r) => `${r.version}/${r.path}`),
    );
    expect(manifest.resources.filter((r) => !(r.count > 0)).map((r) => r.path)).toEqual([]);
    const before = statSync(file);
    const again = cli('--archive', file);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/start\.archive is the demo built from this code; reusing it/);
    const after = statSync(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    const refused = cli('--archive', file, '--demo', 'huge');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--demo must be full or lean, not 'huge'/);
  });

  it('a tree whose manifest names the same demo inputs is reused too', () => {
    const out = join(root, 'start-tree');
    mkdirSync(out, { recursive: true });
    const built: Manifest = {
      format: MANIFEST_FORMAT,
      build: 'a previous build',
      encodings: [],
      roots: [],
      resources: [],
      assets: [],
      providers: {},
      inputs: lean,
    };
    const manifest = JSON.stringify(built);
    writeFileSync(join(out, MANIFEST_FILE), manifest);
    const reused = cli('--out', out);
    expect(reused.status, reused.stderr).toBe(0);
    expect(reused.stdout).toMatch(/start-tree is the demo built from this code; reusing it/);
    expect(readFileSync(join(out, MANIFEST_FILE), 'utf8')).toBe(manifest);
  });
});
