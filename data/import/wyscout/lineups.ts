import type { RowOf } from '../../tables.ts';
import type { ImportContext } from '../context.ts';
import type { MatchTarget } from './matches.ts';
import { nameParts, type WyscoutPlayers } from './persons.ts';
import { substitutionsOf, type WyTeamData } from './source.ts';

/** Another source's lineup row, with what identifies its player. */
interface Lineup {
  readonly id: string;
  readonly team: string;
  readonly player: string;
  readonly birth_date: string | null;
  readonly full_name: string;
}

/** The lineup whose player shares the most name parts with `names`, when exactly one does. */
function bestByName(lineups: readonly Lineup[], names: ReadonlySet<string>): Lineup | undefined {
  const scored = lineups.map((l) => ({
    l,
    n: [...nameParts(l.full_name)].filter((t) => names.has(t)).length,
  }));
  const top = Math.max(0, ...scored.map((s) => s.n));
  const best = scored.filter((s) => s.n === top);
  return top > 0 && best.length === 1 ? best[0]!.l : undefined;
}

/** The lineup row of each Wyscout player in one match (players without one are absent). */
export type MatchLineups = ReadonlyMap<number, string>;

/**
 * Lineups and substitutions of one match. A lineup is a starter (`formation.lineup`) or a bench
 * player who came on; bench players who did not play are left out, as the model keeps them.
 * Position: the player's generic position; shirt numbers and captains are not in the files (NULL).
 * Substitutions have the minute the file gives: past the last minute of play (91 in a match without
 * extra time) it is stoppage time (90+1); a first-half stoppage minute cannot be told from the
 * second half's first ones.
 *
 * A merged match (another source's row) keeps that source's lineups when it has any: Wyscout
 * players are then mapped onto them, by player or, when the two sources' persons were not merged,
 * within the team by birth date, then by the most name parts shared (one player only). Only a match
 * without lineups gets Wyscout's (Euro 2016 results have none).
 */
export function importLineups(
  ctx: ImportContext,
  match: MatchTarget,
  players: WyscoutPlayers,
  report: (what: string) => void,
): MatchLineups {
  const foreign = foreignLineups(ctx, match);
  if (foreign.length > 0) {
    const lineups = lineupsInForeign(match, foreign, players);
    // The Wyscout lineups found in the other source's, counted as merged.
    ctx.report.count('lineup', 'present', lineups.size);
    return lineups;
  }

  const lineups = new Map<number, string>();
  const statement = ctx.db.prepare<[string], { position: number | null }>(
    'SELECT position FROM player WHERE id = ?',
  );
  const positionOf = (player: string) => statement.get(player)?.position ?? null;
  for (const team of match.teams) {
    saveTeamLineups(ctx, match, team, players, positionOf, lineups, report);
    saveSubstitutions(ctx, match, team, lineups, report);
  }
  return lineups;
}

/** A team of a match. */
type MatchTeam = MatchTarget['teams'][number];

/** This source's lineup id of a Wyscout player in a match. */
function ownLineupId(ctx: ImportContext, match: MatchTarget, wyPlayer: number): string {
  return ctx.id('lineup', `${match.wyId}:${wyPlayer}`);
}

/** The lineup rows of a match that another source wrote. */
function foreignLineups(ctx: ImportContext, match: MatchTarget): Lineup[] {
  const existing = ctx.db
    .prepare<[string], Lineup>(
      `SELECT l.id, l.team, l.player, p.birth_date, n.full_name
      FROM lineup l JOIN player pl ON pl.id = l.player
      JOIN person p ON p.id = pl.person JOIN person_name n ON n.id = p.id WHERE l.match = ?`,
    )
    .all(match.id);
  const ownIds = new Set(
    match.teams.flatMap((t) =>
      [...t.data.formation.lineup, ...t.data.formation.bench].map((p) =>
        ownLineupId(ctx, match, p.playerId),
      ),
    ),
  );
  return existing.filter((l) => !ownIds.has(l.id));
}

