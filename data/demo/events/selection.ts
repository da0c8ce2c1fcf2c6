import { CARD, PENALTY_OUTCOME } from '../../../football/codes.ts';
import type { Db } from '../../db.ts';
import { KNOCKOUT, PHASE } from '../matches/fixtures.ts';
import type { DemoMatchHandle } from '../matches/match-handles.ts';

/**
 * Which demo matches carry micro-events. Real event data covers only some matches (a few top
 * leagues and tournaments), so the demo has them for six matches picked to show what a client
 * meets: an own goal, penalties scored, saved and missed, a second yellow, straight reds, extra
 * time before a shootout. The other matches have none, so statistics built on micro-events show
 * `null` there.
 */

/** What a rule looks at: the match and a few facts from its macro-events. */
export interface EventMatchCandidate {
  readonly match: DemoMatchHandle;
  readonly ownGoals: number;
  /** Penalty kicks by outcome (1 goal, 3 saved, anything else missed). */
  readonly penaltiesScored: number;
  readonly penaltiesSaved: number;
  readonly penaltiesMissed: number;
  readonly secondYellows: number;
  readonly straightReds: number;
}

/**
 * A rule: a role, what it asks for, and the kind of match it falls back on when no match has it.
 */
export interface EventMatchRule {
  readonly role: string;
  readonly description: string;
  readonly kind: 'league' | 'clubCup' | 'national';
  readonly wants: (candidate: EventMatchCandidate) => boolean;
}

/**
 * The matches with micro-events, by role. Each rule takes the first match in date order that it
 * wants and no earlier rule took; when none qualifies (another seed may not have one), the first
 * such match of its kind. The league rules find the matches that `league-matches.ts` scripts those
 * events into.
 */
export const DEMO_EVENT_MATCHES: readonly EventMatchRule[] = [
  {
    role: 'league-own-goal',
    kind: 'league',
    description: 'the first league match with an own goal and a saved penalty',
    wants: (c) => c.ownGoals > 0 && c.penaltiesSaved > 0,
  },
  {
    role: 'league-second-yellow',
    kind: 'league',
    description: 'the first league match with a penalty scored and a second yellow card',
    wants: (c) => c.penaltiesScored > 0 && c.secondYellows > 0,
  },
  {
    role: 'league-straight-red',
    kind: 'league',
    description: 'the first league match with a straight red card and a penalty missed',
    wants: (c) => c.straightReds > 0 && c.penaltiesMissed > 0,
  },
  {
    role: 'club-cup-final',
    kind: 'clubCup',
    description: 'the club cup final (extra time and a shootout with the default seed)',
    wants: (c) => c.match.knockoutRound === KNOCKOUT.final,
  },
  {
    role: 'national-red-card',
    kind: 'national',
    description: 'the first national tournament match with a player sent off',
    wants: (c) => c.straightReds + c.secondYellows > 0,
  },
  {
    role: 'national-final',
    kind: 'national',
    description: 'the national tournament final (extra time and a shootout with the default seed)',
    wants: (c) => c.match.knockoutRound === KNOCKOUT.final,
  },
];

/** A match picked for micro-events, and the role it plays. */
export interface EventMatch {
  readonly role: string;
  readonly match: DemoMatchHandle;
}

function kindOf(match: DemoMatchHandle): EventMatchRule['kind'] {
  if (match.type === 'national') return 'national';
  return match.phase === PHASE.league ? 'league' : 'clubCup';
}

/** Applies `DEMO_EVENT_MATCHES` to the written matches (in date order). */
export function pickEventMatches(db: Db, matches: readonly DemoMatchHandle[]): EventMatch[] {
  const count = (sql: string, match: string): number =>
    db.prepare<[string], { n: number }>(sql).get(match)!.n;
  const candidates = matches.map((match): EventMatchCandidate => ({
    match,
    ownGoals: count(
      'SELECT COUNT(*) AS n FROM goal WHERE match = ? AND team <> player_team',
      match.id,
    ),
    penaltiesScored: count(
      `SELECT COUNT(*) AS n FROM penalty WHERE match = ? AND outcome = ${PENALTY_OUTCOME.goal}`,
      match.id,
    ),
    penaltiesSaved: count(
      `SELECT COUNT(*) AS n FROM penalty WHERE match = ? AND outcome = ${PENALTY_OUTCOME.save}`,
      match.id,
    ),
    penaltiesMissed: count(
      `SELECT COUNT(*) AS n FROM penalty WHERE match = ?
        AND outcome NOT IN (${PENALTY_OUTCOME.goal}, ${PENALTY_OUTCOME.save})`,
      match.id,
    ),
    secondYellows: count(
      `SELECT COUNT(*) AS n FROM offense WHERE match = ? AND card = ${CARD.secondYellow}`,
      match.id,
    ),
    straightReds: count(
      `SELECT COUNT(*) AS n FROM offense WHERE match = ? AND card = ${CARD.red}`,
      match.id,
    ),
  }));
  const taken = new Set<string>();
  return DEMO_EVENT_MATCHES.map((rule) => {
    const free = candidates.filter((c) => !taken.has(c.match.id) && kindOf(c.match) === rule.kind);
    const chosen = free.find(rule.wants) ?? free[0];
    if (!chosen) throw new Error(`demo events: no ${rule.kind} match for ${rule.role}`);
    taken.add(chosen.match.id);
    return { role: rule.role, match: chosen.match };
  });
}
