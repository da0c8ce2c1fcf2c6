import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../../server/core/handler.ts';
import { nodeFiles } from '../../../server/disk/node-files.ts';
import { call, demo, handlerFor } from '../../helpers/http/api.ts';
import { openOracle, rows } from '../../helpers/data/db.ts';
import { expectEnvelope, expectError } from '../../helpers/http/shapes.ts';
import { walk } from '../../helpers/http/walk.ts';

/**
 * The v1 reference and personnel resources over the demo build, answered in-process by the handler
 * and checked against the demo database.
 */

const { dist, db: dbFile, manifest } = demo();
const api = handlerFor(dist);
const db = openOracle(dbFile);
afterAll(() => db.close());

/** The SQL table behind each v1 resource, for counts. */
const TABLES: Record<string, string> = {
  'v1/confederations': 'confederation',
  'v1/countries': 'country',
  'v1/competitions': 'competition',
  'v1/domestic_competitions': 'domestic_competition',
  'v1/intl_competitions': 'intl_competition',
  'v1/phases': 'phase',
  'v1/grouprounds': 'groupround',
  'v1/knockoutrounds': 'knockoutround',
  'v1/weather': 'weather',
  'v1/surfaces': 'surface',
  'v1/seasons': 'season',
  'v1/teams': 'team',
  'v1/timezones': 'timezone',
  'v1/venues': 'venue',
  'v1/name_order': 'name_order',
  'v1/positions': 'position',
  'v1/fouls': 'foul',
  'v1/cards': 'card',
  'v1/bodyparts': 'bodypart',
  'v1/shotevents': 'shotevent',
  'v1/penalty_outcomes': 'penalty_outcome',
  'v1/actions': 'action',
  'v1/modifiers': 'modifier',
  'v1/modifier_categories': 'modifier_category',
  'v1/persons': 'person',
  'v1/personnel/players': 'player',
  'v1/personnel/managers': 'manager',
  'v1/personnel/referees': 'referee',
  'v1/players': 'player',
  'v1/managers': 'manager',
  'v1/referees': 'referee',
};

describe('every v1 reference and personnel resource', () => {
  it('is in the build, with the documented paging', () => {
    const built = new Map(
      manifest.resources.filter((r) => r.path in TABLES).map((r) => [r.path, r]),
    );
    expect([...built.keys()].sort()).toEqual(Object.keys(TABLES).sort());
    const unpaged = [
      'confederations',
      'competitions',
      'domestic_competitions',
      'intl_competitions',
      'phases',
      'grouprounds',
      'knockoutrounds',
      'weather',
      'surfaces',
      'seasons',
      'name_order',
      'positions',
      'fouls',
      'cards',
      'bodyparts',
      'shotevents',
      'penalty_outcomes',
    ];
    for (const [path, r] of built) expect(r.paginated, path).toBe(!unpaged.includes(path.slice(3)));
  });

  it.each(Object.entries(TABLES))(
    '%s lists every row of %s, in the envelope',
    async (path, table) => {
      const resource = manifest.resources.find((r) => r.path === path)!;
      const expected = rows<{ n: number }>(db, `SELECT count(*) AS n FROM ${table}`)[0]!.n;
      expect(expected).toBeGreaterThan(0);
      if (resource.paginated) {
        // Walk the default pages by following `next`: totals add up and each record comes once.
        const { records, pages, totalRecords, totalPages } = await walk(api, `/${path}`);
        expect(totalRecords).toBe(expected);
        expect(pages).toBe(totalPages);
        expect(totalPages).toBe(Math.ceil(expected / 10));
        expect(new Set(records.map((r) => r['id'])).size).toBe(expected);
        expect(records).toHaveLength(expected);
        const big = await walk(api, `/${path}?records=100`);
        expect(big.records).toEqual(records);
      } else {
        const reply = await call(api, `/${path}`);
        expectEnvelope(reply, { paginated: false });
        expect(reply.json.result).toHaveLength(expected);
      }
    },
  );

  it.each(Object.keys(TABLES))('%s/<id> returns that one record', async (path) => {
    const first = (await call(api, `/${path}`)).json.result[0];
    const reply = await call(api, `/${path}/${first.id}`);
    expectEnvelope(reply, { paginated: false });
    expect(reply.json.result).toEqual([first]);
    expect(first.uri).toBe(`/${path}/${first.id}`);
  });
});

