import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { splitArchive } from '../../../build/archive/pack.ts';
import { main } from '../../../cli/site.ts';
import { STATIC_FILES } from '../../../build/site/static-site.ts';
import { openArchive } from '../../../server/client/client.ts';
import { CLIENT_FILE } from '../../../site/explorer/source.ts';
import { PROJECT } from '../../../dev/install.ts';
import { demo } from '../../helpers/http/api.ts';

/**
 * `npm run site`: the explorer's and the reference's files from an archive, written for a static
 * host with the archive's URL and the origins a page may read from in their heads; every other
 * byte as the build wrote it.
 */

const { dist, archive } = demo();
const work = mkdtempSync(join(tmpdir(), 'site-command-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the command; its exit code and what it said. */
async function run(argv: string[]) {
  const said: string[] = [];
  const io = { out: (line: string) => said.push(line), err: (line: string) => said.push(line) };
  return { code: await main(argv, io), said: said.join('\n') };
}

/** The script a page of `dir` starts its archive's opening reads with. */
function openingScript(dir: string, page: string): string {
  const html = readFileSync(join(dir, page), 'utf8');
  return html.slice(html.indexOf('<script>') + 8, html.indexOf('</script>'));
}

/** A page's icon, the logo, carried in the page: one request fewer while it opens the archive. */
const icon = () =>
  '<link rel="icon" href="data:image/svg+xml;base64,' +
  `${readFileSync(join(dist, 'logo.svg')).toString('base64')}" type="image/svg+xml" />`;

/** The lines a page of `dir` has that the build's own page has not, its script as one line. */
function added(dir: string, page: string): string[] {
  const own = new Set(readFileSync(join(dist, page), 'utf8').split('\n'));
  const html = readFileSync(join(dir, page), 'utf8').replace(openingScript(dir, page), '');
  return html
    .split('\n')
    .filter((line) => !own.has(line))
    .map((line) => line.trim());
}

/**
 * The reads a page's script starts when the page is at `url`, run as a browser would, with a
 * `fetch` that notes each URL and range.
 */
function startedReads(dir: string, page: string, url: string): string[] {
  const started: string[] = [];
  const fetch = (input: string, init: { headers: { range: string } }) => {
    started.push(`${input} ${init.headers.range}`);
    return Promise.resolve(new Response(null, { status: 206 }));
  };
  const { href, search, hash } = new URL(url);
  const window: Record<string, unknown> = {
    URL,
    URLSearchParams,
    TextEncoder,
    fetch,
    location: { href, search, hash },
  };
  window['self'] = window;
  runInNewContext(openingScript(dir, page), window);
  return started;
}

/**
 * The reads the client makes to open the archive at `url`, served from the files of `dir`, and
 * then to answer `path`.
 */
async function clientReads(
  dir: string,
  url: string,
  path: string,
): Promise<{ opening: string[]; answer: string[] }> {
  const asked: string[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('range')!;
    asked.push(`${String(input)} ${range}`);
    const bytes = readFileSync(join(dir, basename(new URL(String(input)).pathname)));
    const [start, end] = range.slice(6).split('-').map(Number) as [number, number];
    const last = Math.min(end, bytes.length - 1);
    const headers = { 'content-range': `bytes ${start}-${last}/${bytes.length}`, etag: '"1"' };
    return new Response(bytes.subarray(start, last + 1), { status: 206, headers });
  };
  const api = await openArchive(url, { fetch });
  const opening = asked.splice(0);
  expect((await api.fetch(path)).status).toBe(200);
  return { opening, answer: asked };
}

describe('npm run site', () => {
  it("writes the pages beside the archive, naming it from the site's root", async () => {
    const dir = join(work, 'beside');
    mkdirSync(join(dir, 'data'), { recursive: true });
    symlinkSync(archive, join(dir, 'data', 'football 1.archive'));
    const { code, said } = await run(['--archive', join(dir, 'data', 'football 1.archive')]);
    expect(code, said).toBe(0);
    // Written into the archive's folder, as the default says.
    const site = join(dir, 'data');
    expect(said).toContain(`into ${site}, reading football%201.archive`);
    for (const file of STATIC_FILES) {
      expect(existsSync(join(site, file)), file).toBe(true);
      if (!file.endsWith('.html'))
        expect(readFileSync(join(site, file)).equals(readFileSync(join(dist, file))), file).toBe(
          true,
        );
    }
    expect(added(site, 'index.html')).toEqual([
      '<meta name="football-api-archive" content="football%201.archive" />',
      '<script></script>',
      `<link rel="modulepreload" href="${CLIENT_FILE}" />`,
      icon(),
    ]);
    expect(added(site, 'docs/index.html')).toEqual([
      '<meta name="football-api-archive" content="football%201.archive" />',
      '<script></script>',
      `<link rel="modulepreload" href="../${CLIENT_FILE}" />`,
      icon(),
    ]);
    // The icon is the page's only: the link to the file is gone.
    for (const page of ['index.html', 'docs/index.html'])
      expect(readFileSync(join(site, page), 'utf8'), page).not.toMatch(/rel="icon" href="[^d]/);
    // What the pages read through the client stays in the archive.
    expect(existsSync(join(site, 'explorer/competitions.json'))).toBe(false);
    expect(existsSync(join(site, 'v1'))).toBe(false);
  });

  it('names an archive elsewhere by its URL, and the origins a page may read from', async () => {
    const dir = join(work, 'elsewhere');
    mkdirSync(dir);
    // Quotes, markup and a replacement pattern (`$&`) stay what they are.
    const url = 'https://cdn.example.net/football.parts?v="2"&x=<1>$&';
    const { code, said } = await run([
      '--archive',
      archive,
      '--out',
      dir,
      '--archive-url',
      url,
      '--allow-origins',
      'https://cdn.example.net, http://127.0.0.1:8080/',
    ]);
    expect(code, said).toBe(0);
    expect(added(dir, 'index.html')).toEqual([
      '<meta name="football-api-archive" ' +
        'content="https://cdn.example.net/football.parts?v=&quot;2&quot;&amp;x=&lt;1>$&amp;" />',
      '<script></script>',
      `<link rel="modulepreload" href="${CLIENT_FILE}" />`,
      '<meta name="football-api-origins" ' +
        'content="https://cdn.example.net http://127.0.0.1:8080" />',
      icon(),
    ]);
  });

  it('reads an archive in parts by its entry point, which the pages then name', async () => {
    const dir = join(work, 'parts');
    mkdirSync(dir);
    await splitArchive(archive, join(dir, 'football.parts'), 8 * 2 ** 20);
    const { code, said } = await run(['--archive', join(dir, 'football.parts')]);
    expect(code, said).toBe(0);
    expect(added(dir, 'index.html')[0]).toBe(
      '<meta name="football-api-archive" content="football.parts" />',
    );
    expect(readFileSync(join(dir, CLIENT_FILE)).equals(readFileSync(join(dist, CLIENT_FILE)))).toBe(
      true,
    );
  });

  it('starts in the head the reads the client opens the archive with, once each', async () => {
    // A national match's record file, named by its id.
    const id = readdirSync(join(dist, 'v1/national/matches/info'))
      .find((file) => /^[0-9a-f]{32}\.json$/.test(file))!
      .slice(0, -5);
    const dir = join(work, 'opening');
    mkdirSync(dir);
    symlinkSync(archive, join(dir, 'football.archive'));
    await splitArchive(archive, join(dir, 'football.parts'), 8 * 2 ** 20);
    for (const name of ['football.archive', 'football.parts']) {
      // The site beside the archive, written again for each by the command as users run it:
      // the page is given the text of functions as tsx compiles them.
      const command = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'cli/site.ts', '--archive', join(dir, name)],
        { cwd: PROJECT, encoding: 'utf8' },
      );
      expect(command.status, command.stderr).toBe(0);
      const url = `http://127.0.0.1:8080/site/${name}`;
      const { opening, answer } = await clientReads(dir, url, `/v1/national/matches/${id}/info`);
      // A whole archive: its first bytes, which hold the manifest. In parts: the entry point,
      // then the first part's first bytes.
      expect(opening).toHaveLength(name.endsWith('.archive') ? 1 : 2);
      expect(new Set(opening).size).toBe(opening.length);
      // The page's script starts the same reads, at the root and one folder below it.
      for (const [page, at] of [
        ['index.html', 'http://127.0.0.1:8080/site/#/match/v1/1'],
        ['docs/index.html', 'http://127.0.0.1:8080/site/docs/index.html'],
      ] as const) {
        expect(startedReads(dir, page, at), page).toEqual(opening);
        // A page told of another archive starts nothing.
        expect(startedReads(dir, page, `${at.split('#')[0]}?archive=other.archive`)).toEqual([]);
      }
      // The explorer at a match starts the read of the leaf of the index its first call, the
      // match's info, reads first; then the client reads the file.
      const started = startedReads(dir, 'index.html', `${url.replace(name, '')}#/match/x/${id}`);
      expect(started.slice(0, opening.length)).toEqual(opening);
      const leaf = started.slice(opening.length);
      expect(leaf.length, name).toBeGreaterThan(0);
      expect(answer.slice(0, leaf.length)).toEqual(leaf);
      expect(answer.length).toBeGreaterThan(leaf.length);
      // The reference's addresses name no value.
      const docs = `${url.replace(name, '')}docs/index.html#/match/x/${id}`;
      expect(startedReads(dir, 'docs/index.html', docs)).toEqual(opening);
    }
  });

  it('refuses an archive outside the folder with no URL, and writes nothing', async () => {
    const dir = join(work, 'outside');
    mkdirSync(dir);
    const { code, said } = await run(['--archive', archive, '--out', dir]);
    expect(code).toBe(1);
    expect(said).toContain(`is not inside ${dir}: put it there, or say where the pages`);
    expect(existsSync(join(dir, 'index.html'))).toBe(false);
  });

  it("refuses the project's own site/, whose pages it would write over", async () => {
    const sources = fileURLToPath(new URL('../../../site', import.meta.url));
    const before = readFileSync(join(sources, 'index.html'), 'utf8');
    const { code, said } = await run([
      '--archive',
      archive,
      '--out',
      sources,
      '--archive-url',
      'football.archive',
    ]);
    expect(code).toBe(1);
    expect(said).toContain('holds the sources of the pages');
    expect(readFileSync(join(sources, 'index.html'), 'utf8')).toBe(before);
  });

  it('refuses an origin that is not one, by name', async () => {
    const { code, said } = await run([
      '--archive',
      archive,
      '--out',
      work,
      '--archive-url',
      'f.archive',
      '--allow-origins',
      'https://ok.example,https://x.example/path',
    ]);
    expect(code).toBe(2);
    expect(said).toContain("'https://x.example/path' (in 'https://ok.example,https://x.example");
  });
});
