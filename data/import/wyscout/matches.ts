import { GROUP_ROUND, KNOCKOUT_ROUND as ROUND, PHASE } from '../../../football/codes.ts';
import type { NewRowOf } from '../../tables.ts';
import type { ImportContext } from '../context.ts';
import { reconcileMatch } from '../national-matches.ts';
import type { WyscoutCompetition } from './competitions.ts';
import {
  COMPETITIONS,
  localKickoff,
  unescape,
  type WyArea,
  type WyMatch,
  type WyTeamData,
} from './source.ts';
import type { WyscoutTeams } from './teams.ts';

/**
 * Knockout rounds by Wyscout round id (the files name group stages only): 2018 World Cup and Euro
 * 2016, ids as in `matches_World_Cup.json` and `matches_European_Championship.json`.
 */
const KNOCKOUT_ROUND: Readonly<Record<number, number>> = {
  // World Cup
  4165364: ROUND.roundOf16,
  4165365: ROUND.quarterfinal,
  4165366: ROUND.semifinal,
  4165367: ROUND.thirdPlace,
  4165368: ROUND.final,
  // Euro
  4165471: ROUND.roundOf16,
  4165472: ROUND.quarterfinal,
  4165473: ROUND.semifinal,
  4165474: ROUND.final,
};
/** Group-stage round ids. */
const GROUP_STAGE = new Set([4165363, 4165470]);

/** A match of the source as the rest of the import sees it. */
export interface MatchTarget {
  /** The match row the data goes to: this source's own, or another source's for a merged match. */
  readonly id: string;
  readonly wyId: number;
  /** Another source's row (a national match several sources have): only what it lacks is added. */
  readonly merged: boolean;
  /** The match went to extra time. */
  readonly extraTime: boolean;
  readonly teams: readonly {
    readonly wyId: number;
    readonly id: string;
    readonly data: WyTeamData;
  }[];
}

/**
 * Writes one match, or merges it into the row another source has for the same real match (national
 * matches, by date and teams: `reconcileMatch`). Managers and referees are NULL (the public files
 * give their ids without names), as are attendance and the time zone of World Cup venues.
 */
export function matchImporter(
  ctx: ImportContext,
  teams: WyscoutTeams,
): (competition: WyscoutCompetition, match: WyMatch) => MatchTarget {
  const venues = new Map<string, string | null>();
  const venueOf = (name: string, where: string | WyArea): string | null => {
    let id = venues.get(name);
    if (id === undefined) venues.set(name, (id = venue(ctx, name, where, teams)));
    return id;
  };
  return (competition, match) => importMatch(ctx, competition, match, teams, venueOf);
}

/** Writes one match, or finds the row another source has for it; see `matchImporter`. */
function importMatch(
  ctx: ImportContext,
  competition: WyscoutCompetition,
  match: WyMatch,
  teams: WyscoutTeams,
  venueOf: (name: string, where: string | WyArea) => string | null,
): MatchTarget {
  const { home, away } = homeAndAway(match);
  const id = ctx.id('match', match.wyId);
  const sides: MatchSides = {
    home,
    away,
    homeId: teams.team(home.teamId),
    awayId: teams.team(away.teamId),
  };
  const kickoff = localKickoff(match.dateutc, COMPETITIONS[competition.file].zone);
  if (competition.national) {
    const found = reconcileMatch(ctx, id, kickoff.date, sides.homeId, sides.awayId);
    if (found.kind === 'merged') {
      ctx.report.count('match', 'present');
      return matchTarget(found.match.id, true, match, sides);
    }
  }
  const stage = stageOf(match, competition.national);
  const venue = venueOf(
    match.venue,
    competition.national ? competition.country : teams.source(home.teamId).area,
  );
  ctx.save('match', matchRow(ctx, competition, match, { id, sides, kickoff, stage, venue }, teams));
  return matchTarget(id, false, match, sides);
}

/** The home and the away team of a match, each with its team id. */
interface MatchSides {
  readonly home: WyTeamData;
  readonly away: WyTeamData;
  readonly homeId: string;
  readonly awayId: string;
}

/** What a match row is made of besides the match's record. */
interface MatchParts {
  readonly id: string;
  readonly sides: MatchSides;
  readonly kickoff: { readonly date: string; readonly time: string | null };
  readonly stage: MatchStage;
  readonly venue: string | null;
}

