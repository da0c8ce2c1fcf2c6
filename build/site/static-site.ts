import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FIRST_READ, groupHigh, leafOf, pathKey } from '../../contract/archive-format.ts';
import { entryOf, partedSource } from '../../contract/archive-parts.ts';
import { ArchiveReader, type RangeSource } from '../../contract/archive-reader.ts';
import { MANIFEST_FILE } from '../../contract/manifest.ts';
import { fileRangeSource, NODE_CODEC, openLocalArchive } from '../../contract/node/archive-file.ts';
import { UserError } from '../../lib/errors.ts';
import { heard } from '../../lib/stop-signals.ts';
import {
  ARCHIVE_META,
  ARCHIVE_PARAM,
  CLIENT_FILE,
  OPENING_READS,
  ORIGINS_META,
} from '../../site/explorer/source.ts';
import { ID } from '../../site/explorer/routes.ts';
import { LICENCES_FILE } from '../write/licences.ts';
import { OPENAPI_FILE } from '../openapi/openapi.ts';
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

/** A read that opens the archive: a URL relative to the archive's (`''`: itself), a `Range`. */
export type OpeningRead = [url: string, range: string];

/** The reads a page's head may start for the client: those that open the archive, and more. */
export interface SiteReads {
  /**
   * The reads the client makes to open the archive, one after another: its first bytes, which
   * hold the manifest (an entry point's, then its first part's), and the manifest's record where
   * it ends past them. The pages start them all as they load, so the archive is opened by the
   * time the client is.
   */
  opening: OpeningRead[];
  /** The index's `2^leafBits` leaves: the reads the client makes of each (none for an empty). */
  leafBits: number;
  leaves: OpeningRead[][];
}

/** The reads the client makes of `archive` at its URL to open it, and to read each leaf. */
export async function siteReads(archive: string): Promise<SiteReads> {
  const log = new ReadLog();
  // Every file opened, or being opened, so that all are closed.
  const files: OpenedFile[] = [];
  const opened = (path: string) => {
    const file = fileRangeSource(path);
    files.push(file);
    return file;
  };
  try {
    const source = await clientSource(archive, opened, log);
    const reader = await ArchiveReader.open(source, NODE_CODEC);
    await reader.read(MANIFEST_FILE);
    const opening = log.reads;
    const { leafBits } = reader.header;
    const leaves: OpeningRead[][] = [];
    log.reading = false;
    for (let leaf = 0; leaf < 2 ** leafBits; leaf++) {
      log.reads = [];
      const range = reader.leafRange(leaf);
      if (range) await source.read(range.offset, range.length);
      leaves.push(log.reads);
    }
    return { opening, leafBits, leaves };
  } finally {
    const settled = await Promise.allSettled(files);
    await Promise.all(settled.map((f) => (f.status === 'fulfilled' ? f.value.close() : null)));
  }
}

/** A file of the archive being opened. */
type OpenedFile = ReturnType<typeof fileRangeSource>;

/** The reads made through the sources it records, from the client's first. */
class ReadLog {
  reads: OpeningRead[] = [['', `bytes=0-${FIRST_READ - 1}`]];
  /** Whether the reads are made: the leaves' are only noted, their bytes not needed. */
  reading = true;

  /** `source`, at `url`, with each read noted. */
  recorded(url: string, source: RangeSource): RangeSource {
    return {
      length: source.length,
      read: (offset, length) => {
        const end = Math.min(offset + length, source.length);
        this.reads.push([url, `bytes=${offset}-${end - 1}`]);
        return this.reading
          ? source.read(offset, length)
          : Promise.resolve(new Uint8Array(end - offset));
      },
    };
  }
}

/**
 * `archive` as the client reads it, its reads noted in `log`: an entry point's parts, or one
 * file. `opened` opens each file.
 */
async function clientSource(
  archive: string,
  opened: (path: string) => OpenedFile,
  log: ReadLog,
): Promise<RangeSource> {
  const file = await opened(archive);
  const entry = await entryOf(file);
  if (entry) {
    const parts = new Map<number, Promise<RangeSource>>();
    const part = (i: number) => opened(join(dirname(archive), entry.parts[i]!));
    return partedSource(entry, async (i) => {
      if (!parts.has(i)) parts.set(i, part(i));
      return log.recorded(entry.parts[i]!, await parts.get(i)!);
    });
  }
  // The client keeps the first bytes it read for the reader's own first read.
  let first = true;
  const rest = log.recorded('', file);
  return {
    length: file.length,
    read(offset, length) {
      const from = first ? file : rest;
      first = false;
      return from.read(offset, length);
    },
  };
}

/**
 * The script that starts the opening reads as the page loads, for the client to take up
 * (`site/explorer/api-fetch.ts`), unless the page names another archive. `up` leads from the
 * page to the site's root, which the archive's URL is relative to. With `valueLeaf`, it also
 * starts the read of the leaf of the index that holds the files of the id the explorer's
 * address ends with (`#/match/national/<id>`: the group `@<id>#0`, docs/archive.md), which the
 * page's first call needs. It is given the text of the functions that find a leaf (`pathKey`,
 * `groupHigh`, `leafOf`) and of the explorer's ids (`ID`): each is defined once.
 */