describe('reference values keep the original numbering', () => {
  it.each([
    ['/v1/confederations/15', 'name', 'UEFA'],
    ['/v1/confederations/13', 'name', 'CONMEBOL'],
    ['/v1/positions/21', 'name', 'Central Midfielder'],
    ['/v1/cards/2', 'desc', 'Yellow/Red'],
    ['/v1/name_order/12', 'desc', 'Eastern'],
    ['/v1/knockoutrounds/27', 'name', 'Quarter-final (1/4)'],
    ['/v1/knockoutrounds/28', 'name', 'Semi-final (1/2)'],
    ['/v1/grouprounds/10', 'name', 'Group Stage'],
    ['/v1/weather/18', 'desc', 'Light Rain'],
    ['/v1/surfaces/6', 'desc', 'Natural grass'],
    ['/v1/fouls/28', 'desc', 'Professional foul'],
    ['/v1/bodyparts/5', 'desc', 'Head'],
    ['/v1/shotevents/20', 'desc', 'Through pass creates 1-on-1'],
    ['/v1/penalty_outcomes/3', 'desc', 'Save'],
    ['/v1/phases/3', 'name', 'Knockout'],
    ['/v1/actions/100', 'desc', 'Shot'],
    ['/v1/modifiers/101', 'desc', 'Goal'],
  ])('%s has %s %s', async (path, key, value) => {
    const reply = await call(api, path);
    expectEnvelope(reply, { paginated: false });
    expect(reply.json.result[0][key]).toBe(value);
    expect(reply.json.attribution.source).toEqual({});
  });

  it('confederations link to their countries, and those countries belong to them', async () => {
    const uefa = (await call(api, '/v1/confederations/15')).json.result[0];
    expect(uefa.link.countries).toBe('/v1/countries?confederation=15');
    const { records } = await walk(api, uefa.link.countries);
    const expected = rows<{ id: string }>(db, 'SELECT id FROM country WHERE confederation = 15');
    expect(records.map((r) => r['id']).sort()).toEqual(expected.map((r) => r.id).sort());
  });
});

