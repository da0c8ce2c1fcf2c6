import { looseKey } from '../../contract/keys.ts';
import type { MatchType } from './index-file.ts';

/**
 * The explorer's search index, which the build writes beside its competitions index: the names
 * people search for (players, managers, referees, clubs, national teams, competitions), each with
 * how well known it is, so that a search ranks "Lionel Messi" before "Julio Musimessi". It is
 * cut into shards by the first two letters of each word of a name (`SEARCH_DIR/<key>.json`), so a
 * search reads one small file whatever the size of the data; `SEARCH_KEYS` lists the shards.
 */

/** Where the shards are, under the build's root. */
export const SEARCH_DIR = 'explorer/search';

/** The list of the shards' keys: a search asks only for a shard that exists. */
export const SEARCH_KEYS = `${SEARCH_DIR}/keys.json`;

/**
 * Entries a shard keeps at most, the best known first: one shard stays one small read (tens of
 * kilobytes, a few compressed) on every host. A name a full shard leaves out is still found by
 * the API's own wildcard filters, which the search asks too.
 */
export const SHARD_BUDGET = 1000;

/** What a name names, and so which page it leads to. */
export type SearchKind = 'player' | 'manager' | 'referee' | 'club' | 'country' | 'competition';

/**
 * One entry: the name as shown, its kind, the record's id, its weight (the matches it is in:
 * played, managed, refereed, or of the team or competition), and for competitions the match type
 * whose pages show them (null for the other kinds).
 */
export type SearchEntry = [
  name: string,
  kind: SearchKind,
  id: string,
  weight: number,
  matchType: MatchType | null,
];

/** The words of a name or of a query, case and accents aside: "Lionel Messi" is lionel, messi. */
export function searchWords(text: string): string[] {
  return looseKey(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * The shard that holds the names with a word starting as `word` does: its first two letters or
 * digits, or `_` for words of other scripts, so that every shard's file name is plain ASCII.
 */
export const shardKey = (word: string) => {
  const key = word.slice(0, 2);
  return /^[a-z0-9]+$/.test(key) ? key : '_';
};

/** The file of a shard. */
export const shardFile = (key: string) => `${SEARCH_DIR}/${key}.json`;
