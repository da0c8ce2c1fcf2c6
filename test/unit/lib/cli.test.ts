import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { main as buildMain, BUILD_COMMAND } from '../../../cli/build.ts';
import { estimate, rowsOf, TREE_FILES_UNASKED } from '../../../build/estimate.ts';
import { openReadOnly } from '../../../data/db.ts';
import { buildDemoDatabase } from '../../../data/demo/generate.ts';
import { main as nationalMain, NATIONAL_SOURCES } from '../../../cli/national.ts';
import { main as unpackMain, UNPACK_COMMAND } from '../../../cli/unpack.ts';
import {
  defineCommand,
  REPORT_LINE,
  runCommand,
  type Command,
  type CommandSpec,
} from '../../../lib/cli.ts';
import { UserError } from '../../../lib/errors.ts';
import { integer } from '../../../lib/cli-values.ts';
import { main as demoMain } from '../../../cli/demo.ts';
import { main as importMain, IMPORT_COMMAND } from '../../../cli/import.ts';
import { CAPTAINS_FILE, FILES as FJELSTUL_FILES } from '../../../data/import/fjelstul/source.ts';
import { FILES as MARTJ42_FILES } from '../../../data/import/martj42/source.ts';
import { MATCHES_FILE } from '../../../data/import/openfootball/source.ts';
import { main as serveMain, SERVE_COMMAND } from '../../../cli/serve.ts';
import { main as nginxMain, NGINX_COMMAND } from '../../../cli/nginx.ts';
import { NGINX_LISTEN } from '../../../server/hosts/nginx-listen.ts';
import { main as benchMain, BENCH_COMMAND } from '../../bench/run.ts';
import { main as queriesMain, QUERIES_COMMAND } from '../../bench/queries.ts';
import { main as clientBenchMain, CLIENT_BENCH_COMMAND } from '../../bench/client.ts';
import { main as servingMain } from '../../bench/serving.ts';
import { NGINX } from '../../helpers/http/nginx.ts';
import {
  expectFailed,
  expectRefused,
  fakeBuild,
  holdPort,
  PROGRAMS,
  runIn as run,
  spawnProgram,
  STACK,
  type Main,
} from '../../helpers/programs/programs.ts';
import { REAL_DATA_ROOT } from '../../helpers/setup/real-data.ts';

/**
 * Every program speaks to people the same way (`lib/cli.ts`): `--help` prints the usage
 * (0); an unknown option or a bad value is one line naming it, then the usage (2); a missing file
 * or a busy port is one message naming it and what to do (1); never a stack for any of these. The
 * programs run in-process with their output captured; one runs as a process, to show what reaches
 * a terminal (`cli-processes.test.ts` runs them all so, in the slow project).
 */

/** Option names and kinds, for the tables below. */
const optionsOf = (command: Command<CommandSpec>) => Object.entries(command.spec.options);

/** A text the option's kind refuses: the first of a few that is not a value of it. */
function badValue(command: Command<CommandSpec>, name: string): string {
  const option = command.spec.options[name]!;
  if (option.type === 'flag') throw new Error(`--${name} is a flag`);
  const kind = option.type;
  const bad = ['', 'abc', '1.5', '0', 'mars,0'].find((text) => !kind.read(text).ok);
  if (bad === undefined) throw new Error(`no bad value of --${name} among the candidates`);
  return bad;
}