/**
 * The other source's lineup row of each Wyscout player who played: by player, else within the
 * team by birth date, else by the most name parts shared.
 */
function lineupsInForeign(
  match: MatchTarget,
  foreign: readonly Lineup[],
  players: WyscoutPlayers,
): Map<number, string> {
  const lineups = new Map<number, string>();
  for (const team of match.teams) {
    // Only players who played have a lineup row; each row takes one Wyscout player.
    const theirs = foreign.filter((l) => l.team === team.id);
    const taken = new Set<string>();
    for (const wyId of playedBy(team.data)) {
      const free = theirs.filter((l) => !taken.has(l.id));
      const player = players.player(wyId);
      const birth = players.birthDate(wyId);
      const byPlayer = free.find((l) => l.player === player);
      const byBirth = birth === null ? [] : free.filter((l) => l.birth_date === birth);
      const found =
        byPlayer ?? (byBirth.length === 1 ? byBirth[0] : bestByName(free, players.names(wyId)));
      if (found) {
        lineups.set(wyId, found.id);
        taken.add(found.id);
      }
    }
  }
  return lineups;
}

/** Writes the lineups of a team's players who played, adding them to `lineups`. */
function saveTeamLineups(
  ctx: ImportContext,
  match: MatchTarget,
  team: MatchTeam,
  players: WyscoutPlayers,
  positionOf: (player: string) => number | null,
  lineups: Map<number, string>,
  report: (what: string) => void,
): void {
  const starters = new Set(team.data.formation.lineup.map((p) => p.playerId));
  for (const wyId of playedBy(team.data)) {
    const player = players.player(wyId);
    if (player === null) {
      report('lineup: a player players.json does not list');
      continue;
    }
    const id = ownLineupId(ctx, match, wyId);
    ctx.save('lineup', {
      id,
      match: match.id,
      team: team.id,
      player,
      position: positionOf(player),
      number: null,
      is_starting: starters.has(wyId) ? 1 : 0,
      is_captain: null,
    });
    lineups.set(wyId, id);
  }
}

/** Writes the substitutions of a team whose two players have a lineup. */
function saveSubstitutions(
  ctx: ImportContext,
  match: MatchTarget,
  team: MatchTeam,
  lineups: ReadonlyMap<number, string>,
  report: (what: string) => void,
): void {
  for (const sub of substitutionsOf(team.data)) {
    const [lineupIn, lineupOut] = [lineups.get(sub.playerIn), lineups.get(sub.playerOut)];
    if (lineupOut === undefined || lineupIn === undefined) {
      report('substitution: a player without a lineup');
      continue;
    }
    ctx.save('substitution', {
      id: ctx.id('substitution', `${match.wyId}:${sub.playerOut}`),
      match: match.id,
      team: team.id,
      lineup_in: lineupIn,
      lineup_out: lineupOut,
      ...substitutionTime(sub.minute, match.extraTime),
    });
  }
}

/**
 * The scoreboard minute of a substitution minute as the files write it (93 is 90+3 without extra
 * time).
 */
export function substitutionTime(
  minute: number,
  extraTime: boolean,
): Pick<RowOf<'substitution'>, 'time_mins' | 'stoppage_mins'> {
  const last = extraTime ? 120 : 90;
  return minute > last
    ? { time_mins: last, stoppage_mins: minute - last }
    : { time_mins: Math.max(minute, 1), stoppage_mins: 0 };
}

/** The players of a team who played: the starters, then the bench players who came on. */
function playedBy(team: WyTeamData): number[] {
  const cameOn = new Set(substitutionsOf(team).map((s) => s.playerIn));
  return [
    ...team.formation.lineup.map((p) => p.playerId),
    ...team.formation.bench.filter((p) => cameOn.has(p.playerId)).map((p) => p.playerId),
  ];
}
