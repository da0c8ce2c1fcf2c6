import { describeRule, fieldType, STAT_FIELDS } from '../stats/fields.ts';
import { LINEUP_STATS } from '../stats/lineup-stat.ts';
import { MATCH_SOURCES, matchCredit } from '../match-sources.ts';
import { field, type FieldDef, type ResourceDef } from './define.ts';
import type { MatchType } from './matches.ts';
import { STATS_GROUPS } from './stats-groups.ts';

/**
 * Match statistics per lineup (DECISIONS, "Statistics"), once per match type and statistic:
 * `/v1/{match_type}/stats/<group>/<name>`, one record per lineup entry whose id is the lineup's, so a
 * lineup's `stats` links (`.../<group>/<name>/<lineup id>`) are its records. The fields after the
 * common ones, and how each is computed, come from the rule table `build/stats/fields.ts`; the build
 * computes them into `temp.lineup_stat` (`build/stats/lineup-stat.ts`) before the first of these
 * resources is written.
 *
 * Sized for ~60,000 lineups x 32 statistics (about 2 M records): records live in id-prefix bucket
 * files, not a file each; `match` (what the match records link to) is pre-rendered per value, `player`
 * is a bucket filter, and the other filters are composed within a match's or a player's records.
 */

/**
 * How `player` is filtered: a bucket filter, so a player's records across matches (a few dozen) come from
 * one file of ~64 players' groups rather than a folder per player in each of the 64 resources (~15,000
 * players at full scale); composed within the whole collection instead, `?player=` alone would pass the
 * scan limit there.
 */
const PLAYER_FILTER = 'bucket' as const;

/** Every statistics resource of one match type, in SPEC's order of groups and names. */
export function statsResources(matchType: MatchType): ResourceDef[] {
  const teams = matchType === 'clubs' ? 'team' : 'country';
  const teamPath = matchType === 'clubs' ? '/v1/teams' : '/v1/countries';
  const common: FieldDef[] = [
    field('lineup', 'uuid', 'Lineup id (the record id too).', 'l.id', { nullable: false, filter: 'none' }),
    field('match', 'uuid', 'Match id.', 'l.match', { nullable: false }),
    field('player', 'uuid', 'Player id (/v1/personnel/players).', 'l.player', { nullable: false, filter: PLAYER_FILTER }),
    field('player_name', 'string', 'Player name.',
      '(SELECT n.full_name FROM player pl JOIN person_name n ON n.id = pl.person WHERE pl.id = l.player)', { nullable: false, filter: 'scan' }),
    field('player_team', 'uuid', `Team of the player (${teamPath}).`, 'l.team', { nullable: false, filter: 'scan' }),
    field('player_team_name', 'string', 'Name of the player\'s team.', `(SELECT t.name FROM ${teams} t WHERE t.id = l.team)`,
      { nullable: false, filter: 'scan' }),
  ];
  return Object.entries(STATS_GROUPS).flatMap(([group, names]) => names.map((name): ResourceDef => {
    const rules = STAT_FIELDS[group]?.[name];
    if (!rules) throw new Error(`statistics: no rules for ${group}/${name} in build/stats/fields.ts`);
    return {
      path: `v1/${matchType}/stats/${group}/${name}`,
      version: 'v1',
      title: `Statistics ${group}/${name} (${matchType})`,
      description: `One record per lineup entry (a player in a match): the ${group}/${name} statistic. Counts come from ` +
        'the match\'s micro-events where it has them, from its goals, penalties and offenses where those can tell, and are ' +
        'null where the source cannot tell. ?match=<id> gives a match\'s players; each field documents its rule.',
      idType: 'uuid',
      idSql: 'l.id',
      from: `FROM temp.lineup_stat s JOIN lineup l ON l.id = s.lineup JOIN match m ON m.id = l.match
        WHERE s.grp = '${group}' AND s.name = '${name}' AND m.match_type = '${matchType}'`,
      fields: [
        ...common,
        ...Object.entries(rules).map(([f, rule]) =>
          field(f, fieldType(rule), describeRule(rule), `json_extract(s.counts, '$.${f}')`, { filter: 'none' })),
      ],
      hidden: { _date: 'm.match_date' },
      defaultSort: ['_date', 'match', 'player_team_name', 'player_name'],
      orderNote: 'by match date, then match, then team name and player name, then id',
      paginated: true,
      recordFiles: 'bucket',
      temp: [LINEUP_STATS, MATCH_SOURCES],
      links: {
        lineup: `/v1/${matchType}/matches/{match}/lineups/{id}`,
        match: `/v1/${matchType}/matches/{match}/info`,
        player: '/v1/personnel/players/{player}',
        playerTeam: `${teamPath}/{player_team}`,
      },
      credit: matchCredit(),
    };
  }));
}
