import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../data/import/formats.ts';
import { demo } from './helpers/api.ts';

/**
 * The README documents every command, every option and every resource (as sirv's and Datasette's
 * docs tests do).
 */

const readme = readFileSync('README.md', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

/** Option names declared in a command's `options` block (`contract/node/cli.ts`). */
function optionsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  // The block ends at the brace indented as `options:` is: an option may span lines.
  const block = /^(\s*)options:\s*\{([\s\S]*?)\n\1\},?\n/m.exec(source)?.[2] ?? '';
  return [...block.matchAll(/^\s*'?([a-z][\w-]*)'?:\s*\{\s*type:/gm)].map((m) => m[1]!);
}

describe('README', () => {
  it('shows the two set-up commands and the test command', () => {
    for (const command of ['npm install', 'npm start', 'npm test'])
      expect(readme).toContain(command);
  });

  it.each(Object.keys(pkg.scripts).filter((s) => s !== 'typecheck'))(
    'documents `npm run %s`',
    (script) => {
      expect(readme).toMatch(new RegExp(`npm (run )?${script}\\b`));
    },
  );

  it.each([
    ['build/cli.ts', 'npm run build'],
    ['server/node/cli.ts', 'npm run serve'],
    ['build/unpack-cli.ts', 'npm run unpack'],
    ['server/node/nginx-cli.ts', 'npm run nginx'],
    ['data/demo/cli.ts', 'npm run demo'],
    ['test/bench/run.ts', 'npm run bench'],
    ['build/national-cli.ts', 'npm run national'],
  ])('documents every option of %s', (file) => {
    const options = optionsOf(file);
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) expect(readme, `--${option}`).toContain(`\`--${option}`);
  });

  it.each(Object.keys(FORMATS))(
    'documents the import format %s and its mapping choices',
    (format) => {
      expect(readme).toContain(`| \`${format}\` |`);
      expect(readme).toMatch(new RegExp(`^### ${format}`, 'im'));
    },
  );

  it('lists every resource of the build', () => {
    for (const resource of demo().manifest.resources)
      expect(readme, resource.path).toContain(`\`/${resource.path}[/<id>]\``);
  });
});
