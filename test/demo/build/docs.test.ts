import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../../data/import/formats.ts';
import { demo } from '../../helpers/http/api.ts';

/**
 * The docs document every command, every option, every import format and every resource (as
 * sirv's and Datasette's docs tests do); the README stays a short front door; every link between
 * the pages resolves, anchors included; and no file of the repository points outside it.
 */

const read = (file: string) => readFileSync(file, 'utf8');
const readme = read('README.md');
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

/** The Markdown pages whose links are checked: the README, the changelog and every page of docs/. */
const PAGES = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Files of the repository: tracked, or new and not ignored. */
const FILES = new Set(
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean),
);

/** Option names declared in a command's parseArgs call. */
function optionsOf(file: string): string[] {
  const source = read(file);
  // The block ends at the brace indented as `options:` is: an option may span lines.
  const block = /^(\s*)options:\s*\{([\s\S]*?)\n\1\},?\n/m.exec(source)?.[2] ?? '';
  return [...block.matchAll(/^\s*'?([a-z][\w-]*)'?:\s*\{\s*type:/gm)].map((m) => m[1]!);
}

/** A page without its fenced code blocks, which hold no links or headings. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/**
 * GitHub's anchor for a heading: the text as rendered (code, links and emphasis marks dropped),
 * lower-cased, every character but letters, marks, digits, `_`, `-` and spaces dropped, spaces
 * turned into `-`.
 */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page's headings; a repeated heading gets `-1`, `-2`, ... as on GitHub. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, text] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(text!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The link targets of a page, outside code blocks and code spans. */
function linksOf(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

describe('slug', () => {
  it.each([
    ['Quick start', 'quick-start'],
    ['How `dist/` is laid out', 'how-dist-is-laid-out'],
    ['Deploy: Workers and R2, Deno, Bun, nginx', 'deploy-workers-and-r2-deno-bun-nginx'],
    [
      "Fjelstul (men's and women's World Cups 1930–2022)",
      'fjelstul-mens-and-womens-world-cups-19302022',
    ],
    ['npm run test:unit', 'npm-run-testunit'],
    ['The `name_order` list', 'the-name_order-list'],
    ['Ärger über Straße', 'ärger-über-straße'],
  ])('%s -> %s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });

  it('numbers repeated headings', () => {
    expect([...anchorsOf('# A\n## B\n## B\n```\n# not a heading\n```\n')]).toEqual([
      'a',
      'b',
      'b-1',
    ]);
  });
});

describe('README', () => {
  it('is a front door: at most 15,000 bytes', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15_000);
  });

  it('links Quick start, Deploy and Download in its first 40 lines', () => {
    const top = readme.split('\n').slice(0, 40).join('\n');
    for (const anchor of ['quick-start', 'deploy', 'download']) {
      expect(top, anchor).toContain(`](#${anchor})`);
      expect(anchorsOf(readme), anchor).toContain(anchor);
    }
  });

  it('shows the two set-up commands and the test command', () => {
    for (const command of ['npm install', 'npm start', 'npm test'])
      expect(readme).toContain(command);
  });

  it.each(Object.keys(pkg.scripts))(
    'names `npm run %s` on one line of its commands table',
    (script) => {
      const name = ['start', 'test'].includes(script) ? `npm ${script}` : `npm run ${script}`;
      const rows = readme.split('\n').filter((line) => line.startsWith(`| \`${name}\` |`));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain('](docs/commands.md#');
    },
  );
});

describe('docs/commands.md', () => {
  const commands = read('docs/commands.md');

  it.each([
    ['cli/build.ts', 'npm run build'],
    ['cli/serve.ts', 'npm run serve'],
    ['cli/unpack.ts', 'npm run unpack'],
    ['cli/split.ts', 'npm run split'],
    ['cli/site.ts', 'npm run site'],
    ['cli/nginx.ts', 'npm run nginx'],
    ['cli/netlify.ts', 'npm run netlify'],
    ['cli/demo.ts', 'npm run demo'],
    ['cli/import.ts', 'npm run import'],
    ['test/bench/run.ts', 'npm run bench'],
    ['cli/bundle-server.ts', 'npm run build:server'],
    ['cli/bundle-client.ts', 'npm run build:client'],
    ['cli/national.ts', 'npm run national'],
  ])('documents every option of %s (%s)', (file, command) => {
    expect(commands).toContain(`## ${command}`);
    const options = optionsOf(file);
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) expect(commands, `--${option}`).toContain(`\`--${option}`);
  });

  it.each(Object.keys(pkg.scripts))('names `npm run %s`', (script) => {
    expect(commands).toMatch(new RegExp(`npm (run )?${script}\\b`));
  });
});

describe('docs/data.md', () => {
  const data = read('docs/data.md');

  it.each(Object.keys(FORMATS))(
    'documents the import format %s and its mapping choices',
    (format) => {
      expect(data).toContain(`| \`${format}\` |`);
      expect(data).toMatch(new RegExp(`^### ${format}`, 'im'));
    },
  );
});

describe('docs/api.md', () => {
  it('lists every resource of the build', () => {
    const api = read('docs/api.md');
    const resources = demo().manifest.resources;
    expect(resources.length).toBeGreaterThan(100);
    for (const resource of resources)
      expect(api, resource.path).toContain(`\`/${resource.path}[/<id>]\``);
  });
});

describe('links', () => {
  it.each(PAGES)('every relative link of %s resolves, anchors included', (page) => {
    const markdown = read(page);
    const links = linksOf(markdown).filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
    for (const target of links) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : posix.normalize(posix.join(dirname(page), path));
      const isDir = [...FILES].some((f) => f.startsWith(`${file.replace(/\/$/, '')}/`));
      expect(FILES.has(file) || isDir, `${page}: ${target}`).toBe(true);
      if (anchor === undefined) continue;
      expect(file.endsWith('.md'), `${page}: ${target} (an anchor in a page)`).toBe(true);
      expect(anchorsOf(read(file)), `${page}: ${target}`).toContain(anchor);
    }
  });

  it('finds the links it checks', () => {
    expect(linksOf(readme)).toEqual(expect.arrayContaining(['#quick-start', 'docs/api.md']));
    expect(linksOf('`[not](a.md)` and\n```\n[nor](b.md)\n```\n[yes](c.md#d)')).toEqual(['c.md#d']);
  });
});

describe('no pointer outside the repository', () => {
  // The patterns are spelled in pieces so that this file does not match itself.
  const outside = new RegExp(
    [
      '\\bSP' + 'EC\\b',
      '\\bDECI' + 'SIONS\\b',
      '\\.\\./sha' + 'red\\b',
      '\\bsha' + 'red/(data|spec)\\b',
    ].join('|'),
  );
  /**
   * The one file allowed to name the folder of the real datasets: the test helper that finds them
   * for the tests and CI. Users put the datasets in `sources/` (docs/data.md).
   */
  const EXCEPTIONS = new Set(['test/helpers/setup/real-data.ts']);

  it('no tracked file names the specification, its decisions or the shared folder', () => {
    const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n');
    const found = tracked.filter((file) => {
      if (!file || EXCEPTIONS.has(file) || !existsSync(file)) return false;
      const bytes = readFileSync(file);
      return !bytes.includes(0) && outside.test(bytes.toString('utf8'));
    });
    expect(found).toEqual([]);
  });

  it('each exception still names it, so the list stays narrow', () => {
    for (const file of EXCEPTIONS) expect(outside.test(read(file)), file).toBe(true);
  });
});
