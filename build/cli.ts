import { SingleBar } from 'cli-progress';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../data/demo/generate.ts';
import { build, DEFAULT_SCAN_LIMIT } from './build.ts';

const USAGE = `Usage: npm run build -- [--db FILE] [--out DIR] [--precompress] [--scan-limit N]

Builds the static API from a SQLite database into DIR, replacing DIR only when the build succeeds.
  --db FILE        database to read (default: the embedded demo dataset, generated afresh)
  --out DIR        output folder (default: dist)
  --precompress    also write .br and .gz variants of every file (three times the files)
  --scan-limit N   most records the router reads to compose one answer (default: ${DEFAULT_SCAN_LIMIT})`;

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    out: { type: 'string', default: 'dist' },
    precompress: { type: 'boolean', default: false },
    'scan-limit': { type: 'string', default: String(DEFAULT_SCAN_LIMIT) },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const scanLimit = Number(values['scan-limit']);
if (!Number.isInteger(scanLimit) || scanLimit < 1) {
  console.error(`--scan-limit must be a positive integer.\n\n${USAGE}`);
  process.exit(2);
}

let db = values.db;
let scratch: string | null = null;
if (!db) {
  scratch = mkdtempSync(join(tmpdir(), 'football-demo-'));
  db = join(scratch, 'demo.sqlite');
  buildDemoDatabase(db);
}

const bar = process.stderr.isTTY
  ? new SingleBar({
      format: '{resource} [{bar}] {percentage}% {value}/{total}',
      hideCursor: true,
      clearOnComplete: true,
    })
  : null;
let current = '';
try {
  const summary = build({
    db,
    out: values.out,
    precompress: values.precompress,
    scanLimit,
    progress: (resource, done, total) => {
      if (!bar) return;
      if (resource !== current) {
        if (current) bar.stop();
        current = resource;
        bar.start(total, done, { resource: resource.padEnd(28) });
      } else bar.update(done);
    },
  });
  bar?.stop();
  const mb = (summary.bytes / 1e6).toFixed(1);
  console.log(
    `Built ${summary.resources} resources: ${summary.records.toLocaleString('en')} records, ` +
      `${summary.files.toLocaleString('en')} files, ${mb} MB in ${summary.seconds.toFixed(1)} s -> ${values.out}`,
  );
} catch (e) {
  bar?.stop();
  console.error(`Build failed; ${values.out} was left as it was.\n${(e as Error).stack ?? e}`);
  process.exitCode = 1;
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
