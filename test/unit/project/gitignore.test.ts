import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the examples of the README and the docs build in the project folder is ignored by git, with
 * the scratch files a build leaves while it runs, and no file the repository tracks is: a user who
 * follows an example is not offered the API's files to commit.
 */

/** The pages whose examples are read. */
const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

/** What a command writes, by the option that names it: an archive, or a tree of files. */
const WRITES: Record<string, Record<string, 'archive' | 'tree'>> = {
  build: { '--archive': 'archive', '--out': 'tree' },
  split: { '--out': 'archive' },
  unpack: { '--out': 'tree' },
};

/** An output of an example: its path, what it is, whether in parts, and the line it is from. */
interface Output {
  path: string;
  kind: 'archive' | 'tree';
  parts: boolean;
  line: string;
}

/** The outputs the examples' commands write into the project folder (relative paths only). */
function outputs(): Output[] {
  const found: Output[] = [];
  for (const page of PAGES) {
    const blocks = readFileSync(page, 'utf8').match(/^```[\s\S]*?^```/gm) ?? [];
    for (const line of blocks.flatMap((block) => block.split('\n'))) {
      const command = /npm run (\w+) -- (.*)/.exec(line.replace(/#.*/, ''));
      const options = command && WRITES[command[1]!];
      if (!options) continue;
      const words = command[2]!.split(/\s+/);
      words.forEach((word, i) => {
        const kind = options[word];
        const path = words[i + 1] ?? '';
        // Placeholders (FILE, DIR) and paths outside the project are not the project's to ignore.
        if (!kind || !/^[a-z0-9][\w.-]*(\/[\w.-]+)*$/.test(path)) return;
        const parts = command[1] === 'split' || words.includes('--part-size');
        found.push({ path, kind, parts, line: `${page}: ${line.trim()}` });
      });
    }
  }
  return found;
}

/**
 * The files an output is, and those a build of it leaves while it runs (pid 4242); a folder with
 * a slash, as git tells them apart. A tree is a link to its build.
 */
function filesOf({ path, kind, parts }: Output): string[] {
  const { dir, base } = posix.parse(path);
  const beside = (name: string) => posix.join(dir, name);
  if (kind === 'tree')
    return [
      path,
      beside(`.${base}.builds/`),
      beside(`.${base}.trash/`),
      beside(`.${base}.link-4242`),
    ];
  return [
    path,
    beside(`.${base}.build-4242/`),
    beside(`.${base}.partial-4242`),
    ...(parts ? [beside(`${base}.0123456789ab.001`)] : []),
  ];
}

/** The paths of `paths` git ignores, whether or not they exist. */
function ignored(paths: string[]): Set<string> {
  // Exit code 1 when none is ignored: the output says which are.
  const run = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], {
    input: paths.join('\n'),
    encoding: 'utf8',
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(run.stderr);
  return new Set(run.stdout.split('\n').filter(Boolean));
}

describe('.gitignore', () => {
  it("ignores what the examples build in the project folder, and a build's scratch files", () => {
    const examples = outputs();
    // football.archive, football-api.archive, api.archive, site/football.parts, dist, public at
    // least.
    expect(new Set(examples.map((o) => o.path)).size).toBeGreaterThanOrEqual(6);
    const files = examples.flatMap((output) => filesOf(output).map((file) => [file, output.line]));
    const kept = ignored(files.map(([file]) => file!));
    expect(files.filter(([file]) => !kept.has(file!))).toEqual([]);
  });

  it('ignores no file the repository tracks', () => {
    const tracked = execFileSync(
      'git',
      ['ls-files', '--cached', '--ignored', '--exclude-standard'],
      {
        encoding: 'utf8',
      },
    );
    expect(tracked.split('\n').filter(Boolean)).toEqual([]);
  });
});
