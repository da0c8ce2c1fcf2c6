import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openLocalArchive } from '../contract/node/archive-file.ts';
import { UserError } from '../contract/node/cli.ts';
import { ARCHIVE_META, CLIENT_FILE, ORIGINS_META } from '../site/explorer/source.ts';
import { LICENCES_FILE } from './licences.ts';
import { OPENAPI_FILE } from './openapi.ts';
import { PAGE_FILES } from './site.ts';

/**
 * The explorer and the reference for a static host (`npm run site`): their files, taken from an
 * archive, written into a folder with the archive's URL in the pages, so that the folder and the
 * archive copied onto any host answer the pages' API calls through the client, with no router.
 * What the pages read through the client (the explorer's index, the reference's parts) stays in
 * the archive, so the pages always show that archive's build.
 */

/** The files written: the pages, and the files their links name. */
export const STATIC_FILES = [...PAGE_FILES, 'logo.svg', LICENCES_FILE, OPENAPI_FILE];

/** What the pages are told. */
export interface StaticSite {
  /** The archive's URL, relative to the folder or absolute. */
  archiveUrl: string;
  /** Other origins a page's `?archive=` may name. */
  origins: readonly string[];
}

/** Escapes text for an HTML attribute's value in double quotes. */
const attribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The page at `file` with the site's meta tags, which `site/explorer/source.ts` reads, in its
 * head, and the client asked for beside the page's script rather than after it.
 */
function withMeta(html: string, file: string, site: StaticSite): string {
  const up = '../'.repeat(file.split('/').length - 1);
  const tags = [
    `<meta name="${ARCHIVE_META}" content="${attribute(site.archiveUrl)}" />`,
    `<link rel="modulepreload" href="${up}${CLIENT_FILE}" />`,
    ...(site.origins.length
      ? [`<meta name="${ORIGINS_META}" content="${attribute(site.origins.join(' '))}" />`]
      : []),
  ];
  if (!html.includes('</head>')) throw new Error('a page of the site has no </head>');
  // A function, so that no `$` of a URL is read as a pattern of the replacement.
  return html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}

/** Writes the static site of `archive` into `out`, each file replacing the one before it whole. */
export async function writeStaticSite(
  archive: string,
  out: string,
  site: StaticSite,
): Promise<{ files: number; bytes: number }> {
  const opened = await openLocalArchive(archive);
  try {
    const files = new Map<string, Uint8Array>();
    for (const file of STATIC_FILES) {
      const bytes = await opened.reader.read(file);
      if (bytes === null)
        throw new UserError(`${archive} holds no ${file}: build it again with this version.`);
      files.set(
        file,
        file.endsWith('.html')
          ? Buffer.from(withMeta(Buffer.from(bytes).toString('utf8'), file, site))
          : bytes,
      );
    }
    // Every file is written aside first, then each renamed over its target: a failure while
    // writing (a full disk) leaves the folder as it was.
    const aside = (file: string) => `${join(out, file)}.${process.pid}.partial`;
    let bytes = 0;
    try {
      for (const [file, content] of files) {
        mkdirSync(dirname(join(out, file)), { recursive: true });
        writeFileSync(aside(file), content);
        bytes += content.byteLength;
      }
      for (const file of files.keys()) renameSync(aside(file), join(out, file));
    } finally {
      for (const file of files.keys()) rmSync(aside(file), { force: true });
    }
    return { files: files.size, bytes };
  } finally {
    await opened.close();
  }
}