/** The columns of a match row that place it in its competition (`stageOf`). */
type MatchStage = Pick<
  NewRowOf<'match'>,
  'phase' | 'matchday' | 'group_round' | 'group_name' | 'knockout_round'
>;

/** The home and the away team data of a match; a match without both is an error of the source. */
function homeAndAway(match: WyMatch): { home: WyTeamData; away: WyTeamData } {
  const sides = Object.values(match.teamsData);
  const home = sides.find((t) => t.side === 'home');
  const away = sides.find((t) => t.side === 'away');
  if (!home || !away) throw new Error(`match ${match.wyId}: no home and away team`);
  return { home, away };
}

/** The match as the rest of the import sees it, its data going to the row `id`. */
function matchTarget(id: string, merged: boolean, match: WyMatch, sides: MatchSides): MatchTarget {
  return {
    id,
    wyId: match.wyId,
    merged,
    extraTime: match.duration !== 'Regular',
    teams: [
      { wyId: sides.home.teamId, id: sides.homeId, data: sides.home },
      { wyId: sides.away.teamId, id: sides.awayId, data: sides.away },
    ],
  };
}

/** This source's match row of a match. */
function matchRow(
  ctx: ImportContext,
  competition: WyscoutCompetition,
  match: WyMatch,
  { id, sides: { home, away, homeId, awayId }, kickoff, stage, venue }: MatchParts,
  teams: WyscoutTeams,
): NewRowOf<'match'> {
  const extra = match.duration !== 'Regular';
  const shootout = match.duration === 'Penalties';
  return {
    id,
    match_type: competition.national ? 'national' : 'clubs',
    competition: competition.id,
    season: competition.season,
    ...stage,
    home_team: homeId,
    away_team: awayId,
    home_manager: null,
    away_manager: null,
    referee: null,
    venue,
    match_date: kickoff.date,
    kickoff_time: kickoff.time,
    firsthalf_length: 45,
    secondhalf_length: 45,
    firstextra_length: extra ? 15 : null,
    secondextra_length: extra ? 15 : null,
    attendance: null,
    // `score` is the score after 90 minutes; `scoreET` the final one when there was extra time.
    home_score: extra ? home.scoreET : home.score,
    away_score: extra ? away.scoreET : away.score,
    home_shootout_score: shootout ? home.scoreP : null,
    away_shootout_score: shootout ? away.scoreP : null,
    shootout_winner: shootout ? teams.team(match.winner) : null,
    supplier_id: match.wyId,
    source: ctx.source,
  };
}

/**
 * Phase, matchday and rounds: leagues by gameweek, tournaments by round id (groups "Group A" ->
 * "A").
 */
function stageOf(match: WyMatch, tournament: boolean): MatchStage {
  if (!tournament)
    return {
      phase: PHASE.league,
      matchday: match.gameweek,
      group_round: null,
      group_name: null,
      knockout_round: null,
    };
  if (GROUP_STAGE.has(match.roundId)) {
    const group = /^Group (\w+)$/.exec(match.groupName ?? '');
    if (!group) throw new Error(`match ${match.wyId}: group stage without a group name`);
    return {
      phase: PHASE.group,
      matchday: match.gameweek || null,
      group_round: GROUP_ROUND.groupStage,
      group_name: group[1]!,
      knockout_round: null,
    };
  }
  const round = KNOCKOUT_ROUND[match.roundId];
  if (round === undefined) throw new Error(`match ${match.wyId}: unknown round ${match.roundId}`);
  return {
    phase: PHASE.knockout,
    matchday: null,
    group_round: null,
    group_name: null,
    knockout_round: round,
  };
}

/**
 * A venue by its name as the file writes it (one row per name, written once per import): the
 * country is the host of a tournament, or the home club's country; city, coordinates and capacity
 * are not in the files.
 */
function venue(
  ctx: ImportContext,
  name: string,
  where: string | WyArea,
  teams: WyscoutTeams,
): string | null {
  const written = unescape(name).trim();
  if (written === '') return null;
  const id = ctx.id('venue', written);
  ctx.save('venue', {
    id,
    name: written,
    team: null,
    city: null,
    country: typeof where === 'string' ? where : teams.country(where),
    timezone: null,
    latitude: null,
    longitude: null,
    altitude: null,
    length: null,
    width: null,
    capacity: null,
    seated: null,
    surface: null,
    source: ctx.source,
  });
  return id;
}
