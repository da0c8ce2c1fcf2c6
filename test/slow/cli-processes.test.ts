import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  expectFailed,
  expectRefused,
  fakeBuild,
  holdPort,
  PROGRAMS,
  spawnProgram,
  STACK,
} from '../helpers/programs/programs.ts';

/**
 * What reaches a terminal when each program runs in a process of its own, as `npm run` starts it
 * (`cli.test.ts` runs the same programs in-process, option by option): the usage for `--help`,
 * one line and the usage for an unknown option, one message for a missing file or a busy port;
 * never a stack. Each program is a process of its own, about a second each, hence the slow
 * project.
 */

const root = mkdtempSync(join(tmpdir(), 'football-cli-processes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each(PROGRAMS)('$name ($file)', ({ file, command }) => {
  it('--help prints the usage and exits 0', async () => {
    expect(await spawnProgram(file, ['--help'])).toEqual({
      code: 0,
      out: `${command.usage}\n`,
      err: '',
    });
  });

  it('--bogus is one line naming it, then the usage; exit 2', async () => {
    const result = await spawnProgram(file, ['--bogus']);
    expectRefused(result, command, 'Unknown option --bogus.');
    expect(result.err).toBe(`Unknown option --bogus.\n\n${command.usage}\n`);
  });
});

describe('a missing file, a bad value, a busy port', () => {
  const nowhere = join(root, 'nowhere');

  it.each([
    ['cli/build.ts', ['--db', join(nowhere, 'x.sqlite')], join(nowhere, 'x.sqlite')],
    ['cli/unpack.ts', ['--archive', `${nowhere}.archive`, '--out', nowhere], `${nowhere}.archive`],
    [
      'cli/split.ts',
      ['--archive', `${nowhere}.archive`, '--out', `${nowhere}.parts`, '--part-size', '25MiB'],
      `${nowhere}.archive`,
    ],
    ['cli/site.ts', ['--archive', `${nowhere}.archive`], `${nowhere}.archive`],
    ['cli/serve.ts', ['--archive', `${nowhere}.archive`], `${nowhere}.archive`],
    ['cli/nginx.ts', ['--dir', nowhere], nowhere],
    ['cli/import.ts', ['fjelstul', nowhere], nowhere],
    ['cli/national.ts', ['--sources', nowhere], nowhere],
  ])('%s %j names the path; exit 1', async (file, argv, named) => {
    expectFailed(await spawnProgram(file, argv), named);
  });

  it('nginx --listen abc is refused as nginx would refuse it; exit 2', async () => {
    const result = await spawnProgram('cli/nginx.ts', ['--listen', 'abc']);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toMatch(/^--listen: abc is a host name/);
    expect(result.err).not.toMatch(STACK);
  });

  it.each(['node', 'deno'])(
    'serve --runtime %s on a busy port names it; exit 1',
    async (runtime) => {
      const held = await holdPort();
      try {
        const argv = ['--dir', fakeBuild(root), '--port', String(held.port), '--runtime', runtime];
        expectFailed(await spawnProgram('cli/serve.ts', argv), `Port ${held.port}`, 'PORT');
      } finally {
        await held.close();
      }
    },
  );
});