let root = '';
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'football-cli-'));
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe.each(PROGRAMS)('$name', ({ command, main }) => {
  it.each(['--help', '-h'])(
    '%s prints the usage, naming every option, and exits 0',
    async (flag) => {
      const result = await run(main, [flag]);
      expect(result).toEqual({ code: 0, out: command.usage, err: '' });
      expect(result.out).toMatch(/^Usage: /);
      for (const [name] of optionsOf(command)) expect(result.out).toContain(`--${name}`);
      for (const { name } of command.spec.positionals ?? [])
        expect(result.out).toContain(`<${name}>`);
      expect(result.out).toContain('-h, --help');
    },
  );

  it('refuses an unknown option in one line naming it, then the usage', async () => {
    expectRefused(await run(main, ['--bogus']), command, '--bogus');
    expectRefused(await run(main, ['-x']), command, '-x');
  });

  const valued = optionsOf(command).filter(([, option]) => option.type !== 'flag');
  const flags = optionsOf(command).filter(([, option]) => option.type === 'flag');

  it.skipIf(valued.length === 0).each(valued.map(([name]) => name))(
    'refuses a bad value of --%s, or none, naming it',
    async (name) => {
      const bad = badValue(command, name);
      expectRefused(await run(main, [`--${name}`, bad]), command, `--${name}`);
      expectRefused(await run(main, [`--${name}=${bad}`]), command, `--${name}`);
      const missing = await run(main, [`--${name}`]);
      expectRefused(missing, command, `--${name} needs a value`);
    },
  );

  it.skipIf(flags.length === 0).each(flags.map(([name]) => name))(
    'refuses a value given to the flag --%s',
    async (name) => {
      expectRefused(await run(main, [`--${name}=yes`]), command, `--${name} takes no value`);
    },
  );
});

