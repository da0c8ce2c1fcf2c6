import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../build/openapi/openapi.ts';
import { splitArchive } from '../../build/archive/pack.ts';
import { siteReads } from '../../build/site/static-site.ts';
import { fileKey, leafOf } from '../../contract/archive-format.ts';
import { PASSES, SHOTS } from '../../football/event-families.ts';
import { createArchiveServer, createPreviewServer } from '../../server/adapters/node.ts';
import { EXPLORER_INDEX, type Competition } from '../../site/explorer/index-file.ts';
import { day } from '../../site/explorer/view.ts';
import { allRecords, archiveHandlerFor, call, demo, handlerFor } from '../helpers/http/api.ts';
import {
  chromiumToTest,
  expectScrollKept,
  launchChromium,
  SCREENSHOTS,
  watchedPage,
} from '../helpers/browser/browser.ts';
import { openOracle } from '../helpers/data/db.ts';
import { getOperation, openOperation } from '../helpers/browser/reference-page.ts';
import { staticHost, staticSite } from '../helpers/http/static-host.ts';

/**
 * The football explorer at `/` and the API reference at `/docs`, pages of every build. Their files
 * are checked without a browser; then headless Chromium (playwright-core, with Debian's chromium
 * that `.ci/run` installs) loads them from the demo tree and from the demo archive. What a page
 * shows is compared with what the API answers, read here in-process; every page must load with
 * no console error, no uncaught exception and no failed request. Screenshots are saved in
 * `test-output/screenshots/`.
 */

const { dist, archive, db } = demo();
const api = handlerFor(dist);
const oracle = openOracle(db);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Every record of a collection. */
const records = (path: string): Promise<Json[]> => allRecords(api, path);

const competitions = JSON.parse(readFileSync(join(dist, EXPLORER_INDEX), 'utf8')) as Competition[];
const doc = JSON.parse(readFileSync(join(dist, OPENAPI_FILE), 'utf8'));

/** The names of an operation's parameters, the shared ones it refers to resolved. */
const parameterNames = (op: Json): string[] =>
  op.parameters.map((p: Json) =>
    p.$ref ? doc.components.parameters[p.$ref.split('/').pop()].name : p.name,
  );

// The match the browser opens: one with micro-events and a penalty shootout.
const match = oracle
  .prepare(
    `SELECT id, match_type AS type FROM match
      WHERE home_shootout_score IS NOT NULL AND EXISTS (SELECT 1 FROM event WHERE match = match.id)
      ORDER BY id LIMIT 1`,
  )
  .get() as { id: string; type: string };
/** The information of a club match with a referee and managers, whose pages the tests open. */
async function officiated(): Promise<Json> {
  const { id } = oracle
    .prepare(
      `SELECT id FROM match WHERE match_type = 'clubs' AND referee IS NOT NULL
          AND home_manager IS NOT NULL ORDER BY id LIMIT 1`,
    )
    .get() as { id: string };
  return (await call(api, `/v1/clubs/matches/${id}/info`)).json.result[0];
}

// The player it opens: the scorer of most goals, with matches of both kinds where there is one.
const player = oracle
  .prepare(
    `SELECT l.player AS id FROM goal g JOIN lineup l ON l.id = g.lineup
      GROUP BY l.player ORDER BY COUNT(*) DESC, l.player LIMIT 1`,
  )
  .get() as { id: string };

