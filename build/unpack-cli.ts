import { parseArgs } from 'node:util';
import { unpack } from './unpack.ts';

const USAGE = `Usage: npm run unpack -- --archive FILE --out DIR

Writes the tree of files an archive holds into DIR, as \`npm run build -- --out DIR\` would,
replacing DIR only when every file is written.
  --archive FILE  an archive written by \`npm run build -- --archive FILE\`
  --out DIR       output path, a link to the unpacked tree (as for the build)`;

const { values } = parseArgs({
  options: {
    archive: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.archive === undefined || values.out === undefined) {
  console.error(`--archive and --out are both needed.\n\n${USAGE}`);
  process.exit(2);
}
const started = performance.now();
try {
  const { files, bytes } = await unpack(values.archive, values.out);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Unpacked ${files.toLocaleString('en')} files, ${(bytes / 1e6).toFixed(1)} MB in ` +
      `${seconds} s -> ${values.out}`,
  );
} catch (e) {
  console.error(`Unpack failed; ${values.out} was left as it was.\n${(e as Error).message}`);
  process.exitCode = 1;
}
