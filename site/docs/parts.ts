/**
 * Where the parts of `/openapi.json` the API reference loads are, in every build: one document per
 * tag, with that tag's paths and the components they use, and one with the tags alone, which the
 * page opens with. Every part lists every tag, so the page shows (and its filter finds) them all
 * whichever part it has loaded.
 */

/** The folder of the parts, under the reference page's own. */
const PARTS = 'docs/openapi';

/** The part the page opens with: the document's information and tags, no paths. */
export const CONTENTS_PART = `${PARTS}/index.json`;

/** The part of a tag (`v1 micro-events` is at `docs/openapi/v1-micro-events.json`). */
export const tagPart = (tag: string): string => `${PARTS}/${tag.replaceAll(' ', '-')}.json`;
