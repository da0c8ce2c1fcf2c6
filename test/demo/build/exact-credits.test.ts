import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../build/build.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import { buildDemoDatabase } from '../../../data/demo/generate.ts';
import type { Handler } from '../../../server/core/handler.ts';
import { addEvents } from '../../helpers/data/events.ts';
import { archiveHandlerFor, call, handlerFor } from '../../helpers/http/api.ts';

/**
 * A composed answer credits exactly the providers of the records it returns. The demo has one
 * provider, so this database gives a second one ("Other") half of the club matches and the
 * micro-events of one more (whose lineups' statistics then credit both). Each record's own
 * answer (`/<path>/<id>`, a file the build credited from that record alone) is the oracle: an
 * answer's providers are the union of its records'.
 */

const root = mkdtempSync(join(tmpdir(), 'football-credits-'));
const dbFile = join(root, 'credits.sqlite');
const PATHS = [
  'v1/clubs/matches/info',
  'v1/clubs/matches/lineups',
  'v1/clubs/events/all',
  'v1/clubs/stats/passes/totals',
];
const OTHER = {
  key: 'other',
  name: 'Other data (fictional)',
  url: '/other',
  html: '<a href="/other">Other</a>',
  logo: '/logo.svg',
  license: 'CC BY 4.0',
};
let tree: Handler;
let archive: Handler;
let closeArchive = async () => {};
let eventMatches: string[];

beforeAll(async () => {
  buildDemoDatabase(dbFile);
  eventMatches = addEvents(dbFile, { clubs: 3, national: 0, perMatch: 40 }).clubs;
  const db = new Database(dbFile);
  db.prepare(
    'INSERT INTO provider (key, name, url, html, logo, license) VALUES (@key, @name, @url, @html, @logo, @license)',
  ).run(OTHER);
  // Every other match is Other's; one match with events keeps the demo's, but its events are
  // Other's.
  db.exec("UPDATE match SET source = 'other' WHERE rowid % 2 = 0");
  db.prepare("UPDATE match SET source = 'demo' WHERE id = ?").run(eventMatches[0]);
  db.prepare("UPDATE event SET source = 'other' WHERE match = ?").run(eventMatches[0]);
  db.close();
  const resources = REGISTRY.resources.filter((r) => PATHS.includes(r.path));
  const registry = { ...REGISTRY, resources };
  await build({ db: dbFile, out: join(root, 'dist'), registry });
  await build({ db: dbFile, archive: join(root, 'api.archive'), registry });
  tree = handlerFor(join(root, 'dist'));
  ({ handler: archive, close: closeArchive } = await archiveHandlerFor(join(root, 'api.archive')));
});
afterAll(async () => {
  await closeArchive();
  rmSync(root, { recursive: true, force: true });
});

type Source = { name?: string; providers?: { name: string }[] };

/** The provider names an attribution's `source` credits. */
const names = (source: Source): string[] =>
  source.providers ? source.providers.map((p) => p.name) : source.name ? [source.name] : [];

/** The providers the records of an answer credit each on their own, by their ids. */
async function ownCredits(api: Handler, path: string, ids: string[]): Promise<string[]> {
  const out = new Set<string>();
  for (const id of ids) {
    const reply = await call(api, `/${path}/${id}`);
    expect(reply.status, `/${path}/${id}`).toBe(200);
    for (const name of names(reply.json.attribution.source)) out.add(name);
  }
  return [...out].sort();
}

describe('a composed answer credits the providers of its records', () => {
  it('the data has records of each provider and of both, in every collection', async () => {
    for (const path of PATHS) {
      const page = await call(tree, `/${path}?records=100`);
      expect(names(page.json.attribution.source).length, path).toBe(2);
    }
  });

  it.each(PATHS)('%s: pages of other sizes, sorts and filters', async (path) => {
    const first = await call(tree, `/${path}?records=100`);
    const record = first.json.result[3];
    const filters = [`match=${eventMatches[0]}`, `match=${record.match ?? record.id}`];
    const targets = [
      ...[1, 2, 3, 4, 5].map((page) => `/${path}?records=3&page=${page}`),
      ...[1, 2, 3].map((page) => `/${path}?records=1&page=${page}`),
      `/${path}?sort=-id&records=2`,
      `/${path}?sort=id&records=4&page=2`,
      ...(path.endsWith('/info')
        ? [`/${path}?competition=${record.competition}&records=3&page=2`]
        : filters.flatMap((f) => [`/${path}?${f}&records=3`, `/${path}?${f}&sort=-id&records=2`])),
      ...(path.includes('/stats/')
        ? [
            `/${path}?player=${record.player}`,
            `/${path}?player=${record.player}&match=${record.match}`,
          ]
        : []),
    ];
    let narrower = 0;
    for (const target of targets) {
      const [fromTree, fromArchive] = [await call(tree, target), await call(archive, target)];
      expect(fromTree.status, target).toBe(200);
      expect(fromArchive.text, target).toBe(fromTree.text);
      const ids = fromTree.json.result.map((r: { id: string }) => r.id);
      const credited = names(fromTree.json.attribution.source).sort();
      expect(credited, target).toEqual(await ownCredits(tree, path, ids));
      if (credited.length === 1) narrower++;
    }
    // Some answers name one provider where the pages they were read from name two.
    expect(narrower).toBeGreaterThan(0);
  });
});
