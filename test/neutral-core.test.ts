import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The router's core runs on any runtime: everything the Workers, Deno and Bun adapters import,
 * directly or not, is read here, and any import of a Node module, any package not known to be
 * plain JavaScript, and any Node-only global fails the test. The one exception is the local disk
 * (`LOCAL_DISK`): Deno and Bun read a build through their own `node:fs`, with the code that
 * follows each publish in the Node preview server, and only through the Node modules both
 * implement. The Worker reaches none of it.
 */

const ROOT = resolve(import.meta.dirname, '..');
const ENTRIES = ['server/runtimes/worker.ts', 'server/runtimes/deno.ts', 'server/runtimes/bun.ts'];
/** The modules that read a build on the local disk, and the Node modules they may import. */
const LOCAL_DISK = ['server/local-builds.ts', 'server/node-archive.ts', 'server/node-files.ts'];
const LOCAL_DISK_MODULES = ['node:fs', 'node:fs/promises', 'node:path', 'node:zlib'];
/** Packages that run everywhere: plain JavaScript, no Node API. */
const NEUTRAL_PACKAGES = ['@noble/hashes', 'crc-32', 'fresh', 'negotiator'];
/** Names that exist only on Node (a `Buffer` or `process` in the core would fail on Workers). */
const NODE_GLOBALS = /\b(Buffer|process|__dirname|__filename|require)\s*[.(]/;

/** The import specifiers of a TypeScript module, type-only imports left out. */
function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  for (const m of source.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms))
    if (!m[2]) specifiers.push(m[3]!);
  for (const m of source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) specifiers.push(m[1]!);
  return specifiers;
}

/** Every module the entries reach, with what each imports. */
function reach(entries = ENTRIES): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const source = readFileSync(join(ROOT, file), 'utf8');
    const imports = importsOf(source);
    seen.set(file, imports);
    for (const spec of imports)
      if (spec.startsWith('.')) visit(relative(ROOT, resolve(ROOT, dirname(file), spec)));
  };
  entries.forEach(visit);
  return seen;
}

describe('the runtime-neutral core', () => {
  const modules = reach();

  it('reaches the router, its files and the archive reader', () => {
    for (const core of ['handler.ts', 'route.ts', 'paths.ts', 'keys.ts', 'compose.ts'])
      expect([...modules.keys()]).toContain(`server/${core}`);
    for (const core of ['envelope.ts', 'manifest.ts', 'timeline.ts', 'archive.ts'])
      expect([...modules.keys()]).toContain(`server/${core}`);
  });

  it('the Worker reaches nothing of the local disk; Deno and Bun reach it', () => {
    const worker = [...reach(['server/runtimes/worker.ts']).keys()];
    for (const file of LOCAL_DISK) {
      expect(worker).not.toContain(file);
      expect([...modules.keys()]).toContain(file);
    }
  });

  it.each(LOCAL_DISK)('%s imports only the Node modules Deno and Bun implement', (file) => {
    for (const spec of modules.get(file)!.filter((spec) => !spec.startsWith('.')))
      expect(LOCAL_DISK_MODULES, `${file} imports ${spec}`).toContain(spec);
  });

  const core = [...modules.keys()].filter((file) => !LOCAL_DISK.includes(file));
  it.each(core)('%s imports nothing runtime-specific', (file) => {
    const packages = modules.get(file)!.filter((spec) => !spec.startsWith('.'));
    for (const spec of packages) {
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
