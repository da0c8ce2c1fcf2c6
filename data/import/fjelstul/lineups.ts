import { join } from 'node:path';
import type { ImportContext } from '../context.ts';
import { flag, int, readCsv, recordError } from '../csv.ts';
import type { FjelstulCountries } from './countries.ts';
import type { MatchInfo } from './matches.ts';
import type { FjelstulPersons } from './persons.ts';
import { appearancePosition } from './positions.ts';
import { CAPTAIN_COLUMNS, CAPTAINS_FILE, readSource, type SourceRecord } from './source.ts';

/** A lineup row of a match, found by the source's match and player ids. */
export interface LineupRef {
  readonly id: string;
  /** The source's team id of the player in that match. */
  readonly team: string;
}

/** The lineups written, for the event steps. */
export interface FjelstulLineups {
  get(matchId: string, playerId: string): LineupRef | undefined;
  /** Source match ids that have player appearances. */
  readonly matches: ReadonlySet<string>;
}

/**
 * player_appearances.csv -> lineups. The source lists the players who played: the starters and the
 * substitutes who came on (no unused substitutes), from 1970 on.
 *
 * - team: the player's team (country); position: the appearance's position code (positions.ts);
 *   number: shirt_number (0 would mean unknown -> NULL); is_starting: starter.
 * - is_captain: from derived/captains_1970-2022_men.csv, joined on (match, team code, shirt
 *   number). Men's World Cups since 1970: 1 for the captain, 0 for the team-mates; where the file
 *   names no captain for a team in a match (9 team-matches), NULL for that team. Women's World
 *   Cups: NULL (the source does not say).
 */
export function importLineups(
  ctx: ImportContext,
  dir: string,
  matches: ReadonlyMap<string, MatchInfo>,
  countries: FjelstulCountries,
  persons: FjelstulPersons,
): FjelstulLineups {
  const captains = readCaptains(dir);
  const index = new Map<string, LineupRef>();
  const withLineups = new Set<string>();
  const rows = readSource(dir, 'player_appearances');
  const step = ctx.progress.step('lineups', rows.length);
  const noCaptainTeams = new Set<string>();
  for (const row of rows) {
    const match = matches.get(row.match_id);
    if (!match) throw recordError(row, `player_appearances: unknown match ${row.match_id}`);
    const starter = flag(row, 'starter');
    if (!starter && !flag(row, 'substitute')) {
      ctx.report.skip('lineup', 'appearances neither as starter nor as substitute');
      step.tick();
      continue;
    }
    const number = int(row, 'shirt_number');
    const captain = captainFlag(row, match, number, captains, noCaptainTeams);
    const id = ctx.id('lineup', `${row.match_id}|${row.player_id}`);
    ctx.save('lineup', {
      id,
      match: match.id,
      team: countries.team(row.team_id),
      player: persons.player(row.player_id),
      position: appearancePosition(row.position_code),
      number: number === 0 ? null : number,
      is_starting: starter ? 1 : 0,
      is_captain: captain,
    });
    index.set(`${row.match_id}|${row.player_id}`, { id, team: row.team_id });
    withLineups.add(row.match_id);
    step.tick();
  }
  step.done();
  reportLineups(ctx, matches, withLineups, noCaptainTeams);
  return { get: (matchId, playerId) => index.get(`${matchId}|${playerId}`), matches: withLineups };
}

/** The captains' shirt numbers of each team in each match, by `match_id|team_code`. */
function readCaptains(dir: string): ReadonlyMap<string, ReadonlySet<number>> {
  const captains = new Map<string, Set<number>>();
  for (const row of readCsv(join(dir, CAPTAINS_FILE), CAPTAIN_COLUMNS)) {
    const key = `${row.match_id}|${row.team_code}`;
    const shirt = int(row, 'shirt_number');
    if (shirt === null) continue;
    const set = captains.get(key);
    if (set) set.add(shirt);
    else captains.set(key, new Set([shirt]));
  }
  return captains;
}

/**
 * An appearance's `is_captain`: 1 or 0 where the captains file names the team's captain in the
 * match, else NULL (the team-match is added to `noCaptainTeams`); NULL for the women's World Cups.
 */
function captainFlag(
  row: SourceRecord<'player_appearances'>,
  match: MatchInfo,
  number: number | null,
  captains: ReadonlyMap<string, ReadonlySet<number>>,
  noCaptainTeams: Set<string>,
): number | null {
  if (match.tournament.women) return null;
  const shirts = captains.get(`${row.match_id}|${row.team_code}`);
  if (shirts) return number !== null && shirts.has(number) ? 1 : 0;
  noCaptainTeams.add(`${row.match_id}|${row.team_id}`);
  return null;
}

/**
 * The summary's notes on what the source does not have: the matches without lineups and the
 * captains it does not name.
 */
function reportLineups(
  ctx: ImportContext,
  matches: ReadonlyMap<string, MatchInfo>,
  withLineups: ReadonlySet<string>,
  noCaptainTeams: ReadonlySet<string>,
): void {
  const missing = [...matches.values()].filter((m) => !withLineups.has(m.sourceId));
  const before1970 = missing.filter((m) => m.tournament.season < 1970);
  const later = missing.filter((m) => m.tournament.season >= 1970);
  ctx.report.skip(
    'lineup',
    `matches before 1970 without lineups: the source has player appearances from 1970 on`,
    before1970.length,
  );
  if (later.length > 0) {
    const byTournament = new Map<string, number>();
    for (const m of later)
      byTournament.set(m.tournament.name, (byTournament.get(m.tournament.name) ?? 0) + 1);
    ctx.report.skip(
      'lineup',
      `later matches without lineups: the source has no player appearances for them (${[
        ...byTournament,
      ]
        .map(([name, n]) => `${name}: ${n}`)
        .join(', ')})`,
      later.length,
    );
  }
  if (noCaptainTeams.size > 0) {
    ctx.report.note(
      `lineup: ${noCaptainTeams.size} men's team-matches name no captain in the captains file: ` +
        'is_captain NULL for them',
    );
  }
  ctx.report.note(
    "lineup: is_captain is NULL for the Women's World Cups (the source has no captains for them)",
  );
}
