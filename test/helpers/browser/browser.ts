import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium, if it is installed (its path). */
export const CHROMIUM =
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path)) ?? null;

/** Where the browser tests save their screenshots. */
export const SCREENSHOTS = fileURLToPath(
  new URL('../../../test-output/screenshots/', import.meta.url),
);

/**
 * Whether Chromium is there to test with. In CI it must be (`.ci/run` installs it): a missing one
 * fails the run. Elsewhere the browser tests are skipped with a message.
 */
export function chromiumToTest(): boolean {
  if (CHROMIUM) return true;
  if (process.env['CI']) throw new Error('Chromium is not installed; .ci/run installs it.');
  console.warn('Skipping the browser tests: install Chromium (apt-get install chromium).');
  return false;
}

/** Headless Chromium. */
export function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // No sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
}

/**
 * A page that records everything that went wrong in it: console errors and warnings (a blocked
 * script or style is one), uncaught exceptions, failed requests and answers of 400 or more.
 */
export async function watchedPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; problems: string[] }> {
  // A page of its own context, as axe-core's checks need (`browser.newPage` hides it).
  const page = await (await browser.newContext({ viewport })).newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return { page, problems };
}

/**
 * Follows a link to a match from a season's page, scrolled to the link, as a reader does (a click
 * where the link is, the page not moved first), then goes back and forward: the match opens at
 * its top, back returns to where the season was left, forward to where the match was. Resolves
 * to where the season was left.
 */
export async function expectScrollKept(page: Page, link: Locator): Promise<number> {
  const top = () => page.evaluate(() => scrollY);
  await link.scrollIntoViewIfNeeded();
  const left = await top();
  const box = (await link.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector('main:not([aria-busy]) .scoreboard');
  expect(await top()).toBe(0);
  await page.evaluate(() => scrollTo(0, 400));
  await page.goBack();
  await page.waitForSelector('main:not([aria-busy]) h2:text-is("Standings")');
  expect(await top()).toBe(left);
  await page.goForward();
  await page.waitForSelector('main:not([aria-busy]) .scoreboard');
  expect(await top()).toBe(400);
  return left;
}
