import { recordError } from '../csv.ts';
import { readSource, type SourceRecord } from './source.ts';

/**
 * Where a group match's group name comes from. `standings`: group_standings.csv lists both teams
 * in that group of the match's tournament and stage. `matches`: the standings do not place the
 * two teams in one group, so matches.csv's own name stands.
 */
export type MatchGroup =
  | { readonly from: 'standings'; readonly name: string }
  | { readonly from: 'matches'; readonly name: string | null };

/** The group of each group match, as the source's group tables name it. */
export interface StandingGroups {
  /** The group of a group-phase match of matches.csv. */
  of(match: SourceRecord<'matches'>): MatchGroup;
}

/**
 * The group names of group_standings.csv, which agree with groups.csv and with the record where
 * matches.csv does not: matches.csv reuses "Group 1" to "Group 4" for the 1982 second group stage
 * (groups A to D in the other files) and says "not applicable" for the one group of the 1950
 * final round ("Group 1" there). So a group match takes the name under which the standings list
 * both of its teams in the same tournament and stage; the name is the same as matches.csv's for
 * every other group match.
 *
 * The standings name their stages differently from matches.csv ("first group stage" for its
 * "group stage"), so stages are matched by number: tournament_stages.csv numbers the stages of
 * each tournament under matches.csv's names, group_standings.csv carries the number.
 */
export function readStandingGroups(dir: string): StandingGroups {
  const stageNumbers = new Map<string, string>();
  for (const row of readSource(dir, 'tournament_stages'))
    stageNumbers.set(`${row.tournament_id}|${row.stage_name}`, row.stage_number);

  const groups = new Map<string, string>();
  for (const row of readSource(dir, 'group_standings')) {
    const key = `${row.tournament_id}|${row.stage_number}|${row.team_id}`;
    const known = groups.get(key);
    if (known !== undefined && known !== row.group_name)
      throw recordError(
        row,
        `${row.team_id} is in two groups (${known}, ${row.group_name}) ` +
          `of stage ${row.stage_number} of ${row.tournament_id}`,
      );
    groups.set(key, row.group_name);
  }

  return {
    of(match) {
      const stage = stageNumbers.get(`${match.tournament_id}|${match.stage_name}`);
      const group = (team: string) => groups.get(`${match.tournament_id}|${stage}|${team}`);
      const home = stage === undefined ? undefined : group(match.home_team_id);
      const name = home === undefined ? null : groupLabel(home);
      if (name !== null && home === group(match.away_team_id)) return { from: 'standings', name };
      return { from: 'matches', name: groupLabel(match.group_name) };
    },
  };
}

/**
 * A group as a fan names it: the source's letter or number without the "Group " prefix
 * ("Group A" -> "A", "Group 1" -> "1"), as the demo data stores it too; one lower-case letter in
 * matches.csv ("Group c", 2015) is upper-cased. No group ("not applicable") -> null.
 */
export function groupLabel(value: string): string | null {
  const match = /^Group\s+(\S+)$/i.exec(value.trim());
  return match ? match[1]!.toUpperCase() : null;
}
