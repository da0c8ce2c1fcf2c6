import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import redirector, { type RedirectMatcher } from 'netlify-redirector';
import { beforeAll, expect, it } from 'vitest';
import { createHandler, type FileSource, type Handler } from '../../../server/core/handler.ts';
import { nodeFiles } from '../../../server/disk/node-files.ts';
import { netlifyRules } from '../../../server/hosts/netlify.ts';
import { demo, handlerFor } from '../../helpers/http/api.ts';
import { crawl } from '../../helpers/http/crawl.ts';

/**
 * `npm run netlify`'s `_redirects` on the demo, matched by Netlify's own rule engine (the
 * WebAssembly build `netlify dev` uses), with Netlify's static serving around it: a file at the
 * request's path is sent as it is, else the first rule that matches rewrites the request to its
 * target, which is sent if it exists, else 404. Every crawled URL of the canonical kinds (roots,
 * default pages, `?page=N`, single integer or id filters, records) gets the router's bytes.
 */

const { dist, manifest } = demo();
let matcher: RedirectMatcher;
let api: Handler;
/**
 * The files of the tree, with each read noted: what a router with no caches reads to answer
 * tells one file sent as is from the rest.
 */
let counted: FileSource;
let reads: string[] = [];
let urls: string[] = [];

beforeAll(async () => {
  matcher = await redirector.parsePlain(netlifyRules(manifest)._redirects, {});
  api = handlerFor(dist);
  const disk = nodeFiles(dist);
  counted = { read: (file) => (reads.push(file), disk.read(file)) };
  for (const root of ['/v1/', '/v0/']) urls.push(...(await crawl(api, { root, perShape: 4 })).seen);
  urls = [...new Set(urls)];
});

/** Whether the built folder has a file at `path`. */
const isFile = (path: string) => statSync(join(dist, path), { throwIfNoEntry: false })?.isFile();

/** What Netlify sends for `target`: the file's path in the folder, or null for its 404. */
function netlify(target: string): { file: string | null; rule: string | null } {
  const url = new URL(target, 'http://site.test');
  const path = decodeURIComponent(url.pathname);
  if (isFile(path)) return { file: path, rule: null };
  const match = matcher.match({
    scheme: 'https',
    host: 'site.test',
    path,
    query: url.search.slice(1),
    getHeader: () => '',
    getCookie: () => '',
  });
  if (!match || match.status !== 200) return { file: null, rule: null };
  const file = decodeURIComponent(match.to);
  return { file: isFile(file) ? file : null, rule: match.from };
}

/**
 * The file the router sends as it is for `target`, or null when it composes, refuses, or finds
 * no file (a filter that matches no record is an empty page, which Netlify cannot make).
 */
async function routerFile(target: string): Promise<string | null> {
  reads = [];
  // Afresh for each URL: a router remembers the tags of the files it has read.
  const router = createHandler({ manifest, files: counted, cacheBytes: 0 });
  const outcome = await router.resolve({ method: 'GET', target, header: () => null });
  // The file is read once, to tag it; any other read is of a composed answer, or of a record
  // under its parent, read to check it.
  if (outcome.status !== 200 || !outcome.file || reads.length !== 1) return null;
  if (reads[0] !== outcome.file.path) return null;
  return isFile(outcome.file.path) ? `/${outcome.file.path}` : null;
}

/**
 * The kinds of request the rules are for: no query, a page, or one filter, with a page or not. The
 * API's own links name the page size before the page (`?records=10&page=1`).
 */
const PAGE = '(records=\\d+&)?page=\\d+';
const CANONICAL = new RegExp(
  `^[^?]*(\\?(${PAGE}|(?!records=)[a-z_]+=(-?\\d+|[0-9a-f]{32})(&${PAGE})?))?$`,
);

it("serve every canonical URL of a crawl as the router's file, no other as another", async () => {
  const served: string[] = [];
  const wrong: string[] = [];
  const missed: string[] = [];
  for (const target of urls) {
    const [{ file }, expected] = [netlify(target), await routerFile(target)];
    if (file !== null && file === expected) served.push(target);
    else if (file !== null) wrong.push(`${target}: ${file}, the router ${expected}`);
    // A canonical URL the router answers from one file, with an integer or id value.
    else if (expected !== null && CANONICAL.test(target))
      missed.push(`${target}: 404, the router ${expected}`);
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  expect(missed.slice(0, 5)).toEqual([]);
  expect(served.length).toBeGreaterThan(urls.length / 3);
  // Sent as is, a file is the router's answer byte for byte.
  for (const target of served.filter((_, i) => i % 10 === 0)) {
    const answer = await api.fetch(new Request(`http://api.test${target}`));
    const body = Buffer.from(await answer.arrayBuffer());
    expect(body.equals(readFileSync(join(dist, netlify(target).file!))), target).toBe(true);
  }
  console.log(`netlify: ${served.length} of ${urls.length} crawled URLs served by the rules`);
});

it('answer what they cannot check as the deploy guide says: as if absent, or 404', async () => {
  const record = urls.find((u) => /^\/v1\/persons\/[0-9a-f]{32}$/.test(u))!;
  const filtered = urls.find(
    (u) => /^\/v1\/[a-z_]+\?[a-z_]+=[0-9a-f]{32}$/.test(u) && netlify(u).file !== null,
  )!;
  const [path, query] = filtered.split('?') as [string, string];
  const served = netlify(filtered).file;
  expect(served).not.toBeNull();
  // Parameters no rule names are not seen: a sort, a page size, an unknown one, a text filter.
  for (const more of ['sort=-id', 'records=5', 'bogus=1', 'name=M%C3%BCller'])
    expect(netlify(`${path}?${query}&${more}`).file, more).toBe(served);
  // A parameter given twice counts by its last value.
  const other = `${query.replace(/=.*/, '')}=${'0'.repeat(32)}`;
  expect(netlify(`${path}?${other}&${query}`).file).toBe(served);
  // A value spelt otherwise, a filter that matches nothing: the host's 404.
  expect(netlify(record.toUpperCase().replace('/V1/PERSONS/', '/v1/persons/')).file).toBeNull();
  expect(netlify(`${path}?${query.replace(/=.*/, `=${'0'.repeat(32)}`)}`).file).toBeNull();
  expect(netlify('/v1/persons?last_name=M%C3%BCller').file).toBe('/v1/persons/index.json');
  // A record path naming a built file gets that file.
  expect(netlify('/v1/persons/index').file).toBe('/v1/persons/index.json');
});