describe('persons and personnel', () => {
  const person = rows<Record<string, string | number | null>>(
    db,
    'SELECT * FROM person WHERE second_last_name IS NOT NULL LIMIT 1',
  )[0]!;

  it('a person record has every documented field under its camelCase key', async () => {
    const record = (await call(api, `/v1/persons/${person['id']}`)).json.result[0];
    expect(record).toMatchObject({
      id: person['id'],
      firstName: person['first_name'],
      secondName: person['second_name'],
      lastName: person['last_name'],
      secondLastName: person['second_last_name'],
      nickname: person['nickname'],
      birthDate: person['birth_date'],
      order: person['name_order'],
      country: person['country'],
    });
    expect(record.link).toEqual({ country: `/v1/countries/${person['country']}` });
  });

  it('personnel records carry the provider in attribution.source', async () => {
    const reply = await call(api, '/v1/personnel/players');
    const provider = rows<Record<string, string>>(db, 'SELECT name, license FROM provider')[0]!;
    expect(reply.json.attribution.source).toMatchObject({
      name: provider['name'],
      license: provider['license'],
    });
  });

  it('full names follow the name order, or are the nickname', async () => {
    const cases = rows<Record<string, string>>(
      db,
      `
      SELECT pl.id, p.first_name, p.second_name, p.last_name, p.nickname, p.name_order
      FROM player pl JOIN person p ON p.id = pl.person
      WHERE p.second_last_name IS NULL GROUP BY p.name_order, p.nickname <> '' ORDER BY pl.id`,
    );
    expect(new Set(cases.map((c) => c['name_order'])).size).toBe(3);
    for (const c of cases) {
      const record = (await call(api, `/v1/personnel/players/${c['id']}`)).json.result[0];
      const expected = c['nickname']
        ? c['nickname']
        : Number(c['name_order']) === 12
          ? `${c['last_name']} ${c['first_name']}`
          : Number(c['name_order']) === 11
            ? [c['first_name'], c['second_name'], c['last_name']].filter(Boolean).join(' ')
            : `${c['first_name']} ${c['last_name']}`;
      expect(record.fullName).toBe(expected);
    }
  });

  it('players link to person, country and their club and national events', async () => {
    const record = (await call(api, '/v1/personnel/players')).json.result[0];
    const id = record.id;
    expect(record.link.person).toBe(`/v1/persons/${record.person}`);
    expect(record.link.club).toEqual({
      goals: `/v1/clubs/matches/goals?player=${id}`,
      matches: `/v1/clubs/matches/lineups?player=${id}`,
      offenses: `/v1/clubs/matches/offenses?player=${id}`,
      penalties: `/v1/clubs/matches/penalties?player=${id}`,
      subbedIn: `/v1/clubs/matches/substitutions?in_player=${id}`,
      subbedOut: `/v1/clubs/matches/substitutions?out_player=${id}`,
    });
    expect(record.link.natl.goals).toBe(`/v1/national/matches/goals?player=${id}`);
  });

  it('managers and referees link to their matches', async () => {
    const manager = (await call(api, '/v1/personnel/managers')).json.result[0];
    expect(manager.link.club).toEqual({
      awayMatches: `/v1/clubs/matches/info?away_manager=${manager.id}`,
      homeMatches: `/v1/clubs/matches/info?home_manager=${manager.id}`,
    });
    const referee = (await call(api, '/v1/personnel/referees')).json.result[0];
    expect(referee.link.natl).toEqual({
      matches: `/v1/national/matches/info?referee=${referee.id}`,
    });
  });

  it('key resources carry keys only', async () => {
    const player = (await call(api, '/v1/players')).json.result[0];
    expect(Object.keys(player)).toEqual(['id', 'person', 'position', 'uri', 'link']);
    const referee = (await call(api, '/v1/referees')).json.result[0];
    expect(Object.keys(referee)).toEqual(['id', 'person', 'uri', 'link']);
  });
});

