import { buildSync, type BuildOptions } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../data/db.ts';
import { JSON_TYPE } from '../../contract/envelope.ts';
import { HTML_TYPE } from '../../contract/page-policy.ts';
import {
  EXPLORER_INDEX,
  type Competition,
  type Organiser,
  type Season,
} from '../../site/explorer/index-file.ts';
import { CLIENT_FILE } from '../../site/explorer/source.ts';
import { inlineLogo } from './logo.ts';
import { searchIndex } from './search-index.ts';

/**
 * The pages every build serves beside the API, from `site/`: the football explorer at `/` and
 * the API reference at `/docs`. Both are static files that call the API from the page, so they
 * work from a tree or an archive, on every runtime, and offline; on a static host with no router
 * they answer their own calls through the client (`CLIENT_FILE`) over an archive.
 */

/** One file of the site, at its path in the output. */
export interface SiteFile {
  path: string;
  type: string;
  content: string;
}

const JS_TYPE = 'text/javascript; charset=utf-8';
const CSS_TYPE = 'text/css; charset=utf-8';

const SITE = fileURLToPath(new URL('../../site/', import.meta.url));

/**
 * The files of the pages themselves, which a static host serves beside an archive
 * (`static-site.ts`); the explorer's index and the reference's parts are read from the archive.
 */
export const PAGE_FILES = [
  'index.html',
  'explorer/explorer.css',
  'explorer/explorer.js',
  CLIENT_FILE,
  'docs/index.html',
  'docs/reference.css',
  'docs/reference.js',
];

/** Every file of the site, for a build of `db`. */
export function siteFiles(db: Db): SiteFile[] {
  const own = (path: string, type: string) => {
    const content = readFileSync(join(SITE, path), 'utf8');
    return { path, type, content: type === HTML_TYPE ? withLogo(content) : content };
  };
  return [
    own('index.html', HTML_TYPE),
    own('explorer/explorer.css', CSS_TYPE),
    { path: 'explorer/explorer.js', type: JS_TYPE, content: bundle('explorer/main.ts') },
    { path: EXPLORER_INDEX, type: JSON_TYPE, content: JSON.stringify(competitions(db)) },
    ...searchIndex(db).map((file) => ({ ...file, type: JSON_TYPE })),
    own('docs/index.html', HTML_TYPE),
    own('docs/reference.css', CSS_TYPE),
    { path: 'docs/reference.js', type: JS_TYPE, content: bundle('docs/reference.ts') },
    { path: CLIENT_FILE, type: JS_TYPE, content: clientModule() },
  ];
}

/** A page whose header's logo, an image of `logo.svg`, is drawn in the page (`inlineLogo`). */
function withLogo(html: string): string {
  const image = /<img src="(?:\.\.\/)?logo\.svg" alt="" width="(\d+)" height="\1" \/>/;
  if (!image.test(html)) throw new Error('a page of the site has no logo in its header');
  return html.replace(image, (_, size: string) => inlineLogo(Number(size)));
}

/**
 * How the client (`server/client/client.ts`) is bundled, for the package's export and for the
 * pages: one minified ES module with no dependencies.
 */
export const CLIENT_BUNDLE = {
  entryPoints: [fileURLToPath(new URL('../../server/client/client.ts', import.meta.url))],
  bundle: true,
  // The browser's files where there are two: the Brotli decoder's WebAssembly embedded in the
  // bundle (`#brotli-decoder-wasm` in `package.json`), where the client run from its source on
  // Node reads it from disk. The bundle still runs on any runtime: it uses no browser API that
  // Node, Deno or Bun lacks.
  platform: 'browser',
  mainFields: ['module', 'main'],
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'eof',
  write: false,
  logLevel: 'warning',
} as const satisfies BuildOptions;

/** The client as the pages import it, the same bytes as the package's `./client` export. */
function clientModule(): string {
  return buildSync(CLIENT_BUNDLE).outputFiles[0]!.text;
}

/** One script of the site, type-checked with the project and bundled into one file. */
function bundle(entry: string): string {
  const { outputFiles } = buildSync({
    entryPoints: [join(SITE, entry)],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return outputFiles[0]!.text;
}

interface Row
  extends Omit<Competition, 'seasons' | 'organiser'>, Omit<Season, 'id' | 'name' | 'eventMatches'> {
  season: number;
  seasonName: string;
  confederation: string | null;
  country: string | null;
}

/** Who organises a competition, from its international or domestic record. */
function organiser(row: Row): Organiser {
  if (row.confederation !== null) return { kind: 'confederation', name: row.confederation };
  if (row.country !== null) return { kind: 'country', name: row.country };
  return { kind: 'none' };
}

/** Each competition with its seasons (latest last match first), their match counts and dates. */
function competitions(db: Db): Competition[] {
  const rows = db
    .prepare(
      `SELECT m.competition AS id, c.name, m.match_type AS matchType, m.season,
              s.name AS seasonName, COUNT(*) AS matches,
              SUM(EXISTS (SELECT 1 FROM event e WHERE e.match = m.id)) AS withEvents,
              MIN(m.match_date) AS first, MAX(m.match_date) AS last,
              cf.name AS confederation, co.name AS country
         FROM match m
         JOIN competition c ON c.id = m.competition
         JOIN season s ON s.id = m.season
         LEFT JOIN intl_competition ic ON ic.id = c.id
         LEFT JOIN confederation cf ON cf.id = ic.confederation
         LEFT JOIN domestic_competition dc ON dc.id = c.id
         LEFT JOIN country co ON co.id = dc.country
        GROUP BY m.competition, m.match_type, m.season
        ORDER BY c.name, m.competition, m.match_type, MAX(m.match_date) DESC, m.season DESC`,
    )
    .all() as Row[];
  const withEvents = eventMatches(db);
  const out: Competition[] = [];
  for (const row of rows) {
    let last = out.at(-1);
    if (last?.id !== row.id || last.matchType !== row.matchType) {
      last = {
        id: row.id,
        name: row.name,
        matchType: row.matchType,
        organiser: organiser(row),
        seasons: [],
      };
      out.push(last);
    }
    last.seasons.push({
      id: row.season,
      name: row.seasonName,
      matches: row.matches,
      withEvents: row.withEvents,
      eventMatches:
        row.withEvents < row.matches
          ? (withEvents.get(`${row.matchType}|${row.id}|${row.season}`) ?? [])
          : [],
      first: row.first,
      last: row.last,
    });
  }
  return out;
}

/** The ids of the matches with on-ball events, by match type, competition and season. */
function eventMatches(db: Db): Map<string, string[]> {
  const rows = db
    .prepare(
      `SELECT m.match_type || '|' || m.competition || '|' || m.season AS season, m.id
         FROM match m WHERE EXISTS (SELECT 1 FROM event e WHERE e.match = m.id)
        ORDER BY m.id`,
    )
    .raw()
    .all() as [string, string][];
  const out = new Map<string, string[]>();
  for (const [season, id] of rows) {
    const ids = out.get(season);
    if (ids) ids.push(id);
    else out.set(season, [id]);
  }
  return out;
}
