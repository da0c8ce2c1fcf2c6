import type { Locator, Page } from 'playwright-core';

/**
 * The API reference at `/docs`, as a developer reaches an operation in it: a link to a tag
 * (`/docs#/v1%20persons`, what the page's address shows once a tag is open), then a click on the
 * operation. Shared by the browser test and the bench, which both time it.
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