describe('the pages in the build', () => {
  it('index every competition and season with as many matches as the API lists', async () => {
    const seasons = competitions.flatMap((c) => c.seasons.map((s) => ({ c, s })));
    expect(seasons.length).toBeGreaterThan(0);
    for (const { c, s } of seasons) {
      const path = `/v1/${c.matchType}/matches/info?competition=${c.id}&season=${s.id}`;
      const reply = await call(api, `${path}&records=1`);
      expect(reply.json.meta.totalRecords, path).toBe(s.matches);
      expect(reply.json.result[0].competitionName).toBe(c.name);
    }
    const total = (oracle.prepare('SELECT COUNT(*) AS n FROM match').get() as { n: number }).n;
    expect(seasons.reduce((n, { s }) => n + s.matches, 0)).toBe(total);
  });

  it('name only files of this build: no script, style, font or image of another host', async () => {
    // Each page at the paths a router and a static host give it: its links are relative, so
    // they name the same files at a host's root and in a folder of it.
    const pages = { 'index.html': ['/', '/site/'], 'docs/index.html': ['/docs', '/site/docs/'] };
    for (const [page, at] of Object.entries(pages)) {
      const html = readFileSync(join(dist, page), 'utf8');
      const refs = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
      expect(refs.length).toBeGreaterThan(3);
      for (const ref of refs) {
        if (ref.startsWith('#')) continue;
        expect(ref, page).toMatch(/^\.?\.?\/?[\w.]/);
        const [atRoot, inFolder] = at.map((path) => new URL(ref, `http://api.test${path}`));
        expect(inFolder!.pathname, ref).toBe(`/site${atRoot!.pathname}`);
        expect((await call(api, atRoot!.pathname)).status, ref).toBe(200);
      }
    }
    // The bundled scripts fetch nothing by absolute URL either.
    const scripts = ['explorer/explorer.js', 'docs/reference.js'];
    for (const script of scripts)
      expect(readFileSync(join(dist, script), 'utf8')).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('draw the logo in their header rather than asking for it', () => {
    // One request fewer while a page opens: on a static host the archive's opening reads need
    // the connections.
    const logo = readFileSync(join(dist, 'logo.svg'), 'utf8');
    for (const page of ['index.html', 'docs/index.html']) {
      const html = readFileSync(join(dist, page), 'utf8');
      const brand = /<a class="brand"[^>]*>(.*?)<\/a>/.exec(html)?.[1] ?? '';
      expect(brand, page).toMatch(/^<svg aria-hidden="true" [^>]* width="28" height="28">/);
      // The logo's own shapes, in the page.
      for (const shape of logo.match(/<(?:circle|polygon|path) [^>]*\/>/g)!)
        expect(brand, page).toContain(shape);
      expect(html, page).not.toMatch(/<img[^>]*logo\.svg/);
    }
  });

  it('are in the archive too, byte for byte', async () => {
    const { handler, close } = await archiveHandlerFor(archive);
    try {
      for (const [path, file] of [
        ['/', 'index.html'],
        ['/docs', 'docs/index.html'],
        ['/explorer/explorer.js', 'explorer/explorer.js'],
        [`/${EXPLORER_INDEX}`, EXPLORER_INDEX],
        ['/docs/reference.js', 'docs/reference.js'],
        ['/docs/openapi/v1-persons.json', 'docs/openapi/v1-persons.json'],
      ]) {
        const reply = await call(handler, path!);
        expect(reply.status, path).toBe(200);
        expect(reply.text, path).toBe(readFileSync(join(dist, file!), 'utf8'));
      }
    } finally {
      await close();
    }
  });
});

const withBrowser = chromiumToTest();

/** The folders of `npm run site` the tests write, removed once they are done. */
const sites: { remove(): void }[] = [];
afterAll(() => sites.forEach((site) => site.remove()));

/** The explorer's files and the demo archive on a plain static host. */
async function onStaticHost(): Promise<Server> {
  const site = await staticSite(archive);
  sites.push(site);
  return staticHost(site.dir);
}

describe.skipIf(!withBrowser).each([
  ['tree', () => Promise.resolve(createPreviewServer(dist))],
  ['archive', () => createArchiveServer(archive)],
  ['static host', onStaticHost],
] as const)('in Chromium, from the %s', (source, start) => {
  let server: Server;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    server = await start();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** Opens a page of the explorer and waits until its view is shown. */
  async function open(path: string, viewport?: { width: number; height: number }) {
    const watched = await watchedPage(browser, viewport);
    await watched.page.goto(base + path);
    await watched.page.waitForSelector('main:not([aria-busy]) h1');
    return watched;
  }

  /** Every API path a page names answers 200. */
  async function expectSourcesAnswer(page: Page): Promise<void> {
    const paths = await page.$$eval('a.api', (links) => links.map((a) => a.getAttribute('href')!));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect((await call(api, path)).status, path).toBe(200);
  }

  /**
   * A page as it is shown: no serious or critical accessibility violation (axe-core's WCAG 2.x
   * A and AA rules), and its screenshot saved. Checked from the static host alone, where the
   * client reads the archive: every source gives the page the same answers (the crawls of every
   * adapter check it), so the page is the same, and these checks are half of a source's time.
   */
  async function shoot(page: Page, name: string): Promise<void> {
    if (source !== 'static host') return;
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`),
      name,
    ).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `${source}-${name}.png`), fullPage: true });
  }

  it.runIf(source === 'static host').each([
    ['the home page', '/', () => null],
    ['a match', `/#/match/${match.type}/${match.id}`, () => match.id],
    ['a player', `/#/player/${player.id}`, () => player.id],
  ])(
    "opens the archive on %s with the reads the page's head started, each made once",
    async (view, path, value) => {
      const watched = await watchedPage(browser);
      const ranges: string[] = [];
      /** The ranges asked for with no condition: the client asks for all but its first with one. */
      const unconditional: string[] = [];
      watched.page.on('request', (request) => {
        const headers = request.headers();
        const range = headers['range'];
        if (!range || !request.url().endsWith('/football.archive')) return;
        ranges.push(range);
        if (!headers['if-match'] && !headers['if-unmodified-since']) unconditional.push(range);
      });
      await watched.page.goto(base + path);
      await watched.page.waitForSelector('main:not([aria-busy]) h1');
      const reads = await siteReads(archive);
      // One read: the archive's first bytes hold the manifest. On the page of an id, the leaf of
      // the index that holds the file its first call reads.
      expect(reads.opening).toHaveLength(1);
      const id = value();
      // The file the page's first call reads.
      const info =
        id &&
        (view === 'a match'
          ? `v1/${match.type}/matches/info/${id}.json`
          : `v1/personnel/players/${id}.json`);
      const expected = [
        ...reads.opening,
        ...(info ? reads.leaves[leafOf(fileKey(info), reads.leafBits)]! : []),
      ].map(([, range]) => range);
      expect(expected).toHaveLength(info ? 2 : 1);
      for (const range of expected)
        expect(
          ranges.filter((r) => r === range),
          range,
        ).toHaveLength(1);
      // Made by the page's head, not by the client, whose reads after its first name the
      // version opened (sirv's ETag is weak: by its date).
      expect(unconditional).toEqual(expected);
      expect(watched.problems).toEqual([]);
    },
  );

  it('leads with the leagues with on-ball events, then lists every competition', async () => {
    const { page, problems } = await open('/');
    // The demo has none of the World Cups and championships the page would lead with.
    const titles = await page.locator('main section h2').allTextContents();
    expect(titles).toEqual([
      'Leagues with on-ball events',
      `All ${competitions.length} competitions`,
    ]);
    const withEvents = competitions.filter(
      (c) => c.matchType === 'clubs' && c.seasons.some((s) => s.withEvents > 0),
    );
    expect(withEvents.length).toBeGreaterThan(0);
    expect(await page.locator('.card h3').allTextContents()).toEqual(withEvents.map((c) => c.name));
    for (const c of withEvents) {
      const card = page.locator('.card', { hasText: c.name });
      const latest = c.seasons.slice(0, 3).map((s) => s.name);
      expect(await card.locator('.latest a').allTextContents()).toEqual(latest);
    }
    // Every competition, each once, grouped by who organises it; a few groups start open.
    const listed = await page.locator('ul.competitions li a').allTextContents();
    expect(listed.sort()).toEqual(competitions.map((c) => c.name).sort());
    expect(await page.locator('details.group:not([open])').count()).toBe(0);
    await expectSourcesAnswer(page);
    await shoot(page, 'home');
    expect(problems).toEqual([]);
  });

  it("pages through a season's matches and opens one", async () => {
    const c = competitions.find((x) => x.seasons.some((s) => s.matches > 20))!;
    const s = c.seasons.find((x) => x.matches > 20)!;
    const { page, problems } = await open('/');
    await page.locator('.card', { hasText: c.name }).getByRole('link', { name: s.name }).click();
    await page.waitForSelector('main:not([aria-busy]) table');
    const part = (name: string) =>
      page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    const matches = part('Matches').locator('tbody tr');
    expect(await matches.count()).toBe(20);
    // The season's tables come first: every line of the API's, in its order.
    const query = `competition=${c.id}&season=${s.id}`;
    const lines = await records(`/v1/${c.matchType}/standings?${query}`);
    expect(lines.length).toBeGreaterThan(0);
    const shown = await part('Standings').locator('tbody tr').allTextContents();
    expect(shown).toEqual(
      lines.map((l) =>
        [
          `${l.position}${l.decidedBy ? '*' : ''}`,
          l.teamName,
          ...['played', 'won', 'drawn', 'lost', 'goalsFor', 'goalsAgainst'].map((k) => l[k]),
          `${l.goalDifference > 0 ? '+' : ''}${l.goalDifference}`,
          l.form,
          l.points,
        ].join(''),
      ),
    );
    await page.getByRole('link', { name: 'Next →' }).click();
    await page.waitForSelector(`text=Page 2 of ${Math.ceil(s.matches / 20)}`);
    expect(await matches.count()).toBe(Math.min(20, s.matches - 20));
    await expectSourcesAnswer(page);
    await shoot(page, 'season');
    const first = matches.first();
    const home = (await first.locator('td').nth(2).textContent())!;
    await first.locator('a[href^="#/match/"]').click();
    await page.waitForSelector('.scoreboard');
    expect(await page.locator('.scoreboard .home').textContent()).toBe(home);
    expect(problems).toEqual([]);
  });

  it('shows a match: lineups, timeline, shootout, state, pitch map of shots, passes', async () => {
    const root = `/v1/${match.type}/matches/${match.id}`;
    const { page, problems } = await open(`/#/match/${match.type}/${match.id}`);
    const [info] = (await call(api, `${root}/info`)).json.result;
    expect(await page.locator('.scoreboard .score').textContent()).toBe(
      `${info.homeScore}–${info.awayScore} ` +
        `(${info.homeShootoutScore}–${info.awayShootoutScore} pens)`,
    );
    const lineups = await records(`${root}/lineups`);
    expect(await page.locator('.lineup .players li').count()).toBe(lineups.length);
    const captains = lineups.filter((l) => l.isCaptain).length;
    expect(await page.locator('.lineup .captain').count()).toBe(captains);
    // Every goal, card, missed penalty and substitution, once each.
    const penalties = await records(`${root}/penalties`);
    const moments =
      (await records(`${root}/goals`)).length +
      (await records(`${root}/offenses`)).length +
      penalties.filter((p) => p.outcome !== 1).length +
      (await records(`${root}/substitutions`)).length;
    expect(moments).toBeGreaterThan(0);
    expect(await page.locator('.timeline li').count()).toBe(moments);
    // Each goal on its scoring side, named, in match-time order.
    for (const goal of await records(`${root}/goals`)) {
      const side = goal.scoringTeam === info.homeTeam ? 'home' : 'away';
      const item = page.locator(`.timeline li.${side}`, { hasText: goal.playerName });
      expect(await item.count(), goal.playerName).toBeGreaterThan(0);
    }
    const minutes = (await page.locator('.timeline .minute').allTextContents()).map((m) =>
      m.replace("'", '').split('+').map(Number),
    );
    const order = minutes.map(([t, s = 0]) => t! * 100 + s);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const kicks = await records(`${root}/shootouts`);
    expect(kicks.length).toBeGreaterThan(0);
    const shootout = page.locator('section', { hasText: 'Penalty shootout' });
    expect(await shootout.locator('tbody tr').count()).toBe(kicks.length);
    const segments = (await call(api, `/v1/analytics/match/${match.id}/segments`)).json.result;
    const state = page.locator('section', { hasText: 'Match state' });
    expect(await state.locator('tbody tr').count()).toBe(segments.length);
    expect(await state.locator('svg rect').count()).toBe(segments.length);

    // The pitch map: a mark per shot with a position, coloured by its outcome.
    const touches = `/v1/${match.type}/events/touches?match=${match.id}`;
    const shots = (
      await Promise.all(SHOTS.map((type) => records(`${touches}&action_type=${type}`)))
    )
      .flat()
      .filter((t) => t.x !== null && t.y !== null);
    expect(shots.length).toBeGreaterThan(0);
    expect(await page.locator('circle.shot').count()).toBe(shots.length);
    // Home attacks to the right, away to the left: each side's shots gather at its end.
    const meanX = async (side: string) => {
      const xs = await page.$$eval(`circle.shot.${side}`, (cs) =>
        cs.map((c) => Number(c.getAttribute('cx'))),
      );
      expect(xs.length, side).toBeGreaterThan(0);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    expect(await meanX('home')).toBeGreaterThan(105 / 2);
    expect(await meanX('away')).toBeLessThan(105 / 2);
    const outcomes = await records(
      `/v1/${match.type}/events/actions?match=${match.id}&modifier_category=Shot%20Outcome`,
    );
    // Outcomes of shots only: a goalkeeper's save attempt carries one too.
    const shotActions = new Set(shots.map((t) => t.action));
    const goals = outcomes.filter((o) => o.modifierDesc === 'Goal' && shotActions.has(o.action));
    expect(await page.locator('circle.shot.goal').count()).toBe(goals.length);
    // The legend names the teams as well as the outcomes.
    expect(await page.locator('.legend.teams li').allTextContents()).toEqual([
      info.homeTeamName,
      info.awayTeamName,
    ]);

    // A chosen player's passes, one arrow each.
    const starter = lineups.find((l) => l.isStarting && l.positionName !== 'Goalkeeper')!;
    // Passes as the statistics count them (`football/event-families.ts`), with an end to draw.
    const passes = (await records(`${touches}&player=${starter.player}`)).filter(
      (t) => PASSES.includes(t.actionType) && t.xEnd !== null && t.yEnd !== null,
    );
    expect(passes.length).toBeGreaterThan(0);
    await page.getByLabel('Player', { exact: true }).selectOption(starter.player);
    await page.waitForSelector('line.pass');
    expect(await page.locator('line.pass').count()).toBe(passes.length);
    expect(await page.locator('line.pass.completed').count()).toBe(
      passes.filter((p) => p.outcome === 1).length,
    );
    await expectSourcesAnswer(page);
    await shoot(page, 'match');
    expect(problems).toEqual([]);
  });

  it('shows a player: every match of theirs, latest first, each count saying what it counts', async () => {
    const { page, problems } = await open(`/#/player/${player.id}`);
    const [record] = (await call(api, `/v1/personnel/players/${player.id}`)).json.result;
    expect(await page.locator('h1').textContent()).toBe(record.fullName);
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    let rows = 0;
    for (const [key, title] of [
      ['club', 'Club matches'],
      ['natl', 'International matches'],
    ] as const) {
      const lineups = await records(record.link[key].matches);
      const goals = await records(record.link[key].goals);
      const offenses = await records(record.link[key].offenses);
      const matches = new Set([...lineups, ...goals, ...offenses].map((r) => r.match));
      const part = page.locator('section', { hasText: title });
      if (matches.size === 0) {
        expect(await part.count()).toBe(0);
        continue;
      }
      const own = goals.filter((g) => g.scoringTeam === g.playerTeam);
      const summary = await part.locator('dl.summary').textContent();
      expect(summary).toContain(`In lineups${plural(lineups.length, 'match', 'matches')}, `);
      expect(summary).toContain(
        `Goals${plural(own.length, 'goal', 'goals')} in ` +
          plural(new Set(own.map((g) => g.match)).size, 'match', 'matches'),
      );
      expect(await part.locator('.caption').first().textContent()).toMatch(
        new RegExp(`^${plural(matches.size, 'match', 'matches')} in the data, latest first`),
      );
      const shown = part.locator('tbody tr');
      expect(await shown.count()).toBe(Math.min(20, matches.size));
      const dates = await shown.locator('td:first-child').allTextContents();
      const times = dates.map((d) => Date.parse(d));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      rows += matches.size;
    }
    expect(rows).toBeGreaterThan(0);
    const details = page.locator('details').first();
    await details.locator('summary').click();
    await details.locator('.stat').nth(3).waitFor();
    expect(await details.locator('.stat h3').allTextContents()).toEqual([
      'Goals',
      'Shots',
      'Passes',
      'Touches',
    ]);
    // Each count in words, not the record's keys.
    const labels = await details.locator('.stat dt').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((label) => /^[a-z]|[a-z][A-Z]/.test(label))).toEqual([]);
    await expectSourcesAnswer(page);
    await shoot(page, 'player');
    expect(problems).toEqual([]);
  });

  it('works from the keyboard alone, with a visible focus', async () => {
    const { page, problems } = await open('/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the page');
    // Tab on to the first season, whose focus ring shows, and open it with Enter.
    for (let i = 0; i < 20; i++) {
      if (await page.evaluate(() => !!document.activeElement?.closest('.latest'))) break;
      await page.keyboard.press('Tab');
    }
    const focused = page.locator('.latest a:focus');
    expect(await focused.count()).toBe(1);
    expect(await focused.evaluate((a) => getComputedStyle(a).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    await page.waitForSelector('main:not([aria-busy]) table');
    // The new page's content takes the focus, so a screen reader reads it next.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(problems).toEqual([]);
  });

  it('finds a player by a name typed without its accents, and opens their page', async () => {
    // A player whose name has an accent, typed as a keyboard without them would.
    const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const players = await records('/v1/personnel/players');
    const accented = players.find((p) => plain(p.fullName) !== p.fullName)!;
    const typed = plain(accented.fullName).toLowerCase();
    const { page, problems } = await open('/');
    await page.getByRole('searchbox').fill(typed);
    const found = page.locator('.found a', { hasText: accented.fullName });
    await found.first().waitFor();
    await shoot(page, 'search');
    expect(await page.getByRole('status').textContent()).toMatch(/^\d+ results? for /);
    // Enter opens the first result; this one is the only player of that name.
    await page.getByRole('searchbox').press('Enter');
    await page.waitForSelector(`main:not([aria-busy]) h1:text-is("${accented.fullName}")`);
    expect(problems).toEqual([]);
  });

  it("opens a team's page from a table: its tables and recent matches", async () => {
    const line = (await records('/v1/clubs/standings'))[0];
    const { page, problems } = await open(`/#/season/clubs/${line.competition}/${line.season}`);
    await page
      .locator('section', { hasText: 'Standings' })
      .getByRole('link', { name: line.teamName })
      .first()
      .click();
    await page.waitForSelector(`main:not([aria-busy]) h1:text-is("${line.teamName}")`);
    const tables = await records(`/v1/clubs/standings?team=${line.team}`);
    const part = (name: string) =>
      page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    expect(await part('Tables').locator('tbody tr').count()).toBe(tables.length);
    const home = await records(`/v1/clubs/matches/info?home_team=${line.team}`);
    const away = await records(`/v1/clubs/matches/info?away_team=${line.team}`);
    const played = [...home, ...away]
      .map((m) => m.matchDate)
      .sort()
      .reverse();
    const rows = part('Recent matches').locator('tbody tr');
    expect(await rows.count()).toBe(Math.min(10, played.length));
    // How many matches the team has, home or away, and since when.
    expect(await page.locator('section.facts dd').first().textContent()).toBe(
      `${played.length} in the data, home or away, ` +
        `${day(played.at(-1)!)} to ${day(played[0]!)}`,
    );
    // The first is the team's latest match.
    const first = (await rows.first().locator('a[href^="#/match/"]').getAttribute('href'))!
      .split('/')
      .pop();
    const latest = [...home, ...away].find((m) => m.id === first)!;
    expect(latest.matchDate).toBe(played[0]);
    // The team's matches of the latest match's competition season, in the order played.
    const inSeason = [...home, ...away]
      .filter((m) => m.competition === latest.competition && m.season === latest.season)
      .map((m) => m.matchDate)
      .sort();
    const seasonRows = part(`Matches: ${latest.competitionName} ${latest.seasonName}`).locator(
      'tbody tr',
    );
    expect(await seasonRows.count()).toBe(inSeason.length);
    expect(inSeason.length).toBeGreaterThan(1);
    // The squad of the latest match's competition season, line by line as the API sums it.
    const squadQuery = `team=${line.team}&competition=${latest.competition}&season=${latest.season}`;
    const squad = await records(`/v1/clubs/squads?${squadQuery}`);
    expect(squad.length).toBeGreaterThan(10);
    const dash = (n: number | null) => (n === null ? '–' : n);
    expect(
      await part(`Squad: ${latest.competitionName} ${latest.seasonName}`)
        .locator('tbody tr')
        .allTextContents(),
    ).toEqual(
      squad.map((p) =>
        [
          p.playerName,
          ...['appearances', 'starts', 'minutes'].map((k) => dash(p[k])),
          p.goals,
          dash(p.yellows),
          dash(p.reds),
        ].join(''),
      ),
    );
    await expectTeamFigures(page, 'clubs', line.team);
    await expectSourcesAnswer(page);
    await shoot(page, 'team');
    // A table's squad link shows that season's squad on the same page.
    const other =
      tables.find((t) => t.season !== latest.season || t.competition !== latest.competition) ??
      tables[0];
    await part('Tables')
      .locator('tbody tr', { hasText: other.competitionName })
      .getByRole('link', { name: 'Squad' })
      .first()
      .click();
    await page.waitForSelector(
      `main:not([aria-busy]) h2:text-is("Squad: ${other.competitionName} ${other.seasonName}")`,
    );
    expect(problems).toEqual([]);
  });

  /** A team page's top scorers and record against each opponent, as the API gives them. */
  async function expectTeamFigures(page: Page, type: string, team: string): Promise<void> {
    const part = (name: string) =>
      page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    const scorersPath = `/v1/${type}/scorers?team=${team}&gender=men&records=20`;
    const scorers = (await call(api, scorersPath)).json.result;
    expect(scorers.length).toBeGreaterThan(0);
    const shown = part('Top scorers').locator('tbody tr');
    expect(await shown.count()).toBe(scorers.length);
    expect(await shown.first().locator('td').allTextContents()).toEqual(
      expect.arrayContaining([scorers[0].playerName, String(scorers[0].goals)]),
    );
    const opponents = await records(`/v1/${type}/head_to_head?team=${team}`);
    expect(opponents.length).toBeGreaterThan(0);
    const rows = part('Record against each opponent').locator('tbody tr');
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent).slice(0, 7)),
    );
    const counts = ['played', 'won', 'drawn', 'lost', 'goalsFor', 'goalsAgainst'];
    expect(cells).toEqual(opponents.map((o) => [o.opponentName, ...counts.map((k) => `${o[k]}`)]));
  }

  it("shows a national team's record against each opponent and its top scorers", async () => {
    const [team] = (await call(api, '/v1/national/scorers?records=1')).json.result;
    const { page, problems } = await open(`/#/team/national/${team.team}`);
    await page.waitForSelector(`main:not([aria-busy]) h1:text-is("${team.teamName}")`);
    await expectTeamFigures(page, 'national', team.team);
    await expectSourcesAnswer(page);
    await shoot(page, 'team-national');
    expect(problems).toEqual([]);
  });

  it("opens a competition from the home page: its seasons, a season's knockout rounds", async () => {
    // A competition season with knockout matches.
    let found: { c: Competition; season: number; knockouts: Json[] } | undefined;
    for (const c of competitions)
      for (const s of c.seasons) {
        const query = `competition=${c.id}&season=${s.id}&phase=3`;
        const knockouts = await records(`/v1/${c.matchType}/matches/info?${query}`);
        if (!found && knockouts.length > 0) found = { c, season: s.id, knockouts };
      }
    const { c, season, knockouts } = found!;
    const { page, problems } = await open('/');
    await page.locator('ul.competitions').getByRole('link', { name: c.name }).click();
    await page.waitForSelector(`main:not([aria-busy]) h1:text-is("${c.name}")`);
    expect(await page.locator('main tbody tr').count()).toBe(c.seasons.length);
    await expectSourcesAnswer(page);
    await shoot(page, 'competition');
    const s = c.seasons.find((x) => x.id === season)!;
    await page.locator('main tbody').getByRole('link', { name: s.name, exact: true }).click();
    await page.waitForSelector('main:not([aria-busy]) h2:text-is("Knockout rounds")');
    const part = (name: string) =>
      page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    // Every knockout match, under its round, the rounds in the order they were played.
    const rounds = [...new Set(knockouts.map((m) => m.roundName))];
    const captions = await part('Knockout rounds').locator('caption').allTextContents();
    expect(captions.map((t) => t.split(':')[0])).toEqual(rounds);
    expect(await part('Knockout rounds').locator('tbody tr').count()).toBe(knockouts.length);
    // The matches with on-ball events are marked, and only they.
    const listed = (
      await call(
        api,
        `/v1/${c.matchType}/matches/info?competition=${c.id}&season=${season}&records=20`,
      )
    ).json.result;
    const marked = [];
    for (const m of listed) {
      const events = await call(api, `/v1/${c.matchType}/events/all?match=${m.id}&records=1`);
      marked.push(events.json.meta.totalRecords > 0 ? 'Pitch map' : '');
    }
    const cells = part('Matches').locator('tbody tr td:last-child');
    expect(await cells.allTextContents()).toEqual(marked);
    expect(marked).toContain('Pitch map');
    await expectSourcesAnswer(page);
    await shoot(page, 'season-knockouts');
    expect(problems).toEqual([]);
  });

  it('says why a match without on-ball events has no pitch map', async () => {
    let bare: Json | undefined;
    for (const m of await records('/v1/clubs/matches/info')) {
      const touches = await call(api, `/v1/clubs/events/touches?match=${m.id}&records=1`);
      if (touches.json.meta.totalRecords === 0) {
        bare = m;
        break;
      }
    }
    expect(bare).toBeDefined();
    const { page, problems } = await open(`/#/match/clubs/${bare!.id}`);
    const part = page.locator('section', { hasText: 'Pitch map' });
    expect(await part.locator('.empty').textContent()).toBe(
      'The sources have no on-ball events for this match, so it has no pitch map.',
    );
    expect(await page.locator('.shot').count()).toBe(0);
    await expectSourcesAnswer(page);
    await shoot(page, 'match-without-events');
    expect(problems).toEqual([]);
  });

  it("shows the API's own message for a match that does not exist", async () => {
    const missing = '0'.repeat(32);
    const { page, problems } = await open(`/#/match/clubs/${missing}`);
    expect(await page.locator('h1').textContent()).toBe('Not found');
    const path = `/v1/clubs/matches/${missing}/info`;
    const reply = await call(api, path);
    expect(reply.status).toBe(404);
    expect(await page.getByRole('alert').textContent()).toBe(`${reply.json.message} (${path})`);
    await shoot(page, 'not-found');
    // A way back to the competitions.
    await page.getByRole('link', { name: '← All competitions' }).click();
    await page.waitForSelector('main:not([aria-busy]) ul.competitions');
    // The one failed request is that 404, which Chromium also logs; on a static host the
    // client answers it in the page, with no request that fails.
    expect(problems.sort()).toEqual(
      source === 'static host'
        ? []
        : [
            `404: ${base}${path}`,
            'console error: Failed to load resource: ' +
              'the server responded with a status of 404 (Not Found)',
          ],
    );
  });

  it('fits a phone screen', async () => {
    const { page, problems } = await open(`/#/match/${match.type}/${match.id}`, {
      width: 390,
      height: 844,
    });
    await page.waitForSelector('circle.shot');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await shoot(page, 'match-phone');
    expect(problems).toEqual([]);
  });

  it('fits a phone screen on a season, a team and the search: wide tables scroll in place', async () => {
    const line = (await records('/v1/clubs/standings'))[0];
    const phone = { width: 390, height: 844 };
    const info = await officiated();
    for (const [name, path] of [
      ['season-phone', `/#/season/clubs/${line.competition}/${line.season}`],
      ['team-phone', `/#/team/clubs/${line.team}`],
      ['player-phone', `/#/player/${player.id}`],
      ['referee-phone', `/#/referee/${info.referee}`],
    ] as const) {
      const { page, problems } = await open(path, phone);
      await page.waitForSelector('main table');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, name).toBe(0);
      // Every column is there, reached by scrolling its table's frame, which says so.
      const headers = await page.locator('main table').first().locator('th').count();
      expect(headers, name).toBeGreaterThanOrEqual(5);
      const first = page.locator('.table-block').first();
      if (await first.locator('.table').evaluate((f) => f.scrollWidth > f.clientWidth + 1))
        expect(
          await first.locator('.caption').evaluate((c) => getComputedStyle(c, '::after').content),
          name,
        ).toContain('scroll sideways');
      await shoot(page, name);
      expect(problems, name).toEqual([]);
    }
    const { page: seasons, problems: seen } = await open(
      `/#/competition/clubs/${line.competition}`,
      phone,
    );
    expect(
      await seasons.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await shoot(seasons, 'competition-phone');
    expect(seen).toEqual([]);
    const { page, problems } = await open('/', phone);
    await page.getByRole('searchbox').fill(line.teamName);
    await page.locator('.found a', { hasText: line.teamName }).first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await shoot(page, 'search-phone');
    expect(problems).toEqual([]);
  });

  it('opens a page at its top after a click, and back and forward where the reader left it', async () => {
    const line = (await records('/v1/clubs/standings'))[0];
    const { page, problems } = await open(`/#/season/clubs/${line.competition}/${line.season}`, {
      width: 390,
      height: 844,
    });
    const left = await expectScrollKept(page, page.locator('main a[href^="#/match/"]').last());
    expect(left).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });

  it("finds a referee and a manager by name, and shows each one's matches", async () => {
    const info = await officiated();
    for (const [role, id, name, filter] of [
      ['Referee', info.referee, info.refereeName, 'referee'],
      ['Manager', info.homeManager, info.homeManagerName, 'manager'],
    ] as const) {
      const { page, problems } = await open('/');
      await page.getByRole('searchbox').fill(name);
      await page
        .locator('.found li', { hasText: `${name} ${role}` })
        .first()
        .waitFor();
      await page
        .locator('.found li', { hasText: `${name} ${role}` })
        .first()
        .locator('a')
        .click();
      await page.waitForSelector(`main:not([aria-busy]) h1:text-is("${name}")`);
      expect(page.url()).toContain(`#/${role.toLowerCase()}/${id}`);
      const matches = await records(`/v1/clubs/matches/info?${filter}=${id}`);
      const national = await records(`/v1/national/matches/info?${filter}=${id}`);
      expect(await page.locator('main tbody tr').count()).toBe(matches.length + national.length);
      await expectSourcesAnswer(page);
      await shoot(page, role.toLowerCase());
      expect(problems).toEqual([]);
    }
  });

  it('shows the API reference at /docs a tag at a time, with a filter and operations to try', async () => {
    const { page, problems } = await watchedPage(browser, { width: 1280, height: 1600 });
    // A link to a tag loads its part of the document; an operation opened shows its parameters.
    const { operation: get, ms } = await openOperation(page, base, 'v1 persons', '/v1/persons');
    console.log(
      `/docs from the ${source}: GET /v1/persons's parameters visible ` +
        `${Math.round(ms)} ms after navigation`,
    );
    const names = await get
      .locator('.parameters tr[data-param-name]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-param-name')));
    expect(names).toEqual(parameterNames(doc.paths['/v1/persons'].get));
    // The operations listed are the tag's, in the document's order.
    const own = Object.keys(doc.paths).filter(
      (path) => doc.paths[path].get.tags[0] === 'v1 persons',
    );
    const shown = await page
      .locator('section[data-tag="v1 persons"] details.operation.get')
      .evaluateAll((blocks) => blocks.map((block) => block.getAttribute('data-path')));
    expect(shown).toEqual(own);
    expect(await get.locator('.response-status').allTextContents()).toEqual(
      Object.keys(doc.paths['/v1/persons'].get.responses),
    );
    // The address links to the operation opened.
    expect(new URL(page.url()).hash).toBe('#/v1%20persons/list_v1_persons');

    // Every field starts empty; one filter typed finds its records.
    const values = await get
      .locator('.parameters input, .parameters select')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(values).toHaveLength(names.length);
    expect(values.filter((value) => value !== '')).toEqual([]);
    const person = (await call(api, '/v1/persons?records=50')).json.result.find(
      (p: Json) => p.lastName,
    );
    const path = `/v1/persons?last_name=${encodeURIComponent(person.lastName)}`;
    const expected = await call(api, path);
    await get.getByLabel('last_name (query)', { exact: true }).fill(person.lastName);
    // The command to send it again: curl to a router, the client's call over an archive.
    await expect(get.locator('pre.curl').textContent()).resolves.toBe(
      source === 'static host'
        ? `const api = await openArchive("${base}/football.archive");\n` +
            `const res = await api.fetch("${path}");`
        : `curl -i '${base}${path}'`,
    );
    await get.getByRole('button', { name: 'Send' }).click();
    const answer = get.locator('.reply');
    await answer.waitFor();
    expect(await answer.getAttribute('data-status')).toBe('200');
    const body = JSON.parse((await answer.locator('pre.body').textContent())!);
    expect(body.meta.totalRecords).toBe(expected.json.meta.totalRecords);
    expect(body.result).toEqual(expected.json.result);
    // The record's schema lists its fields.
    await get.locator('details.body-schema summary').first().click();
    const fields = await get
      .locator('details.body-schema')
      .first()
      .locator('code.name')
      .allTextContents();
    expect(fields).toEqual(
      expect.arrayContaining(['attribution', 'meta', 'result', ...Object.keys(person)]),
    );
    await shoot(page, 'docs');

    // The filter finds tags by name, those of parts not loaded too.
    const tags = () =>
      page
        .locator('section.group:not([hidden])')
        .evaluateAll((hs) => hs.map((h) => h.getAttribute('data-tag')));
    await page.getByLabel('Filter the tags and operations').fill('statistics');
    await expect.poll(tags).toEqual(['v1 statistics', 'v0 statistics']);
    // Opening another tag loads its part.
    await page.getByRole('button', { name: 'v1 statistics' }).click();
    const statistics = Object.keys(doc.paths).find(
      (path) => doc.paths[path].get.tags[0] === 'v1 statistics',
    )!;
    await getOperation(page, statistics).waitFor();
    // And the filter finds the operations of loaded tags by path.
    await page.getByLabel('Filter the tags and operations').fill('/v1/referees');
    await expect.poll(tags).toEqual(['v1 persons']);
    await page.getByLabel('Filter the tags and operations').fill('');
    await expect.poll(tags).toEqual(doc.tags.map((t: Json) => t.name));

    // A link to an operation opens it.
    const target = doc.paths[statistics].get;
    await page.goto(`${base}/docs#/${encodeURIComponent(target.tags[0])}/${target.operationId}`);
    await getOperation(page, statistics)
      .locator('.parameters tr[data-param-name]')
      .first()
      .waitFor();
    expect(await getOperation(page, statistics).getAttribute('open')).not.toBeNull();

    // The way back to the explorer.
    await page.getByRole('link', { name: 'Football explorer' }).click();
    await page.waitForSelector('main:not([aria-busy]) h1');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!withBrowser)("in Chromium, from an archive the page's address names", () => {
  let pages: Server;
  let data: Server;
  let browser: Browser;
  let base: string;
  /** The data host's port, at 127.0.0.1: the origin the site lists. */
  let port: number;
  /** The origins of every request the pages made. */
  const asked = new Set<string>();

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };

  beforeAll(async () => {
    // A bucket of its own origin, with CORS, holding the archive in parts of 4 MiB.
    const bucket = await staticSite(archive);
    sites.push(bucket);
    await splitArchive(archive, join(bucket.dir, 'football.parts'), 4 * 2 ** 20);
    data = staticHost(bucket.dir, true);
    port = await listen(data);
    // The pages, on another origin, list the bucket's.
    const site = await staticSite(archive, ['--allow-origins', `http://127.0.0.1:${port}`]);
    sites.push(site);
    pages = staticHost(site.dir);
    base = `http://127.0.0.1:${await listen(pages)}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(
      [pages, data].map((server) => new Promise((resolve) => server?.close(resolve))),
    );
  });

  async function open(path: string) {
    const watched = await watchedPage(browser);
    watched.page.on('request', (request) => asked.add(new URL(request.url()).origin));
    await watched.page.goto(base + path);
    await watched.page.waitForSelector('main:not([aria-busy]) h1, #reference h1, .error');
    return watched;
  }

  it('reads an archive in parts on a listed origin, and keeps it from page to page', async () => {
    const parts = `http://127.0.0.1:${port}/football.parts`;
    const { page, problems } = await open(`/?archive=${encodeURIComponent(parts)}`);
    expect(await page.locator('ul.competitions li').count()).toBe(competitions.length);
    expect(asked).toContain(`http://127.0.0.1:${port}`);
    // The router's own links go; the reference's keeps the archive.
    expect(await page.getByRole('link', { name: '/v1/' }).count()).toBe(0);
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForSelector('#reference h1');
    expect(new URL(page.url()).searchParams.get('archive')).toBe(parts);
    expect(await page.locator('section.group').count()).toBe(doc.tags.length);
    expect(problems).toEqual([]);
  });

  it('refuses one on an origin the site does not list, and reads nothing from it', async () => {
    // The same host by another name is another origin.
    const other = `http://localhost:${port}`;
    for (const path of ['/', '/docs/']) {
      const { page, problems } = await open(`${path}?archive=${other}/football.archive`);
      expect(await page.getByRole('alert').textContent(), path).toBe(
        `This page reads archives under its own site, ${base}/, and from the origins its site ` +
          `lists, not ${other}/football.archive.`,
      );
      expect(problems).toEqual([]);
    }
    expect(asked).not.toContain(other);
  });
});
