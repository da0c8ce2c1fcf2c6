import { matchSegments } from '../analytics/segments.ts';
import { sideOf, type MatchFacts } from '../match-model/facts.ts';

/**
 * Minutes each lineup of a match was on the pitch: the durations of the match's segments
 * (`build/derived/analytics/segments.ts`) in which the player is on, so stoppage time counts as far as the
 * events show it and the minutes agree with the segments the API serves. A player who came on in
 * the last recorded minute has 0 minutes and still an appearance.
 */

/** Minutes on the pitch by lineup id; null for a side whose starters the source does not list. */
export function minutesOf(facts: MatchFacts): Map<string, number | null> {
  const segments = matchSegments(facts);
  const minutes = new Map<string, number | null>();
  for (const lineup of facts.lineups.values()) {
    const side = sideOf(facts, lineup.team);
    let total: number | null = 0;
    for (const segment of segments) {
      const on = side === 1 ? segment.away_players_on : segment.home_players_on;
      if (side === null || on === null) {
        total = null;
        break;
      }
      if (on.includes(lineup.player)) total += segment.duration;
    }
    minutes.set(lineup.id, total);
  }
  return minutes;
}
