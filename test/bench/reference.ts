import { CHROMIUM, launchChromium } from '../helpers/browser/browser.ts';
import { timeOperationLink } from '../helpers/browser/reference-page.ts';
import { startServer } from '../helpers/http/runtime-server.ts';

/**
 * The API reference on a build's archive, in Chromium: milliseconds from navigating to the link
 * of GET /v1/persons (`/docs#/v1%20persons/list_v1_persons`) until its parameters are drawn; each
 * run in a fresh browser context, so nothing is cached from the one before.
 */
export async function printReference(archive: string, runs = 5): Promise<void> {
  if (!CHROMIUM) {
    console.log('API reference: no figure, Chromium is not installed.');
    return;
  }
  const server = await startServer(['--archive', archive]);
  const browser = await launchChromium();
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const base = `http://127.0.0.1:${server.port}`;
      times.push(await timeOperationLink(page, base, 'v1 persons', 'list_v1_persons'));
      await context.close();
    }
    times.sort((a, b) => a - b);
    const ms = (t: number) => Math.round(t);
    console.log(
      "API reference (Chromium, demo archive): GET /v1/persons's parameters visible " +
        `${ms(times[Math.floor(runs / 2)]!)} ms after navigating to its link ` +
        `(median of ${runs}; ${ms(times[0]!)}-${ms(times.at(-1)!)} ms)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
