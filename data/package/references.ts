import type Database from 'better-sqlite3';
import type { Db } from '../db.ts';
import { a } from './fields/types.ts';
import { people, type People, type PersonTarget } from './people.ts';
import type { Target } from './resources.ts';
import type { Cell } from '../tables.ts';

/** What a reference came to: the id it names, or what was expected instead. */
export type Resolved =
  | { readonly ok: true; readonly id: string | number }
  | { readonly ok: false; readonly expected: string };

/** Where a row's references are read: its match (and event), or its match's kind. */
export interface RowScope {
  /** The row's match, once its match reference is read. */
  match: string | null;
  /** In a match's own row: `clubs` or `national`, which says what its teams are. */
  matchType: string | null;
  /** The row's event, once read (an event's modifiers name their action within it). */
  event: string | null;
}

/** The ids of the clubs and countries a name names (a country also by another name). */
const SIDE_NAMED = `(SELECT id FROM team WHERE name = :name
  UNION SELECT id FROM country WHERE name = :name
  UNION SELECT country FROM country_alias WHERE alias = :name)`;
/** The query of the rows a reference's names name, with the named parameters it binds. */
const BY_NAME: Readonly<Record<Exclude<Target, PersonTarget>, string>> = {
  season: 'SELECT id FROM season WHERE name = :name',
  country: `SELECT id FROM country WHERE name = :name
    UNION SELECT country FROM country_alias WHERE alias = :name`,
  competition: 'SELECT id FROM competition WHERE name = :name',
  team: 'SELECT id FROM team WHERE name = :name',
  venue: 'SELECT id FROM venue WHERE name = :name',
  side: `SELECT id FROM (SELECT home_team AS id FROM match WHERE id = :match
    UNION SELECT away_team FROM match WHERE id = :match) WHERE id IN ${SIDE_NAMED}`,
  match: `SELECT m.id FROM match m WHERE m.match_date = :date
    AND m.home_team IN ${SIDE_NAMED.replaceAll(':name', ':home')}
    AND m.away_team IN ${SIDE_NAMED.replaceAll(':name', ':away')}`,
  event: 'SELECT id FROM event WHERE match = :match AND seq = :name',
  action: `SELECT ea.id FROM event_action ea JOIN action a ON a.id = ea.action
    WHERE ea.event = :event AND (lower(a.desc) = lower(:name) OR a.id = :name)`,
};

/** A side of a match's own row: a club or a country, as the match's kind says. */
const SIDE_OF_KIND: Readonly<Record<string, string>> = {
  clubs: BY_NAME.team,
  national: BY_NAME.country,
};

/** The query of the row of `table` with an id. */
const idIn = (table: string) => `SELECT id FROM ${table} WHERE id = :id`;

/** The query that an id names a row the reference may name. */
const BY_ID: Readonly<Record<Target, string>> = {
  season: idIn('season'),
  country: idIn('country'),
  competition: idIn('competition'),
  team: idIn('team'),
  venue: idIn('venue'),
  person: idIn('person'),
  player: idIn('player'),
  manager: idIn('manager'),
  referee: idIn('referee'),
  side: `SELECT :id FROM match WHERE id = :match AND :id IN (home_team, away_team)`,
  match: idIn('match'),
  lineup: `${idIn('lineup')} AND (:match IS NULL OR match = :match)`,
  event: `${idIn('event')} AND (:match IS NULL OR match = :match)`,
  action: `${idIn('event_action')} AND (:event IS NULL OR event = :event)`,
};

/** The targets of which a package names most rows once or twice: not worth remembering. */
const MANY: ReadonlySet<Target> = new Set(['lineup', 'event', 'action', 'person', 'player']);
/** How many checked ids an import remembers: memory stays bounded. */
const CHECKED_LIMIT = 200_000;

/** Reads references against the database, as the rows before them in the package left it. */
export interface References {
  /** The row `names` name (the cells of the reference's naming columns, in their order). */
  byName(target: Target, names: readonly Cell[], scope: RowScope): Resolved;
  /** Checks that `id` names a row the reference may name. */
  byId(target: Target, id: string | number, scope: RowScope): Resolved;
  /** The people of the database by name (`people.ts`). */
  readonly people: People;
}

/** The references of one import, on its connection. */
export function references(db: Db): References {
  const statements = new Map<string, { statement: Database.Statement; names: string[] }>();
  const all = (sql: string, params: Record<string, Cell>): Cell[] => {
    let prepared = statements.get(sql);
    if (!prepared) {
      const names = [...new Set(sql.match(/:[a-z]+/g) ?? [])].map((name) => name.slice(1));
      statements.set(sql, (prepared = { statement: db.prepare(sql).pluck(), names }));
    }
    const used: Record<string, Cell> = {};
    for (const name of prepared.names) used[name] = params[name] ?? null;
    return prepared.statement.all(used) as Cell[];
  };
  // The rows many references name (a match, its teams, a competition) are checked once each.
  const checked = new Map<string, Resolved>();
  const named = people(db);
  const one = (found: Cell[], what: string): Resolved =>
    found.length === 1
      ? { ok: true, id: found[0]! }
      : found.length === 0
        ? { ok: false, expected: `${what}: none in the package or the database` }
        : { ok: false, expected: `${what}: ${found.length} rows have it; give the id column` };
  return {
    people: named,
    byName(target, names, scope) {
      const [first, second = null, third = null] = names;
      const what = `${a(target === 'side' ? 'team' : target)} so named`;
      if (isPersonTarget(target))
        return one(named.named(target, String(first), second as string | null, scope.match), what);
      const sql =
        target === 'side' && scope.match === null
          ? SIDE_OF_KIND[scope.matchType ?? 'clubs']!
          : BY_NAME[target];
      const params: Record<string, Cell> =
        target === 'match'
          ? { date: first!, home: second, away: third }
          : { name: first!, birth: second, match: scope.match, event: scope.event };
      return one(all(sql, params), what);
    },
    byId(target, id, scope) {
      const sql =
        target === 'side' && scope.match === null
          ? BY_ID[scope.matchType === 'national' ? 'country' : 'team']
          : BY_ID[target];
      const cached = !MANY.has(target);
      const key = cached ? `${sql}\0${id}\0${scope.match}` : '';
      let resolved = cached ? checked.get(key) : undefined;
      if (resolved === undefined) {
        const params = { id, match: scope.match, event: scope.event };
        resolved = one(all(sql, params), `${a(target === 'side' ? 'team' : target)} of that id`);
        if (cached && checked.size < CHECKED_LIMIT) checked.set(key, resolved);
      }
      return resolved;
    },
  };
}

/** Whether a reference names a person's row (by full name and birth date). */
function isPersonTarget(target: Target): target is PersonTarget {
  return PERSON_TARGETS.has(target);
}
const PERSON_TARGETS: ReadonlySet<Target> = new Set([
  'person',
  'player',
  'manager',
  'referee',
  'lineup',
]);
