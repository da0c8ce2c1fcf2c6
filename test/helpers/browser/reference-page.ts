import type { Locator, Page } from 'playwright-core';
import { firstFrameScript } from './first-frame.ts';

/**
 * The API reference at `/docs`, as a developer reaches an operation in it: a link to a tag
 * (`/docs#/v1%20persons`) and a click on the operation, as the browser test does, or a link to
 * the operation itself, which the bench times in the page.
 */

/** The block of a GET operation on the reference page, by its path template. */
export const getOperation = (page: Page, path: string): Locator =>
  page.locator(`details.operation.get[data-path="${path}"]`).first();

/**
 * Navigates to `tag` on the reference page at `base`, opens `GET path` and waits until its
 * parameters show; the operation's block and the milliseconds from navigation to parameters.
 */
export async function openOperation(
  page: Page,
  base: string,
  tag: string,
  path: string,
): Promise<{ operation: Locator; ms: number }> {
  const started = performance.now();
  await page.goto(`${base}/docs#/${encodeURIComponent(tag)}`);
  const operation = getOperation(page, path);
  await operation.locator('summary').click();
  await operation.locator('.parameters tr[data-param-name]').first().waitFor();
  return { operation, ms: performance.now() - started };
}

/** Marks the page with the time its first opened operation's parameters were drawn. */
const SHOWN_SCRIPT = firstFrameScript(
  "document.querySelector('details.operation[open] tr[data-param-name]')",
);

/**
 * Milliseconds from navigating to a link to an operation (`/docs#/v1%20persons/list_v1_persons`)
 * until its parameters are on the page, measured in the page from the navigation's start to the
 * first frame after they are inserted: the browser's clock, not a poll's.
 */
export async function timeOperationLink(
  page: Page,
  base: string,
  tag: string,
  operationId: string,
): Promise<number> {
  await page.addInitScript(SHOWN_SCRIPT);
  await page.goto(`${base}/docs#/${encodeURIComponent(tag)}/${operationId}`);
  await page.locator('html[data-shown]').waitFor({ state: 'attached' });
  return Number(await page.locator('html').getAttribute('data-shown'));
}
