import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import type { Competition } from '../../site/explorer/index-file.ts';
import { CHROMIUM, launchChromium } from '../helpers/browser/browser.ts';
import { firstFrameScript } from '../helpers/browser/first-frame.ts';
import { startServer } from '../helpers/http/runtime-server.ts';
import { staticHost, staticSite } from '../helpers/http/static-host.ts';

/**
 * The explorer's match page in Chromium, with the same round trip emulated for every request
 * (Chromium's network conditions), served two ways: by the Node router over the archive, and by
 * plain sirv from the explorer's files and the archive (`npm run site`), the page answering its
 * own calls through the client with range reads. Milliseconds from navigating to the match's
 * address until its view is drawn; each run in a fresh browser context, so nothing is cached.
 */

/** A match with on-ball events (a pitch map), as the explorer's index and the API name one. */
async function matchPath(base: string): Promise<string> {
  const index = (await (await fetch(`${base}/explorer/competitions.json`)).json()) as Competition[];
  for (const competition of index)
    for (const season of competition.seasons) {
      if (season.withEvents === 0) continue;
      const query = `competition=${competition.id}&season=${season.id}`;
      const path = `/v1/${competition.matchType}/matches/info?${query}&records=100`;
      const { result } = (await (await fetch(base + path)).json()) as { result: { id: string }[] };
      const match = result.find(
        (m) => season.withEvents === season.matches || season.eventMatches.includes(m.id),
      );
      if (match) return `/#/match/${competition.matchType}/${match.id}`;
    }
  throw new Error('the archive has no match with on-ball events');
}

/** Marks the page with the time of the first frame of its view (its `main` no longer busy). */
const DRAWN = firstFrameScript("document.querySelector('main:not([aria-busy]) h1')");

/**
 * Milliseconds until the page at `url` has drawn its view, and the requests it made: from the
 * start of navigating to the first frame of the view, on the page's own clock. Watched through
 * the DevTools protocol alone: Playwright's own waiting evaluates its script in the page as it
 * loads, tens of milliseconds of the page's thread that no reader's browser spends.
 */
async function firstRender(browser: Browser, url: string, rttMs: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: rttMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // Scripts given for new documents run only once the domain is enabled.
    await cdp.send('Page.enable');
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: DRAWN });
    let requests = 0;
    page.on('request', () => requests++);
    await page.goto(url, { waitUntil: 'commit' });
    // The time, and the message of an error page (which draws a heading too).
    const expression =
      "[document.documentElement.getAttribute('data-shown'), " +
      "document.querySelector('main [role=alert]')?.textContent ?? null]";
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      // A page between documents has no context to evaluate in yet: not drawn.
      const shown = await cdp
        .send('Runtime.evaluate', { expression, returnByValue: true })
        .then(({ result }) => (result.value ?? [null, null]) as [string | null, string | null])
        .catch(() => [null, null] as const);
      if (shown[1] !== null) throw new Error(`${url} drew an error: ${shown[1]}`);
      if (shown[0] !== null) return { ms: Number(shown[0]), requests };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${url} did not draw its view within a minute`);
  } finally {
    await context.close();
  }
}

/** Prints the explorer's first render of a match page, through the router and on a static host. */
export async function printExplorer(archive: string, rttMs = 50, runs = 5): Promise<void> {
  if (!CHROMIUM) {
    console.log("Explorer's match page: no figure, Chromium is not installed.");
    return;
  }
  const router = await startServer(['--archive', archive]);
  const site = await staticSite(archive);
  const host = staticHost(site.dir);
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const browser = await launchChromium();
  try {
    const bases = {
      router: `http://127.0.0.1:${router.port}`,
      static: `http://127.0.0.1:${(host.address() as AddressInfo).port}`,
    };
    const path = await matchPath(bases.router);
    const figures = { router: [] as number[], static: [] as number[] };
    let requests = { router: 0, static: 0 };
    // The two alternate, so that a slower moment of the machine falls on both.
    for (let run = 0; run < runs; run++)
      for (const way of ['router', 'static'] as const) {
        const { ms, requests: made } = await firstRender(browser, bases[way] + path, rttMs);
        figures[way].push(ms);
        requests = { ...requests, [way]: made };
      }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const shown = (way: keyof typeof figures) =>
      `${Math.round(median(figures[way]))} ms (${Math.round(Math.min(...figures[way]))}-` +
      `${Math.round(Math.max(...figures[way]))}), ${requests[way]} requests`;
    console.log(
      `Explorer's match page (Chromium, ${rttMs} ms round trip, median of ${runs}): drawn in ` +
        `${shown('router')} through the Node router; ${shown('static')} on plain sirv through ` +
        `the client: ${(median(figures.static) / median(figures.router)).toFixed(2)}x`,
    );
  } finally {
    await browser.close();
    await new Promise((resolve) => host.close(resolve));
    site.remove();
    await router.stop();
  }
}