describe('filters', () => {
  const ids = async (target: string) =>
    (await walk(api, target)).records.map((r) => r['id'] as string).sort();

  it('a single filter returns exactly the matching records, case-insensitively', async () => {
    const { last_name: name } = rows<{ last_name: string }>(
      db,
      'SELECT last_name FROM person GROUP BY last_name HAVING count(*) > 1 ORDER BY last_name LIMIT 1',
    )[0]!;
    const expected = rows<{ id: string }>(db, 'SELECT id FROM person WHERE last_name = ?', name)
      .map((r) => r.id)
      .sort();
    expect(await ids(`/v1/persons?last_name=${encodeURIComponent(name)}`)).toEqual(expected);
    expect(await ids(`/v1/persons?last_name=${encodeURIComponent(name.toUpperCase())}`)).toEqual(
      expected,
    );
  });

  it('diacritics count: a name without its accent matches nothing it should not', async () => {
    const names = rows<{ last_name: string }>(
      db,
      'SELECT DISTINCT last_name FROM person WHERE last_name IS NOT NULL',
    ).map((r) => r.last_name);
    const accented = names.find(
      (n) => n.normalize('NFD') !== n && !names.includes(n.normalize('NFD').replace(/\p{M}/gu, '')),
    )!;
    expect(accented).toBeTruthy();
    const plain = accented.normalize('NFD').replace(/\p{M}/gu, '');
    const reply = await call(api, `/v1/persons?last_name=${encodeURIComponent(plain)}`);
    expectEnvelope(reply, { paginated: true });
    expect(reply.json.result).toEqual([]);
    expect(reply.json.meta).toMatchObject({
      page: 1,
      totalRecords: 0,
      totalPages: 0,
      next: null,
      prev: null,
    });
    expect(await ids(`/v1/persons?last_name=${encodeURIComponent(accented)}`)).not.toEqual([]);
  });

  it('names with apostrophes and spaces filter like any other', async () => {
    for (const pattern of ["%'%", '% %']) {
      const { last_name: name } = rows<{ last_name: string }>(
        db,
        'SELECT last_name FROM person WHERE last_name LIKE ? LIMIT 1',
        pattern,
      )[0]!;
      const expected = rows<{ id: string }>(db, 'SELECT id FROM person WHERE last_name = ?', name)
        .map((r) => r.id)
        .sort();
      expect(await ids(`/v1/persons?last_name=${encodeURIComponent(name)}`)).toEqual(expected);
    }
  });

  it('several filters combine with AND', async () => {
    const { country, position } = rows<{ country: string; position: number }>(
      db,
      `
      SELECT p.country, x.position FROM player x JOIN person p ON p.id = x.person
      GROUP BY 1, 2 HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 1`,
    )[0]!;
    const expected = rows<{ id: string }>(
      db,
      'SELECT x.id FROM player x JOIN person p ON p.id = x.person WHERE p.country = ? AND x.position = ?',
      country,
      position,
    )
      .map((r) => r.id)
      .sort();
    expect(await ids(`/v1/personnel/players?country=${country}&position=${position}`)).toEqual(
      expected,
    );
    expect(
      await ids(
        `/v1/personnel/players?position=${position}&country=${country.toUpperCase()}&records=3`,
      ),
    ).toEqual(expected);
  });

  it('a * wildcard matches any run of characters', async () => {
    const all = rows<{ id: string; last_name: string | null }>(
      db,
      'SELECT id, last_name FROM person',
    );
    // A wildcard matches accents aside: "Đ" and "D" both start with d.
    const plain = (text: string) =>
      text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[đð]/g, 'd');
    const expected = all
      .filter((p) => p.last_name && plain(p.last_name).startsWith('d'))
      .map((p) => p.id)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids('/v1/persons?last_name=d*')).toEqual(expected);
  });

  it('a wildcard matches accents aside, equality does not', async () => {
    const all = rows<{ id: string; last_name: string | null }>(
      db,
      'SELECT id, last_name FROM person',
    );
    const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const accented = all.find((p) => p.last_name && plain(p.last_name) !== p.last_name)!;
    const bare = plain(accented.last_name!).toLowerCase();
    const expected = all
      .filter((p) => p.last_name && plain(p.last_name).toLowerCase() === bare)
      .map((p) => p.id)
      .sort();
    expect(expected).toContain(accented.id);
    expect(await ids(`/v1/persons?last_name=${encodeURIComponent(`*${bare}`)}`)).toEqual(expected);
    expect(await ids(`/v1/persons?last_name=${encodeURIComponent(bare)}`)).not.toContain(
      accented.id,
    );
  });

  it('dates filter by value', async () => {
    const { birth_date: date } = rows<{ birth_date: string }>(
      db,
      'SELECT birth_date FROM person WHERE birth_date IS NOT NULL LIMIT 1',
    )[0]!;
    const expected = rows<{ id: string }>(db, 'SELECT id FROM person WHERE birth_date = ?', date)
      .map((r) => r.id)
      .sort();
    expect(await ids(`/v1/persons?birth_date=${date}`)).toEqual(expected);
    const years = rows<{ id: string }>(db, "SELECT id FROM person WHERE birth_date LIKE '199%'")
      .map((r) => r.id)
      .sort();
    expect(await ids('/v1/persons?birth_date=199*')).toEqual(years);
  });

  it('non-paginated collections filter too', async () => {
    const reply = await call(api, '/v1/cards?desc=RED');
    expectEnvelope(reply, { paginated: false });
    expect(reply.json.result.map((r: { id: number }) => r.id)).toEqual([3]);
    const wild = await call(api, '/v1/cards?desc=*red*');
    expect(wild.json.result.map((r: { id: number }) => r.id)).toEqual([2, 3]);
  });

  it('sort orders by any field, descending with -, ties on id', async () => {
    const { records } = await walk(api, '/v1/persons?sort=-birth_date&records=100');
    const expected = rows<{ id: string; birth_date: string | null }>(
      db,
      'SELECT id, birth_date FROM person',
    )
      .sort((a, b) =>
        a.birth_date === b.birth_date
          ? a.id < b.id
            ? -1
            : 1
          : a.birth_date === null
            ? 1
            : b.birth_date === null
              ? -1
              : a.birth_date < b.birth_date
                ? 1
                : -1,
      )
      .map((r) => r.id);
    expect(records.map((r) => r['id'])).toEqual(expected);
  });

  it('other page sizes are cut from the default pages', async () => {
    const defaults = (await walk(api, '/v1/persons')).records.map((r) => r['id']);
    for (const size of [3, 7, 10, 33, 100]) {
      const { records, totalPages } = await walk(api, `/v1/persons?records=${size}`, 1000);
      expect(records.map((r) => r['id'])).toEqual(defaults);
      expect(totalPages).toBe(Math.ceil(defaults.length / size));
    }
  });
});

