import { describe, expect, it } from 'vitest';
import { origin } from '../../../lib/cli-values.ts';
import { commandOf, requestOf } from '../../../site/docs/request.ts';
import { sourceOf, type SiteMeta } from '../../../site/explorer/source.ts';

/**
 * Where the explorer and the reference read the API from (`site/explorer/source.ts`): the
 * router of their origin, the archive their site was written for, or one their address names,
 * from their own origin or the origins their site lists and no other; and what they offer to
 * send a request again from each.
 */

const page = (query = '') => new URL(`https://fans.example.org/football/${query}`);
const root = new URL('https://fans.example.org/football/');
const none: SiteMeta = { archive: null, origins: null };

describe('the source of a page of the site', () => {
  it('is the router of its origin when the site names no archive and the address none', () => {
    expect(sourceOf(page(), none, root)).toEqual({ kind: 'router' });
    expect(sourceOf(page('?archive='), { archive: '', origins: null }, root)).toEqual({
      kind: 'router',
    });
  });

  it("is the site's archive, named from the site's root, not from the page", () => {
    const docs = new URL('https://fans.example.org/football/docs/#/v1%20persons');
    for (const at of [page(), docs])
      expect(sourceOf(at, { archive: 'data/football.parts', origins: null }, root)).toEqual({
        kind: 'archive',
        url: 'https://fans.example.org/football/data/football.parts',
        named: 'site',
      });
    expect(
      sourceOf(page(), { archive: 'https://cdn.example.net/a.archive', origins: null }, root),
    ).toMatchObject({ kind: 'archive', url: 'https://cdn.example.net/a.archive' });
  });

  it("follows an address's archive under the site's own root, over the site's", () => {
    const asked = page('?archive=old%2Fold.archive');
    expect(sourceOf(asked, { archive: 'football.archive', origins: null }, root)).toEqual({
      kind: 'archive',
      url: 'https://fans.example.org/football/old/old.archive',
      named: 'page',
    });
  });

  it('refuses one elsewhere on its origin, which another site can share (a bucket host)', () => {
    for (const asked of ['/other/x.archive', '/footballx/x.archive', '../x.archive'])
      expect(sourceOf(page(`?archive=${asked}`), none, root), asked).toMatchObject({
        kind: 'refused',
        reason: expect.stringContaining('under its own site, https://fans.example.org/football/'),
      });
  });

  it('follows one on another origin only when the site lists that origin', () => {
    const asked = page('?archive=https://data.example.net/football.archive');
    const refused = sourceOf(asked, none, root);
    expect(refused.kind).toBe('refused');
    expect(refused.kind === 'refused' && refused.reason).toBe(
      'This page reads archives under its own site, https://fans.example.org/football/, and ' +
        'from the origins its site lists, not https://data.example.net/football.archive.',
    );
    // A listed origin, among others and one that is not an origin at all.
    const listed = { archive: null, origins: 'https://a.example ?? https://data.example.net' };
    expect(sourceOf(asked, listed, root)).toEqual({
      kind: 'archive',
      url: 'https://data.example.net/football.archive',
      named: 'page',
    });
    // The same host on another port or scheme is another origin.
    for (const other of [
      'http://data.example.net/f.archive',
      'https://data.example.net:8443/f.archive',
    ])
      expect(sourceOf(page(`?archive=${other}`), listed, root).kind, other).toBe('refused');
  });

  it('refuses an archive that is not fetched over HTTP', () => {
    for (const asked of ['javascript:alert(1)', 'data:,x', 'file:///etc/passwd'])
      expect(
        sourceOf(page(`?archive=${encodeURIComponent(asked)}`), none, root),
        asked,
      ).toMatchObject({ kind: 'refused', reason: expect.stringContaining('over HTTP only') });
  });
});

describe("the reference's command to send a request again", () => {
  const request = requestOf('get', '/v1/persons', [
    { name: 'last_name', in: 'query', value: "O'Neil" },
  ]);

  it('is curl to the router of the page', () => {
    expect(commandOf(request, { kind: 'router' }, 'https://api.example.org')).toBe(
      `curl -i 'https://api.example.org/v1/persons?last_name=O'\\''Neil'`,
    );
  });

  it("is the client's call over the page's archive, with the method and headers", () => {
    const source = { kind: 'archive', url: 'https://h.example/f.archive', named: 'site' } as const;
    expect(commandOf(request, source, 'https://h.example')).toBe(
      'const api = await openArchive("https://h.example/f.archive");\n' +
        `const res = await api.fetch("/v1/persons?last_name=O'Neil");`,
    );
    const head = requestOf('head', '/v1/persons', [
      { name: 'If-None-Match', in: 'header', value: '"x"' },
    ]);
    expect(commandOf(head, source, 'https://h.example')).toContain(
      'api.fetch("/v1/persons", {"method":"HEAD","headers":{"If-None-Match":"\\"x\\""}});',
    );
  });
});

describe('an origin on the command line', () => {
  it('is an http or https URL with nothing after its host, read as its origin', () => {
    const type = origin();
    expect(type.read('https://Data.Example.org')).toEqual({
      ok: true,
      value: 'https://data.example.org',
    });
    expect(type.read('http://127.0.0.1:8080/')).toEqual({
      ok: true,
      value: 'http://127.0.0.1:8080',
    });
    for (const bad of ['data.example.org', 'ftp://x.example', 'https://x.example/path', ''])
      expect(type.read(bad).ok, bad).toBe(false);
  });
});
