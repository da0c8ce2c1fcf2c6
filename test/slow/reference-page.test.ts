import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, QUERIES_HEADING } from '../../build/openapi/openapi.ts';
import { createPreviewServer } from '../../server/adapters/node.ts';
import { demo } from '../helpers/http/api.ts';
import {
  chromiumToTest,
  launchChromium,
  SCREENSHOTS,
  watchedPage,
} from '../helpers/browser/browser.ts';
import { getOperation } from '../helpers/browser/reference-page.ts';

/**
 * The API reference at `/docs` on a phone (390 by 844 CSS pixels, in headless Chromium): an
 * operation opened shows its parameters on the first screen, and a collection's note on what a
 * query reads, which the OpenAPI document keeps at the end of the operation's description, comes
 * after the responses, folded, with the document's words.
 */

const { dist } = demo();
const doc = JSON.parse(readFileSync(join(dist, OPENAPI_FILE), 'utf8')) as {
  paths: Record<string, Record<string, { description?: string; tags: string[] }>>;
};

/** A phone's screen. */
const PHONE = { width: 390, height: 844 };

/** The text of a description's Markdown as the page shows it: without its marks. */
const shown = (markdown: string) => markdown.replace(/\*\*|`/g, '').trim();

describe.skipIf(!chromiumToTest())('the API reference on a phone', () => {
  let server: Server;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    server = createPreviewServer(dist);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('shows a linked operation: its parameters first, what a query reads folded last', async () => {
    const { page, problems } = await watchedPage(browser, PHONE);
    await page.goto(`${base}/docs#/v1%20persons/list_v1_persons`);
    const operation = getOperation(page, '/v1/persons');
    const firstRow = operation.locator('.parameters tr[data-param-name]').first();
    await firstRow.waitFor();
    // The link brings the operation to the top of the screen: its first parameter is on it.
    const row = (await firstRow.boundingBox())!;
    expect(row.y).toBeGreaterThanOrEqual(0);
    expect(row.y + row.height).toBeLessThanOrEqual(PHONE.height);
    await page.screenshot({ path: join(SCREENSHOTS, 'reference-phone.png') });

    // The note is the operation's last block, after the responses, folded under its heading.
    const [own, note] = doc.paths['/v1/persons']!['get']!.description!.split(
      `### ${QUERIES_HEADING}`,
    ) as [string, string];
    const body = operation.locator('.operation-body');
    const blocks = await body.evaluate((element) =>
      Array.from(element.children).map((child) => child.className || child.tagName.toLowerCase()),
    );
    expect(blocks.slice(-2)).toEqual(['table', 'note']);
    expect(await body.locator('p.prose').first().textContent()).toBe(shown(own));
    const folded = body.locator('details.note');
    expect(await folded.locator('summary').textContent()).toBe(QUERIES_HEADING);
    expect(await folded.getAttribute('open')).toBeNull();
    expect(await folded.locator('p').isVisible()).toBe(false);
    await folded.locator('summary').click();
    expect(await folded.locator('p').textContent()).toBe(shown(note));
    expect(await folded.locator('p').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it("shows every GET's parameters of a tag within a screen of the operation's top", async () => {
    const { page, problems } = await watchedPage(browser, PHONE);
    const tag = 'v1 matches';
    await page.goto(`${base}/docs#/${encodeURIComponent(tag)}`);
    const blocks = page.locator(`section[data-tag="${tag}"] details.operation.get`);
    await blocks.first().waitFor();
    const count = await blocks.count();
    const expected = Object.values(doc.paths).filter((item) => item['get']!.tags[0] === tag);
    expect(count).toBe(expected.length);
    // Every one opened, as a click on its summary does.
    await blocks.evaluateAll((all) =>
      all.forEach((block) => ((block as HTMLDetailsElement).open = true)),
    );
    await page.waitForFunction(
      (selector) =>
        Array.from(document.querySelectorAll(selector)).every((block) =>
          block.querySelector('.parameters tr[data-param-name]'),
        ),
      `section[data-tag="${tag}"] details.operation.get`,
    );
    // From the top of each operation to the bottom of its first parameter's row.
    const spans = await blocks.evaluateAll((all) =>
      all.map((block) => {
        const top = block.querySelector('summary')!.getBoundingClientRect().top;
        const row = block.querySelector('.parameters tr[data-param-name]')!;
        return [block.getAttribute('data-path'), row.getBoundingClientRect().bottom - top];
      }),
    );
    const offScreen = spans.filter(([, span]) => (span as number) > PHONE.height);
    expect(offScreen).toEqual([]);
    // Each listing has its note, folded.
    const notes = await page.locator(`section[data-tag="${tag}"] details.note`).count();
    const listings = expected.filter((item) => item['get']!.description?.includes(QUERIES_HEADING));
    expect(listings.length).toBeGreaterThan(10);
    expect(notes).toBe(listings.length);
    expect(await page.locator(`section[data-tag="${tag}"] details.note[open]`).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