function openingScript(
  up: string,
  archiveUrl: string,
  reads: SiteReads,
  valueLeaf: boolean,
): string {
  // JSON in a script: no `<` may end it early.
  const json = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
  const lines = [
    `<script>`,
    `      if (!new URLSearchParams(location.search).get(${json(ARCHIVE_PARAM)})) {`,
    `        const archive = new URL(${json(archiveUrl)}, new URL(${json(up)}, location.href));`,
    `        const start = ([name, range]) => {`,
    `          const url = new URL(name, archive).href;`,
    `          const response = fetch(url, { headers: { range } }).catch(() => null);`,
    `          return { url, range, response };`,
    `        };`,
    `        self.${OPENING_READS} = ${json(reads.opening)}.map(start);`,
  ];
  if (valueLeaf) {
    // Each leaf's reads as numbers: the index of the URL's name, then the range's first and
    // last byte; a national archive has hundreds of leaves.
    const names = [...new Set(reads.leaves.flat().map(([name]) => name))];
    const leaves = reads.leaves.map((leaf) =>
      leaf.flatMap(([name, range]) => [
        names.indexOf(name),
        ...range.slice(6).split('-').map(Number),
      ]),
    );
    const bits = reads.leafBits;
    lines.push(
      `        const value = location.hash.split('?')[0].split('/').pop();`,
      `        if (${String(ID)}.test(value)) {`,
      `          const pathKey = ${String(pathKey)};`,
      `          const groupHigh = ${String(groupHigh)};`,
      `          const leafOf = ${String(leafOf)};`,
      `          const names = ${json(names)};`,
      `          const key = { hi: groupHigh(pathKey("@" + value + "#0")), lo: 0 };`,
      `          const leaf = ${json(leaves)}[leafOf(key, ${bits})];`,
      `          for (let i = 0; i < leaf.length; i += 3)`,
      `            self.${OPENING_READS}.push(start([names[leaf[i]], ` +
        `"bytes=" + leaf[i + 1] + "-" + leaf[i + 2]]));`,
      `        }`,
    );
  }
  lines.push(`      }`, `    </script>`);
  return lines.join('\n');
}

/** Escapes text for an HTML attribute's value in double quotes. */
const attribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The page at `file` with the site's meta tags, which `site/explorer/source.ts` reads, in its
 * head, the archive's opening reads started, the client asked for beside the page's script
 * rather than after it, and its icon (`logo`) in the page: a browser asks for the icon as the
 * page loads, which over HTTP/1.1 takes one of a host's six connections from the opening reads.
 */
function withMeta(
  html: string,
  file: string,
  site: StaticSite,
  reads: SiteReads,
  logo: Uint8Array,
): string {
  const up = '../'.repeat(file.split('/').length - 1);
  const tags = [
    `<meta name="${ARCHIVE_META}" content="${attribute(site.archiveUrl)}" />`,
    // The explorer's addresses end with ids; the reference's name operations.
    openingScript(up, site.archiveUrl, reads, file === 'index.html'),
    `<link rel="modulepreload" href="${up}${CLIENT_FILE}" />`,
    ...(site.origins.length
      ? [`<meta name="${ORIGINS_META}" content="${attribute(site.origins.join(' '))}" />`]
      : []),
  ];
  // First in the head, before the style sheets, which an inline script would wait for.
  const charset = '<meta charset="utf-8" />';
  const icon = `<link rel="icon" href="${up}logo.svg" type="image/svg+xml" />`;
  for (const tag of [charset, icon])
    if (!html.includes(tag)) throw new Error(`a page of the site has no ${tag}`);
  const inline = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;
  // Functions, so that no `$` of a URL is read as a pattern of the replacement.
  return html
    .replace(charset, () => `${charset}\n    ${tags.join('\n    ')}`)
    .replace(icon, () => icon.replace(`${up}logo.svg`, inline));
}

/**
 * Writes the static site of `archive` into `out`, each file replacing the one before it whole.
 * Aborted, it stops before it writes anything.
 */
export async function writeStaticSite(
  archive: string,
  out: string,
  site: StaticSite,
  signal?: AbortSignal,
): Promise<{ files: number; bytes: number }> {
  const opened = await openLocalArchive(archive);
  try {
    const reads = await siteReads(archive);
    const files = new Map<string, Uint8Array>();
    for (const file of STATIC_FILES) {
      const bytes = await opened.reader.read(file);
      if (bytes === null)
        throw new UserError(`${archive} holds no ${file}: build it again with this version.`);
      files.set(file, bytes);
    }
    const logo = files.get('logo.svg')!;
    for (const [file, bytes] of files)
      if (file.endsWith('.html')) {
        const page = Buffer.from(bytes).toString('utf8');
        files.set(file, Buffer.from(withMeta(page, file, site, reads, logo)));
      }
    // Every file is written aside first, then each renamed over its target: a failure while
    // writing (a full disk) leaves the folder as it was.
    const aside = (file: string) => `${join(out, file)}.${process.pid}.partial`;
    // The reads above block: a signal that came meanwhile is heard here. The writing is
    // synchronous too, so one that comes while it runs is heard once the site is written.
    if (signal) await heard(signal);
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
