import fg from 'fast-glob';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The raw-write floor of a build: one Node thread writing the same files (the same paths, so the
 * same folders, and the same sizes) as a built tree, into a fresh folder, and nothing else. A build
 * cannot be faster than its files can be created; the bench prints each build's time against this
 * floor measured in the same run. Prints one JSON line.
 */
const [tree, out] = process.argv.slice(2);
if (!tree || !out) throw new Error('usage: floor-child.ts TREE OUT');
const files = fg.sync('**/*', { cwd: tree, dot: true, onlyFiles: true, stats: true });
const largest = files.reduce((n, f) => Math.max(n, f.stats!.size), 0);
const filler = Buffer.alloc(largest, 'x');
const started = process.hrtime.bigint();
let last = '';
let bytes = 0;
for (const file of files) {
  const abs = join(out, file.path);
  const dir = dirname(abs);
  if (dir !== last) mkdirSync(dir, { recursive: true });
  last = dir;
  writeFileSync(abs, filler.subarray(0, file.stats!.size), { flag: 'wx' });
  bytes += file.stats!.size;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ files: files.length, bytes, seconds }));
