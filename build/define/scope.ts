import {
  field,
  type FieldDef,
  type FieldOptions,
  type IdType,
  type LinkTemplate,
} from './resource.ts';
import type { FilterMode } from '../../contract/manifest.ts';

/** The two match types of v1 paths. */
export type MatchType = 'clubs' | 'national';

/**
 * Where a family of resources is published and how its records name other records. v1 publishes
 * match data once per match type, with uuid ids; v0 publishes every match under one path, with the
 * integer ids each table keeps in `v0_id` (docs/api.md#identifiers). The registry's definitions
 * take a scope rather than being written twice: v0 is the same resources, built by the same code,
 * with these differences.
 */
export interface Scope {
  version: 'v1' | 'v0';
  /** `/v1` or `/v0`: the start of every path the records link to. */
  root: string;
  /** Path prefix of match data, without the leading slash: `v1/clubs`, `v1/national`, `v0`. */
  base: string;
  /** v1's match type; null in v0, which lists every match. */
  matchType: MatchType | null;
  /** Type of entity ids: uuid in v1, integer in v0. */
  idType: IdType;
  /** Key case of lineups, macro-events and analytics: snake_case in v0 (docs/api.md#the-v0-api). */
  keyCase: 'camel' | 'snake';
  /**
   * SQL condition selecting the matches of the scope, given the SQL of a match's type (by default
   * that of `m`, the match).
   */
  matches(typeSql?: string): string;
  /** SQL of the id of the row of alias `alias` (a table with v0 ids). */
  own(alias: string): string;
  /** SQL of the id of the `table` row whose v1 id is the SQL `v1`. */
  ref(table: string, v1: string): string;
  /**
   * SQL of the id of a match's team whose v1 id is the SQL `v1`: a club, or a country (`m` is the
   * match).
   */
  team(v1: string): string;
  /** SQL of that team's name. */
  teamName(v1: string): string;
  /** Link template of the team record whose id is in field `name`. */
  teamLink(name: string): string;
  /** Hidden columns the team links read (`SqlDef.hidden`), given a match's type as above. */
  hidden(typeSql?: string): Record<string, string>;
}

/** The teams' table of a match type: a national team is its country. */
const teamTable = (matchType: MatchType) => (matchType === 'clubs' ? 'team' : 'country');

/** The v1 scope of one match type: uuid ids, the ids in the rows as they are. */
export function v1Scope(matchType: MatchType): Scope {
  const table = teamTable(matchType);
  return {
    version: 'v1',
    root: '/v1',
    base: `v1/${matchType}`,
    matchType,
    idType: 'uuid',
    keyCase: 'camel',
    matches: (typeSql = 'm.match_type') => `${typeSql} = '${matchType}'`,
    own: (alias) => `${alias}.id`,
    ref: (_table, v1) => v1,
    team: (v1) => v1,
    teamName: (v1) => `(SELECT name FROM ${table} WHERE id = ${v1})`,
    teamLink: (name) => `/v1/${matchType === 'clubs' ? 'teams' : 'countries'}/{${name}}`,
    hidden: () => ({}),
  };
}

/**
 * A column of a match's team whose v1 id is the SQL `v1`: the club or the country the match type
 * says (`m` is the match). In v0, clubs and countries take their ids from one counter
 * (`data/db.ts`), so a team id names one team whichever table holds it.
 */
export const byMatchType = (column: string, v1: string) =>
  `CASE m.match_type WHEN 'clubs' THEN (SELECT ${column} FROM team WHERE id = ${v1}) ELSE (SELECT ${column} FROM country WHERE id = ${v1}) END`;

/** The v0 scope: every match, integer ids from `v0_id`. */
export const V0: Scope = {
  version: 'v0',
  root: '/v0',
  base: 'v0',
  matchType: null,
  idType: 'integer',
  keyCase: 'snake',
  matches: () => '1',
  own: (alias) => `${alias}.v0_id`,
  ref: (table, v1) => `(SELECT v0_id FROM ${table} WHERE id = ${v1})`,
  team: (v1) => byMatchType('v0_id', v1),
  teamName: (v1) => byMatchType('name', v1),
  teamLink: (name) => `/v0/{_teams}/{${name}}`,
  hidden: (typeSql = 'm.match_type') => ({
    _teams: `CASE ${typeSql} WHEN 'clubs' THEN 'teams' ELSE 'countries' END`,
  }),
};

/** A field holding an entity id of the scope (uuid in v1, integer in v0). */
export function idField(
  scope: Scope,
  name: string,
  description: string,
  sql: string,
  extra: FieldOptions & { filter?: FilterMode } = {},
): FieldDef {
  return field(name, scope.idType, description, sql, extra);
}

/**
 * Link names in the scope's key case: v0's snake_case resources name their links as their keys
 * (`home_team` on v0's goals); nested link objects keep their names.
 */
export function linkNames(
  keyCase: 'camel' | 'snake',
  links: Record<string, LinkTemplate>,
): Record<string, LinkTemplate> {
  if (keyCase === 'camel') return links;
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return Object.fromEntries(Object.entries(links).map(([name, link]) => [snake(name), link]));
}

/** v0's `supplier_id` of the row of alias `alias`: the supplier's own id of the record. */
export function supplierIdField(alias: string): FieldDef {
  return field(
    'supplier_id',
    'integer',
    "The data supplier's id of the record; null when the source has none.",
    `${alias}.supplier_id`,
  );
}