describe('bad input gets the documented error, never a 500', () => {
  it.each([
    ['/v1/persons?shoe_size=44', 400],
    ['/v1/persons?birth_date=yesterday', 400],
    ['/v1/persons?order=x', 400],
    ['/v1/persons?country=not-a-uuid', 400],
    ['/v1/persons?records=1000', 400],
    ['/v1/persons?page=0', 400],
    ['/v1/persons?sort=height', 400],
    ['/v1/persons?order=10&order=11', 400],
    ['/v1/confederations?page=1', 400],
    ['/v1/confederations?records=5', 400],
    ['/v1/conditions', 404],
    ['/v1/persons/42', 404],
    ['/v1/persons/ffffffffffffffffffffffffffffffff', 404],
    ['/v1/phases/99', 404],
    ['/v1/persons?page=999999', 404],
    ['/v1/persons?page=99999999999999999999999', 404],
    ['/v1/persons?records=7&page=100000', 404],
    ['/v1/%2e%2e/%2e%2e/package.json', 404],
    ['/v1/persons/..%2f..%2f_manifest', 404],
    ['/_manifest.json', 404],
    ['/v1/persons/_options.json', 404],
  ])('GET %s -> %i', async (target, status) => {
    // A fetch Request resolves dot segments before the handler sees the URL, so `uri` is then the
    // resolved path.
    expectError(await call(api, target), status, target.includes('%2e') ? undefined : target);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s -> 405 with Allow', async (method) => {
    const reply = await call(api, '/v1/persons', { method });
    expectError(reply, 405);
    expect(reply.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('legacy app_id and app_key are accepted everywhere and ignored', async () => {
    const plain = await call(api, '/v1/confederations');
    const withKeys = await call(api, '/v1/confederations?app_id=abc&app_key=def');
    expect(withKeys.status).toBe(200);
    expect(withKeys.text).toBe(plain.text);
  });
});

describe('HTTP behaviour', () => {
  let etag = '';
  beforeAll(async () => {
    etag = (await call(api, '/v1/countries')).headers.get('etag')!;
  });

  it('If-None-Match with the current tag gives 304 with ETag and Cache-Control', async () => {
    const reply = await call(api, '/v1/countries', { headers: { 'If-None-Match': etag } });
    expect(reply.status).toBe(304);
    expect(reply.text).toBe('');
    expect(reply.headers.get('etag')).toBe(etag);
    expect(reply.headers.get('cache-control')).toBeTruthy();
  });

  it('tags differ between files and between composed answers', async () => {
    const page2 = (await call(api, '/v1/countries?page=2')).headers.get('etag');
    const composed = await call(api, '/v1/countries?records=5');
    expect(new Set([etag, page2, composed.headers.get('etag')]).size).toBe(3);
    const again = await call(api, '/v1/countries?records=5', {
      headers: { 'If-None-Match': composed.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it("tags each answer by its own bytes: another file's change leaves it as it was", async () => {
    const sha1Tag = (bytes: Uint8Array) =>
      `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 24)}"`;
    const countries = await call(api, '/v1/countries', {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(countries.headers.get('etag')).toBe(sha1Tag(Buffer.from(countries.text)));
    // The same build with one other file changed, as the next build with a new team would be.
    const files = nodeFiles(dist);
    const changed = createHandler({
      manifest,
      files: {
        ...files,
        read: async (file) =>
          file === 'v1/teams/index.json'
            ? Buffer.from(
                Buffer.from((await files.read(file))!)
                  .toString()
                  .replace('"', '" '),
              )
            : files.read(file),
      },
    });
    expect((await call(changed, '/v1/countries')).headers.get('etag')).toBe(etag);
    const [before, after] = await Promise.all(
      [api, changed].map(async (h) => (await call(h, '/v1/teams')).headers.get('etag')),
    );
    expect(after).not.toBe(before);
  });

  it('HEAD sends the headers of GET and no body', async () => {
    const head = await call(api, '/v1/countries', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('OPTIONS documents a collection from the registry', async () => {
    const reply = await call(api, '/v1/persons', { method: 'OPTIONS' });
    expect(reply.status).toBe(200);
    const [doc] = reply.json.result;
    expect(doc).toMatchObject({
      resource: '/v1/persons',
      methods: ['GET', 'HEAD', 'OPTIONS'],
      paginated: true,
      records: { default: 10, max: 100 },
    });
    expect(doc.fields.map((f: { name: string }) => f.name)).toEqual([
      'first_name',
      'second_name',
      'last_name',
      'second_last_name',
      'nickname',
      'birth_date',
      'order',
      'country',
    ]);
    expect(doc.sort.default).toEqual(['last_name', 'first_name', 'birth_date', 'id']);
    expect(doc.links).toEqual({ country: '/v1/countries/{country}' });
  });

  it.each([
    '/v1/confederations',
    '/v1/countries',
    '/v1/competitions',
    '/v1/weather',
    '/v1/surfaces',
    '/v1/seasons',
    '/v1/teams',
    '/v1/timezones',
    '/v1/venues',
  ])('OPTIONS %s answers', async (path) => {
    const reply = await call(api, path, { method: 'OPTIONS' });
    expect(reply.status).toBe(200);
    expect(reply.json.result[0].resource).toBe(path);
  });

  it('answers CORS preflights for any path', async () => {
    const reply = await call(api, '/v1/persons/0123456789abcdef0123456789abcdef', {
      method: 'OPTIONS',
      headers: {
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-allow-headers')).toBe('if-none-match');
  });

  it('the root links to every base resource, without attribution', async () => {
    const reply = await call(api, '/v1/');
    expectEnvelope(reply, { root: true });
    const { link } = reply.json.result;
    for (const name of [
      'bodyparts',
      'cards',
      'club',
      'competitions',
      'confederations',
      'countries',
      'domesticCompetitions',
      'fouls',
      'grouprounds',
      'intlCompetitions',
      'knockoutrounds',
      'managers',
      'nameOrder',
      'natl',
      'penaltyOutcomes',
      'personnel',
      'persons',
      'phases',
      'players',
      'positions',
      'referees',
      'seasons',
      'shotevents',
      'surfaces',
      'teams',
      'timezones',
      'venues',
      'weather',
    ]) {
      expect(link[name], name).toBeTruthy();
    }
    expect(link.club.matches.info).toBe('/v1/clubs/matches/info');
    expect(link.natl.stats.passes.totals).toBe('/v1/national/stats/passes/totals');
    expect(link.natl.standings).toBe('/v1/national/standings');
    expect(link.club.squads).toBe('/v1/clubs/squads');
    expect(link.personnel.players).toBe('/v1/personnel/players');
    expect((await call(api, '/v1')).text).toBe(reply.text);
  });

  it('serves the logo the attribution names', async () => {
    const logo = (await call(api, '/v1/countries')).json.attribution.logo;
    const reply = await call(api, logo);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/svg+xml');
    expect(reply.text).toContain('<svg');
  });
});

describe('the manifest format', () => {
  it('a router refuses a build whose manifest it would read differently', () => {
    const { dist, manifest } = demo();
    const older = { ...manifest, format: 1 } as unknown as typeof manifest;
    expect(() => createHandler({ manifest: older, files: nodeFiles(dist) })).toThrow(
      /format 1, this router reads 4: build it again/,
    );
  });
});
