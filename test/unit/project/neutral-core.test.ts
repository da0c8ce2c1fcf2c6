import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleGraph, reached, ROOT, type Import } from '../../helpers/code/import-graph.ts';

/**
 * The router's core runs on any runtime. Every module of the core (`server/core/`) and of the wire
 * format (`contract/`) is read here, and any import of a Node module, any package not known to be
 * plain JavaScript, and any Node-only global fails the test. The local disk is a folder of its own
 * on each side (`server/disk/`, `contract/node/`): Deno and Bun read a build through their own
 * `node:fs`, with the code that follows each publish in the Node preview server, and only through
 * the Node modules both implement. The Worker reaches none of it. The command line of the Node
 * programs (`lib/`) lies below every layer, where every program may import it, and no runtime
 * reaches it.
 */

const ENTRIES = ['server/adapters/worker.ts', 'server/adapters/deno.ts', 'server/adapters/bun.ts'];
/** The folders that read a build on the local disk, and the Node modules they may import. */
const LOCAL_DISK = ['server/disk/', 'contract/node/'];
const LOCAL_DISK_MODULES = ['node:fs', 'node:fs/promises', 'node:path', 'node:zlib'];
/** Packages that run everywhere: plain JavaScript, no Node API. */
const NEUTRAL_PACKAGES = ['@noble/hashes', 'crc-32', 'fresh', 'negotiator'];
/** Names that exist only on Node (a `Buffer` or `process` in the core would fail on Workers). */
const NODE_GLOBALS = /\b(Buffer|process|__dirname|__filename|require)\s*[.(]/;

/**
 * The modules of the programs' command line (`lib/cli.ts`) and how they stop on a signal
 * (`lib/stop-signals.ts`), which no runtime runs.
 */
const commandLine = (file: string) => file.startsWith('lib/');
const onDisk = (file: string) =>
  LOCAL_DISK.some((folder) => file.startsWith(folder)) && !commandLine(file);
/** Imports of packages and Node modules, type-only imports left out. */
const packages = (imports: Import[]) => imports.filter((i) => !i.file && !i.typeOnly);

const everything = moduleGraph(['contract', 'lib', 'server/core', 'server/disk']);
const core = [...everything.keys()].filter((file) => !onDisk(file) && !commandLine(file));
const disk = [...everything.keys()].filter(onDisk);

describe('the runtime-neutral core', () => {
  const modules = [...reached(ENTRIES).keys()];

  it('the runtimes reach the router, its files and the archive reader', () => {
    for (const file of ['handler', 'route', 'compose', 'archive-handler'])
      expect(modules).toContain(`server/core/${file}.ts`);
    for (const file of ['envelope', 'manifest', 'timeline', 'paths', 'keys', 'archive-reader'])
      expect(modules).toContain(`contract/${file}.ts`);
  });

  it('the Worker reaches nothing of the local disk; Deno and Bun reach it', () => {
    const worker = [...reached(['server/adapters/worker.ts']).keys()];
    expect(worker.filter(onDisk)).toEqual([]);
    const disk = ['server/disk/local-builds.ts', 'server/disk/node-files.ts'];
    expect(modules).toEqual(expect.arrayContaining([...disk, 'contract/node/archive-file.ts']));
  });

  it('no runtime reaches the command line of the programs', () => {
    expect([...everything.keys()].filter(commandLine)).toContain('lib/cli.ts');
    expect(modules.filter(commandLine)).toEqual([]);
  });

  it.each(disk)('%s imports only the Node modules Deno and Bun implement', (file) => {
    for (const { spec } of packages(everything.get(file)!))
      expect(LOCAL_DISK_MODULES, `${file} imports ${spec}`).toContain(spec);
  });

  it.each(core)('%s imports nothing runtime-specific', (file) => {
    for (const { spec } of packages(everything.get(file)!)) {
      expect(spec, `${file} imports ${spec}`).not.toMatch(/^(node|bun|deno|cloudflare):/);
      const name = spec.startsWith('@')
        ? spec.split('/').slice(0, 2).join('/')
        : spec.split('/')[0];
      expect(NEUTRAL_PACKAGES, `${file} imports ${spec}`).toContain(name);
    }
    const code = readFileSync(join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(code, `${file} uses a Node-only global`).not.toMatch(NODE_GLOBALS);
  });
});
