import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createArchiveServer } from '../../server/adapters/node.ts';
import { archiveHandlerFor, call } from '../helpers/http/api.ts';
import {
  chromiumToTest,
  expectScrollKept,
  launchChromium,
  watchedPage,
} from '../helpers/browser/browser.ts';
import { describeNational } from '../helpers/setup/national.ts';

/**
 * The explorer on the real national data, where 203 competitions, 20-year careers and phones
 * meet it: the home page leads with what people look for, a player's page counts every match the
 * data has of them, a page opens at its top and back returns where the reader was, no page
 * scrolls sideways on a phone, and the search ranks the player people mean first.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describeNational('the explorer on the national build', (national) => {
  const withBrowser = chromiumToTest();
  let server: Server;
  let browser: Browser;
  let base = '';
  let api: Awaited<ReturnType<typeof archiveHandlerFor>>['handler'];
  let close = async () => {};
  /** Ids of the records the pages show. */
  const ids: Record<string, string> = {};

  /** The one record a query finds. */
  const one = async (path: string): Promise<Json> => {
    const reply = await call(api, path);
    expect(reply.json.result, path).toHaveLength(1);
    return reply.json.result[0];
  };

  beforeAll(async () => {
    ({ handler: api, close } = await archiveHandlerFor(national.archive));
    ids['messi'] = (await one('/v1/personnel/players?full_name=Lionel%20Messi')).id;
    ids['argentina'] = (await one('/v1/countries?name=Argentina')).id;
    ids['cup'] = (
      await one(`/v1/competitions?name=${encodeURIComponent("FIFA Men's World Cup")}`)
    ).id;
    const final = (
      await call(api, `/v1/national/matches/info?match_date=2018-07-15&competition=${ids['cup']}`)
    ).json.result[0];
    ids['final'] = final.id;
    ids['referee'] = final.referee;
    ids['manager'] = final.homeManager;
    if (!withBrowser) return;
    server = await createArchiveServer(national.archive);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
    await close();
  });

  /** Opens a page of the explorer and waits until its view is shown. */
  async function open(path: string, viewport = DESKTOP) {
    const watched = await watchedPage(browser, viewport);
    await watched.page.goto(base + path);
    await watched.page.waitForSelector('main:not([aria-busy]) h1');
    return watched;
  }

  /** How far the page reaches past the screen's right edge. */
  const overflow = (page: Page) =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

  it.runIf(withBrowser)(
    "leads with the World Cups: the men's is on the first screen of a desktop and of a phone",
    async () => {
      for (const viewport of [DESKTOP, PHONE]) {
        const { page, problems } = await open('/', viewport);
        const link = page.locator('.card h3 a', { hasText: "FIFA Men's World Cup" });
        const box = (await link.boundingBox())!;
        expect(box.y + box.height, `${viewport.width}`).toBeLessThanOrEqual(viewport.height);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        if (viewport === DESKTOP) expect(height).toBeLessThanOrEqual(6000);
        // The continental championships follow, then every competition in its group.
        const titles = await page.locator('main section h2').allTextContents();
        expect(titles.slice(0, 2)).toEqual(['World Cups', 'Continental championships']);
        const all = await call(api, '/v1/competitions');
        expect(titles.at(-1)).toBe(`All ${all.json.result.length} competitions`);
        expect(await page.locator('ul.competitions li').count()).toBe(all.json.result.length);
        expect(await overflow(page)).toBe(0);
        expect(problems).toEqual([]);
      }
    },
  );

  it.runIf(withBrowser)(
    "counts every match of Messi's, each once, latest first: 26 lineups and 71 goals in 53 matches",
    async () => {
      const { page, problems } = await open(`/#/player/${ids['messi']}`);
      const part = page.locator('section', { hasText: 'International matches' });
      const summary = await part.locator('dl.summary').textContent();
      expect(summary).toContain('26 matches, 16 Jun 2006 to 18 Dec 2022');
      expect(summary).toContain('71 goals in 53 matches');
      // Every match with a lineup or a goal of his, once: more pages as they are asked for.
      const more = part.getByRole('button', { name: 'More matches' });
      while (await more.isVisible()) {
        const before = await part.locator('tbody tr').count();
        await more.click();
        await page.waitForFunction(
          ([n]) => document.querySelectorAll('section tbody tr').length > n!,
          [before],
        );
      }
      const matches = await part
        .locator('tbody tr td:nth-child(3) a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(new Set(matches).size).toBe(matches.length);
      const lineups = new Set(
        (
          await call(api, `/v1/national/matches/lineups?player=${ids['messi']}&records=100`)
        ).json.result.map((l: Json) => l.match),
      );
      const goals = new Set(
        (
          await call(api, `/v1/national/matches/goals?player=${ids['messi']}&records=100`)
        ).json.result.map((g: Json) => g.match),
      );
      expect(matches.length).toBe(new Set([...lineups, ...goals]).size);
      expect(matches.length).toBe(68);
      // Latest first, across pages.
      const dates = await part
        .locator('tbody tr td:first-child')
        .evaluateAll((cells) => cells.map((td) => td.textContent));
      const parsed = dates.map((d) => Date.parse(d!));
      expect(parsed).toEqual([...parsed].sort((a, b) => b - a));
      expect(dates.at(-1)).toBe('16 Jun 2006');
      expect(problems).toEqual([]);
    },
  );

  it.runIf(withBrowser)(
    'opens a page at its top after a click, and back where the reader left it',
    async () => {
      const { page, problems } = await open(`/#/season/national/${ids['cup']}/2022`, PHONE);
      const link = page.locator('main a[href^="#/match/"]').nth(20);
      expect(await expectScrollKept(page, link)).toBeGreaterThan(1000);
      expect(problems).toEqual([]);
    },
  );

  it.runIf(withBrowser)(
    'fits a phone: no page scrolls sideways, wide tables scroll in their frame, points in sight',
    async () => {
      const pages = {
        home: '/',
        competition: `/#/competition/national/${ids['cup']}`,
        season: `/#/season/national/${ids['cup']}/2022`,
        match: `/#/match/national/${ids['final']}`,
        player: `/#/player/${ids['messi']}`,
        team: `/#/team/national/${ids['argentina']}`,
        manager: `/#/manager/${ids['manager']}`,
        referee: `/#/referee/${ids['referee']}`,
      };
      for (const [name, path] of Object.entries(pages)) {
        const { page, problems } = await open(path, PHONE);
        expect(await overflow(page), name).toBe(0);
        // A table wider than its frame says so, and is shaded at its edges.
        for (const block of await page.locator('.table-block').all()) {
          const wide = await block
            .locator('.table')
            .evaluate((frame) => frame.scrollWidth > frame.clientWidth + 1);
          expect(await block.getAttribute('data-scrolls'), name).toBe(wide ? '' : null);
        }
        expect(problems, name).toEqual([]);
      }
      // A group's table keeps its team and points in sight, however far it is scrolled.
      const { page } = await open(pages.season, PHONE);
      const frame = page.locator('section', { hasText: 'Standings' }).locator('.table').first();
      const shown = (await frame.boundingBox())!;
      for (const at of ['start', 'end']) {
        await frame.evaluate((f, end) => (f.scrollLeft = end ? f.scrollWidth : 0), at === 'end');
        for (const column of ['th.key-start', 'th.key-end']) {
          const box = (await frame.locator(column).boundingBox())!;
          expect(box.x, `${column} at the ${at}`).toBeGreaterThanOrEqual(shown.x - 1);
          expect(box.x + box.width, `${column} at the ${at}`).toBeLessThanOrEqual(
            shown.x + shown.width + 1,
          );
        }
      }
      expect(await frame.locator('th.key-end').textContent()).toBe('Pts');
    },
  );

  it.runIf(withBrowser)(
    'ranks the search: Lionel Messi first for "messi", and finds managers and referees',
    async () => {
      const { page, problems } = await open('/');
      const search = page.getByRole('searchbox');
      const found = async (text: string) => {
        await search.fill(text);
        await page.waitForFunction(
          (t) => document.querySelector('[role=status]')?.textContent?.endsWith(`for ${t}`),
          text,
        );
        return page.locator('.found li').allTextContents();
      };
      const messi = await found('messi');
      expect(messi[0]).toBe('Lionel Messi Player');
      expect(messi).toContain('Julio Musimessi Player');
      const final = (await call(api, `/v1/national/matches/${ids['final']}/info`)).json.result[0];
      for (const [name, kind] of [
        [final.refereeName, 'Referee'],
        [final.homeManagerName, 'Manager'],
      ]) {
        const results = await found(name);
        expect(results, name).toContain(`${name} ${kind}`);
      }
      expect((await found('brazil'))[0]).toBe('Brazil National team');
      expect(problems).toEqual([]);
    },
  );
});