describe('the command lines', () => {
  it('suggest the option a mistyped one was meant to be', async () => {
    const result = await run(buildMain, ['--wokers', '2']);
    expectRefused(result, BUILD_COMMAND, 'Unknown option --wokers (did you mean --workers?)');
  });

  it('refuse a missing or unknown positional, and one too many', async () => {
    expectRefused(await run(importMain, []), IMPORT_COMMAND, '<format> is needed');
    expectRefused(await run(importMain, ['fjelstul']), IMPORT_COMMAND, '<path> is needed');
    expectRefused(await run(importMain, ['rugby', root]), IMPORT_COMMAND, "not 'rugby'");
    expectRefused(await run(importMain, ['fjelstul', root, 'x']), IMPORT_COMMAND, "'x'");
    expectRefused(await run(buildMain, ['x']), BUILD_COMMAND, "Unexpected argument 'x'");
    expectRefused(await run(queriesMain, []), QUERIES_COMMAND, '<archive> is needed');
    expectRefused(await run(clientBenchMain, []), CLIENT_BENCH_COMMAND, '<archive> is needed');
  });

  it('refuse a required option left out', async () => {
    expectRefused(await run(unpackMain, ['--out', root]), UNPACK_COMMAND, '--archive FILE');
    expectRefused(await run(unpackMain, ['--archive', 'a.archive']), UNPACK_COMMAND, '--out DIR');
  });

  it('refuse what the options of a program allow only apart', async () => {
    const both = await run(buildMain, ['--archive', 'a.archive', '--out', 'x']);
    expectRefused(both, BUILD_COMMAND, '--archive is one output');
    const serve = await run(serveMain, ['--dir', root, '--archive', 'a.archive']);
    expectRefused(serve, SERVE_COMMAND, 'exclusive');
    const persist = await run(serveMain, ['--persist-to', root]);
    expectRefused(persist, SERVE_COMMAND, '--persist-to is for --runtime worker only');
    const cache = await run(serveMain, ['--runtime', 'worker', '--cache-mb', '8']);
    expectRefused(cache, SERVE_COMMAND, '--cache-mb is not for --runtime worker');
    expectRefused(
      await run(benchMain, ['--scales', '10']),
      BENCH_COMMAND,
      '--scales must include 1',
    );
    const whole = await run(importMain, ['martj42', root, '--competitions', 'England']);
    expectRefused(whole, IMPORT_COMMAND, '--competitions');
    const unknown = await run(importMain, ['wyscout', root, '--competitions', 'England,Mars']);
    expectRefused(unknown, IMPORT_COMMAND, 'no competition Mars');
  });

  it('name the variable when PORT or HOST is the bad value', async () => {
    vi.stubEnv('PORT', 'eighty');
    try {
      expectRefused(
        await run(serveMain, []),
        SERVE_COMMAND,
        'PORT (read when --port is not given)',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([
    ['a port', '65536', false],
    ['a negative port', '-1', false],
    ['a port', '8080', true],
  ])('serve --port: %s %s', async (_, port, ok) => {
    const parsed = SERVE_COMMAND.parse(['--port', port], {});
    expect(parsed.kind).toBe(ok ? 'run' : 'refused');
  });
});

describe('a file, folder or dataset that is not there', () => {
  const nowhere = join(tmpdir(), 'football-cli-nowhere');
  const file = (name: string) => join(nowhere, name);
  const archive = file('x.archive');

  it.each<[string, Main, string[], string, string[]]>([
    ['build --db', buildMain, ['--db', file('x.sqlite')], file('x.sqlite'), ['npm run demo']],
    ['build --archive', buildMain, ['--archive', archive], nowhere, ['create']],
    ['serve --dir', serveMain, ['--dir', nowhere], nowhere, ['npm run build -- --out']],
    ['serve --archive', serveMain, ['--archive', archive], archive, ['--archive']],
    ['unpack', unpackMain, ['--archive', archive, '--out', 'o'], archive, ['build']],
    ['nginx --dir', nginxMain, ['--dir', nowhere], nowhere, ['npm run build']],
    ['demo --db', demoMain, ['--db', file('demo.sqlite')], nowhere, ['does not exist']],
    ['import <path>', importMain, ['martj42', nowhere], nowhere, ['download', 'docs/data.md']],
    ['serving', servingMain, ['--dir', nowhere, '--archive', 'x'], nowhere, ['npm run build']],
    ['queries', queriesMain, [archive], archive, ['npm run build']],
  ])('%s: the path is named, with what to do', async (_, main, argv, named, todo) => {
    expectFailed(await run(main, argv), named, ...todo);
  });

  it('build --db names a file that is not SQLite, and a folder', async () => {
    const text = join(root, 'notes.sqlite');
    writeFileSync(text, 'not a database');
    expectFailed(await run(buildMain, ['--db', text]), text, 'not a SQLite database');
    expectFailed(await run(buildMain, ['--db', root]), root, 'is a folder');
  });

  it('build --db without --out or --archive refuses a tree past 200,000 files, naming both, writing nothing', async () => {
    // The demo, with five more copies of its persons: each person is some 45 files of a tree.
    const db = join(root, 'many-persons.sqlite');
    buildDemoDatabase(db);
    const raw = new Database(db);
    raw.exec(`WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 5)
      INSERT INTO person (id, v0_id, first_name, last_name, nickname, birth_date, name_order,
                          country, source)
      SELECT lower(hex(randomblob(16))), v0_id + 10000000 * n, first_name, last_name, nickname,
             birth_date, name_order, country, source FROM person, k`);
    raw.close();
    const opened = openReadOnly(db);
    const size = estimate(rowsOf(opened));
    opened.close();
    expect(size.files).toBeGreaterThan(TREE_FILES_UNASKED);
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const result = await run(buildMain, ['--db', db]);
      expectFailed(result, db, '--archive FILE', '--out DIR', 'npm run serve -- --archive FILE');
      // The figures of both: the tree's files and bytes, the archive's bytes.
      const files = (Math.round(size.files / 1000) * 1000).toLocaleString('en');
      expect(result.err).toContain(`about ${files} files in dist/`);
      expect(result.err).toContain(`one file of about ${Math.round(size.archiveBytes / 1e6)} MB`);
      expect(existsSync(join(root, 'dist'))).toBe(false);
      expect(existsSync(join(root, '.dist.builds'))).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });

  it('import names the files a dataset folder lacks and where to download it', async () => {
    const empty = join(root, 'empty-dataset');
    mkdirSync(empty, { recursive: true });
    const result = await run(importMain, ['martj42', empty]);
    expectFailed(result, empty, 'results.csv', 'https://github.com/martj42/international_results');
  });

  it('national names every missing source, with its download, before writing anything', async () => {
    const sources = join(root, 'sources');
    mkdirSync(join(sources, NATIONAL_SOURCES[0]!.folder), { recursive: true });
    const result = await run(nationalMain, ['--sources', sources]);
    expectFailed(result, sources, 'docs/data.md');
    for (const { folder, url } of NATIONAL_SOURCES) {
      expect(result.err).toContain(folder);
      expect(result.err).toContain(url);
    }
  });
});

/** A folder laid out as the three national sources, their files empty: what `check` looks at. */
function fakeSources(dir: string): void {
  const files = [
    ...Object.keys(FJELSTUL_FILES).map((f) => join('fjelstul-worldcup', 'data-csv', `${f}.csv`)),
    join('fjelstul-worldcup', CAPTAINS_FILE),
    join('openfootball-worldcup.json', '2026', MATCHES_FILE),
    ...Object.keys(MARTJ42_FILES).map((f) => join('martj42-international-results', `${f}.csv`)),
  ];
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
}

describe('npm run national', () => {
  /** Runs national with its steps recorded instead of run; `failing` fails that import. */
  async function steps(sources: string, failing?: string) {
    const calls: string[][] = [];
    const step = (name: string) => async (argv: readonly string[]) => {
      calls.push([name, ...argv]);
      return argv[0] === failing ? 1 : 0;
    };
    const said: string[] = [];
    const io = { out: (line: string) => said.push(line), err: () => {} };
    const code = await nationalMain(['--sources', sources], io, {
      importMain: step('import'),
      buildMain: step('build'),
    });
    return { code, calls, said };
  }

  it('imports the three sources in order into national.sqlite, then builds national.archive', async () => {
    const sources = join(root, 'fake-sources');
    fakeSources(sources);
    const { code, calls, said } = await steps(sources);
    expect(code).toBe(0);
    expect(said).toEqual(['Serve it with: npm run serve -- --archive national.archive']);
    expect(calls).toEqual([
      ['import', 'fjelstul', join(sources, 'fjelstul-worldcup'), '--db', 'national.sqlite'],
      [
        'import',
        'openfootball',
        join(sources, 'openfootball-worldcup.json'),
        '--db',
        'national.sqlite',
      ],
      [
        'import',
        'martj42',
        join(sources, 'martj42-international-results'),
        '--db',
        'national.sqlite',
      ],
      ['build', '--db', 'national.sqlite', '--archive', 'national.archive'],
    ]);
  });

  it('stops at a failed import, with its exit code', async () => {
    const sources = join(root, 'fake-sources-2');
    fakeSources(sources);
    const { code, calls } = await steps(sources, 'openfootball');
    expect(code).toBe(1);
    expect(calls.map((c) => c[1])).toEqual(['fjelstul', 'openfootball']);
  });

  it.skipIf(!NATIONAL_SOURCES.every(({ folder }) => existsSync(join(REAL_DATA_ROOT, folder))))(
    'finds every source in the real data folder given with --sources',
    async () => {
      const { code, calls } = await steps(REAL_DATA_ROOT);
      expect(code).toBe(0);
      expect(calls).toHaveLength(4);
    },
  );
});

describe('a busy port', () => {
  it.each(['node', 'deno', 'bun', 'worker'])(
    'serve --runtime %s names the port and says to use --port or PORT',
    async (runtime) => {
      const held = await holdPort();
      try {
        const argv = ['--dir', fakeBuild(root), '--port', String(held.port), '--runtime', runtime];
        const result = await run(serveMain, argv);
        expectFailed(result, `Port ${held.port}`, '--port', 'PORT');
      } finally {
        await held.close();
      }
    },
  );
});

describe("an error that is not the user's", () => {
  const command = defineCommand({
    name: 'test --',
    description: 'A command for the test.',
    options: { n: { type: integer('N'), default: '1', help: 'a number' } },
  });

  it('prints its stack and asks for a report, exit 1', async () => {
    const result = await run(
      (argv, io) =>
        runCommand(command, argv, io, () => {
          throw new TypeError('undefined is not a function');
        }),
      [],
    );
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^TypeError: undefined is not a function\n\s+at /);
    expect(result.err.split('\n').at(-1)).toBe(REPORT_LINE);
  });

  it('while a UserError is its message alone', async () => {
    const result = await run(
      (argv, io) =>
        runCommand(command, argv, io, () => {
          throw new UserError('No database at x.sqlite.');
        }),
      [],
    );
    expect(result).toEqual({ code: 1, out: '', err: 'No database at x.sqlite.' });
  });
});

/**
 * `--listen` against nginx itself: [value, what the option says, what `nginx -t` says]. The two
 * agree but where the option is stricter on purpose: parameters after the address (the
 * configuration is written with one address), and host names other than localhost, which nginx
 * looks up once when it starts (`abc`: not found, so nginx refuses it too).
 */
const LISTEN: [value: string, ours: boolean, nginx: boolean][] = [
  ['80', true, true],
  ['8080', true, true],
  ['65535', true, true],
  ['127.0.0.1:8080', true, true],
  ['127.0.0.1', true, true],
  ['0.0.0.0:1', true, true],
  ['*:80', true, true],
  ['*', true, true],
  ['localhost', true, true],
  ['localhost:8080', true, true],
  ['[::1]:8080', true, true],
  ['[::]:80', true, true],
  ['[::1]', true, true],
  ['unix:/tmp/football-api.sock', true, true],
  ['abc', false, false],
  ['0', false, false],
  ['65536', false, false],
  ['99999', false, false],
  ['::1', false, false],
  [':80', false, false],
  ['127.0.0.1:', false, false],
  ['[zz]:80', false, false],
  ['1.2.3.4:0', false, false],
  ['[::1]:0', false, false],
  ['127.0.0.1:8o', false, false],
  ['80 default_server', true, true],
  ['127.0.0.1:8080 reuseport', true, true],
  ['80 bogus', false, false],
  ['80;', false, false],
  ['unix:', false, false],
  ['', false, false],
];

/** Whether `nginx -t` accepts a server listening on `listen`. */
function nginxAccepts(listen: string, folder: string): Promise<boolean> {
  mkdirSync(folder, { recursive: true });
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${join(folder, name)};`)
    .join('\n');
  const conf = join(folder, 'nginx.conf');
  writeFileSync(
    conf,
    `pid ${join(folder, 'nginx.pid')};\nerror_log ${join(folder, 'error.log')};\nevents {}\n` +
      `http {\n  access_log off;\n${temp}\n  server { listen ${listen}; }\n}\n`,
  );
  return new Promise((resolve) =>
    execFile(NGINX!, ['-t', '-q', '-p', folder, '-c', conf], (error) => resolve(!error)),
  );
}

describe('nginx --listen', () => {
  it.each(LISTEN)('%j: accepted %s', (value, ours) => {
    const parsed = NGINX_COMMAND.parse(['--dir', root, '--listen', value], {});
    expect(parsed.kind).toBe(ours ? 'run' : 'refused');
    if (parsed.kind === 'refused') expect(parsed.message).toMatch(/^--listen/);
    expect(NGINX_LISTEN.read(value).ok).toBe(ours);
  });

  it('takes ssl after the address, for TLS with certificates given elsewhere', () => {
    expect(NGINX_LISTEN.read('443 ssl')).toEqual({ ok: true, value: '443 ssl' });
    expect(NGINX_LISTEN.read('[::]:443 ssl http2').ok).toBe(true);
    expect(NGINX_LISTEN.read('443 ssl;').ok).toBe(false);
  });

  it.skipIf(NGINX === null)('agrees with nginx -t', async () => {
    const said = await Promise.all(
      LISTEN.map(([value], i) => nginxAccepts(value, join(root, 'nginx-t', String(i)))),
    );
    expect(LISTEN.map(([value], i) => [value, said[i]])).toEqual(
      LISTEN.map(([value, , nginx]) => [value, nginx]),
    );
  });
});

describe('as a process', () => {
  it('a busy port reaches the terminal as one message, not a stack', async () => {
    const held = await holdPort();
    try {
      const argv = ['--dir', fakeBuild(root), '--port', String(held.port)];
      const busy = await spawnProgram('cli/serve.ts', argv);
      expect(busy).toEqual({
        code: 1,
        out: '',
        err:
          `Port ${held.port} on 127.0.0.1 is in use by another program: stop it, or pick another ` +
          'port with --port N (or PORT=N; --port 0 picks a free one).\n',
      });
      expect(busy.err).not.toMatch(STACK);
    } finally {
      await held.close();
    }
  });
});
