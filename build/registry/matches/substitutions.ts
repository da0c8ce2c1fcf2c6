import { playerName } from '../../define/player-name.ts';
import { field, type CollectionDef, type FieldDef, type NestedDef } from '../../define/resource.ts';
import { idField, linkNames, type Scope } from '../../define/scope.ts';
import {
  BY_TIME,
  EVENT_INDEXES,
  indexOnly,
  matchContextFields,
  matchKey,
  matchParts,
  perMatch,
  teamFields,
  timeFields,
} from './parts.ts';
import { phaseFields, phaseJoins, phaseRule } from './phase.ts';

/**
 * Substitutions: a player going off and the one coming on, each from a lineup row; the player
 * coming on may be missing (no substitute could come on).
 */

/** The fields of a substitution: the team making it and the two players. */
function substitutionFields(scope: Scope): FieldDef[] {
  return [
    matchKey(scope),
    ...matchContextFields(scope),
    ...phaseFields(scope),
    ...teamFields(scope),
    idField(scope, 'team', 'Team making the substitution.', scope.team('su.team'), {
      nullable: false,
    }),
    field('team_name', 'string', 'Team name.', scope.teamName('su.team'), { nullable: false }),
    idField(
      scope,
      'in_player',
      'Player coming on; null when no one could.',
      scope.ref('player', 'li.player'),
    ),
    field('in_player_name', 'string', 'Name of the player coming on.', playerName('li')),
    idField(scope, 'out_player', 'Player going off.', scope.ref('player', 'lo.player'), {
      nullable: false,
    }),
    field('out_player_name', 'string', 'Name of the player going off.', playerName('lo'), {
      nullable: false,
    }),
    ...timeFields('su'),
  ];
}

/**
 * `/<base>/matches/substitutions` (v0: `/v0/events/substitutions`): the substitutions of each
 * match.
 */
export function substitutions(scope: Scope): NestedDef | CollectionDef {
  const m = matchParts(scope);
  return perMatch(m, 'substitutions', {
    title: `Substitutions (${m.scopeName})`,
    description:
      'Substitutions. in_player is null when a player left and no substitute could come on.',
    sql: {
      id: scope.own('su'),
      from: `FROM substitution su JOIN match m ON m.id = su.match ${phaseJoins(scope)}
      LEFT JOIN lineup li ON li.id = su.lineup_in JOIN lineup lo ON lo.id = su.lineup_out ${m.where}`,
    },
    fields: indexOnly(
      [...EVENT_INDEXES, 'team', 'in_player', 'out_player'],
      substitutionFields(scope),
    ),
    order: BY_TIME,
    // No filter of a team of the match, home or away: `team` is the field of the team making
    // the substitution, as the original service has it.
    composition: { implied: phaseRule(scope) },
    links: linkNames(scope.keyCase, {
      match: m.matchLink,
      ...m.teamLinks,
      inPlayer: `${m.playerLink}/{in_player}`,
      outPlayer: `${m.playerLink}/{out_player}`,
    }),
  });
}
