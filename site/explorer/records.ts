/** The v1 records the explorer reads, with the keys it uses (v1 answers in camelCase). */

/** Links of a record: paths, or objects of paths. */
export interface Links {
  [name: string]: string | Links;
}

interface Base {
  id: string;
  uri: string;
  link: Links;
}

/**
 * A record's minute as v1 writes it: normal time and stoppage time, in camelCase. The build and
 * the router hold the same moment as `MatchTime` (contract/match-time.ts).
 */
export interface RecordMinute {
  timeMins: number;
  stoppageMins: number | null;
}

export interface MatchInfo extends Base {
  competition: string;
  competitionName: string;
  season: number;
  seasonName: string;
  phaseName: string;
  matchday?: number | null;
  roundName?: string | null;
  group?: string | null;
  homeTeam: string;
  homeTeamName: string;
  awayTeam: string;
  awayTeamName: string;
  homeManager: string | null;
  homeManagerName: string | null;
  awayManager: string | null;
  awayManagerName: string | null;
  referee: string | null;
  refereeName: string | null;
  venue: string | null;
  venueName: string | null;
  matchDate: string;
  kickoffTime: string | null;
  attendance: number | null;
  homeScore: number | null;
  awayScore: number | null;
  homeShootoutScore: number | null;
  awayShootoutScore: number | null;
  shootoutWinnerName: string | null;
}

/** The match of a lineup or a macro-event: its competition, season and date (v1). */
interface OfMatch {
  match: string;
  competition: string;
  competitionName: string;
  season: number;
  seasonName: string;
  matchDate: string;
}

export interface Lineup extends Base, OfMatch {
  homeTeamName: string;
  awayTeamName: string;
  player: string;
  playerName: string;
  playerTeam: string;
  playerTeamName: string;
  positionName: string | null;
  isStarting: boolean;
  isCaptain: boolean | null;
  number: number | null;
}

interface PlayerEvent extends Base, RecordMinute, OfMatch {
  homeTeamName: string;
  awayTeamName: string;
  /** Null where the source does not say who. */
  player: string | null;
  playerName: string | null;
  playerTeam: string | null;
  playerTeamName: string | null;
}

export interface Goal extends PlayerEvent {
  scoringTeam: string;
  shotEventType: string | null;
  bodypartName: string | null;
}

export interface Offense extends PlayerEvent {
  foulType: string | null;
  cardType: string;
}

export interface Penalty extends PlayerEvent {
  foulType: string | null;
  outcome: number;
  outcomeType: string;
}

export interface Substitution extends Base, RecordMinute {
  team: string;
  teamName: string;
  inPlayer: string | null;
  inPlayerName: string | null;
  outPlayer: string | null;
  outPlayerName: string | null;
}

export interface ShootoutKick extends Base {
  player: string | null;
  playerName: string | null;
  playerTeam: string;
  shootoutRound: number;
  outcome: number;
  outcomeType: string;
}

export interface Segment {
  id: number;
  startTimeMins: number;
  startStoppageMins: number;
  duration: number;
  /** Null where the match's goals do not add up to its score. */
  homeGoals: number | null;
  awayGoals: number | null;
  /** Null where a side has no lineup. */
  homePlayersOn: string[] | null;
  awayPlayersOn: string[] | null;
}

export interface Touch extends Base {
  action: string;
  actionType: number;
  actionDesc: string;
  period: number;
  matchSeconds: number;
  x: number | null;
  y: number | null;
  xEnd: number | null;
  yEnd: number | null;
  team: string | null;
  player: string | null;
  playerName: string | null;
  outcome: number | null;
}

export interface ActionModifier extends Base {
  action: string;
  modifierDesc: string;
}

/** A manager or a referee (`/v1/personnel/managers`, `/v1/personnel/referees`). */
export interface Person extends Base {
  fullName: string;
  birthDate: string | null;
  countryName: string | null;
}

export interface Player extends Person {
  positionName: string | null;
}

/** One statistics record of a lineup: ids and names, then counts (null where not recorded). */
export type StatRecord = Base & Record<string, string | number | boolean | null | Links>;

/** The penalty outcome id of a scored kick (`/v1/penalty_outcomes`). */
export const SCORED = 1;

/** A team's line of a league's or a group's table. */
/** The results a team's line sums: a table's, or a record against an opponent. */
interface Results {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
}

export interface Standing extends Base, Results {
  competition: string;
  competitionName: string;
  season: number;
  seasonName: string;
  phaseName: string;
  roundName?: string | null;
  group?: string | null;
  team: string;
  teamName: string;
  position: number;
  goalDifference: number;
  points: number;
  form: string;
  decidedBy: string | null;
}

/** A player of a team in a competition season (`/v1/<type>/squads`). */
export interface SquadLine extends Base {
  competition: string;
  competitionName: string;
  season: number;
  seasonName: string;
  player: string;
  playerName: string;
  appearances: number | null;
  starts: number | null;
  minutes: number | null;
  goals: number;
  yellows: number | null;
  reds: number | null;
}

/** A team's scorer across all its matches (`/v1/<type>/scorers`). */
export interface Scorer extends Base {
  player: string;
  playerName: string;
  goals: number;
  matches: number;
  firstGoal: string;
  lastGoal: string;
}

/** A team's record against one opponent (`/v1/<type>/head_to_head`). */
export interface HeadToHead extends Base, Results {
  gender: 'men' | 'women';
  opponent: string;
  opponentName: string;
  firstMatch: string;
  lastMatch: string;
}
