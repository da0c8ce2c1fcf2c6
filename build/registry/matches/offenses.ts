import { CARDS, FOULS } from '../../../football/lists.ts';
import {
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type FieldDef,
  type NestedDef,
} from '../../define/resource.ts';
import type { Scope } from '../../define/scope.ts';
import {
  BY_TIME,
  EVENT_INDEXES,
  eventFields,
  eventLinks,
  indexOnly,
  matchComposition,
  matchParts,
  perMatch,
  timeFields,
  type MatchParts,
} from './parts.ts';
import { phaseJoins } from './phase.ts';

/** Bookable offenses: the cautions and sendings-off of players on the pitch. */

/** The fields of an offense: the player booked, the foul, the card. */
function offenseFields(m: MatchParts): FieldDef[] {
  const { root } = m.scope;
  return [
    ...eventFields(m, 'l'),
    field('foul', 'integer', `Foul id (${root}/fouls).`, 'o.foul', idsOf(FOULS)),
    field('foul_type', 'string', 'Foul.', 'f.desc', labelsOf(FOULS)),
    field('card', 'integer', `Card id (${root}/cards): 1 Yellow, 2 Yellow/Red, 3 Red.`, 'o.card', {
      nullable: false,
      ...idsOf(CARDS),
    }),
    field('card_type', 'string', 'Card.', 'cd.desc', { nullable: false, ...labelsOf(CARDS) }),
    ...timeFields('o'),
  ];
}

/** `/<base>/matches/offenses` (v0: `/v0/events/offenses`): the bookings of each match. */
export function offenses(scope: Scope): NestedDef | CollectionDef {
  const m = matchParts(scope);
  return perMatch(m, 'offenses', {
    title: `Bookable offenses (${m.scopeName})`,
    description: 'Cautions and sendings-off of players on the pitch.',
    sql: {
      id: scope.own('o'),
      from: `FROM offense o JOIN match m ON m.id = o.match ${phaseJoins(scope)} JOIN lineup l ON l.id = o.lineup
      LEFT JOIN foul f ON f.id = o.foul JOIN card cd ON cd.id = o.card ${m.where}`,
    },
    fields: indexOnly([...EVENT_INDEXES, 'card'], offenseFields(m)),
    order: BY_TIME,
    composition: matchComposition(scope),
    links: eventLinks(m),
  });
}
