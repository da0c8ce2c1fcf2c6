import type { ImpliedFilter } from '../../../contract/manifest.ts';
import { PHASE as PHASE_ID } from '../../../football/codes.ts';
import { PHASES } from '../../../football/lists.ts';
import { field, idsOf, labelsOf, type FieldDef } from '../../define/resource.ts';
import type { Scope } from '../../define/scope.ts';

/**
 * The competition phase of a match: its fields, the joins of their names and the rule of which
 * phase a phase detail implies. v1 only: v0 has no phases and rounds, only the matchday.
 */

/** The parameters that name a phase detail (refused where phase details cannot filter). */
export const PHASE_PARAMS = ['phase', 'phase_name', 'matchday', 'round', 'round_name', 'group'];

/**
 * The phase rule (docs/api.md#phases): `group` (with or without `round_name`) selects group
 * matches, `round_name` alone knockout matches, `matchday` alone league matches. Nothing is implied
 * when the phase is given (`phase`, `phase_name`), nor for `matchday` with a `round` id. Phase ids
 * are those of `PHASES` (`football/lists.ts`).
 */
export const PHASE_RULE: ImpliedFilter[] = [
  { field: 'phase', value: String(PHASE_ID.group), whenAny: ['group'], unless: ['phase_name'] },
  {
    field: 'phase',
    value: String(PHASE_ID.knockout),
    whenAny: ['round_name'],
    unless: ['phase_name'],
  },
  {
    field: 'phase',
    value: String(PHASE_ID.league),
    whenAny: ['matchday'],
    unless: ['phase_name', 'round'],
  },
];

/** The filters a scope's match data implies: the phase rule in v1, none in v0. */
export function phaseRule(scope: Scope): ImpliedFilter[] {
  return scope.version === 'v1' ? PHASE_RULE : [];
}

/** The joins of the phase and round names (v1's phase fields); none in v0. */
export function phaseJoins(scope: Scope): string {
  return scope.version === 'v1'
    ? `JOIN phase ph ON ph.id = m.phase
    LEFT JOIN groupround gr ON gr.id = m.group_round
    LEFT JOIN knockoutround kr ON kr.id = m.knockout_round`
    : '';
}

const MATCHDAY = field('matchday', 'integer', 'Matchday (league and group phases).', 'm.matchday');

/** v1's phase fields but the matchday, in the documented order around it. */
const PHASE = [
  field(
    'phase',
    'integer',
    'Competition phase id (/v1/phases): 1 League, 2 Group, 3 Knockout.',
    'm.phase',
    { nullable: false, ...idsOf(PHASES) },
  ),
  field('phase_name', 'string', 'Competition phase name.', 'ph.name', {
    nullable: false,
    ...labelsOf(PHASES),
  }),
];
const ROUND = [
  field(
    'round',
    'integer',
    'Group round id (/v1/grouprounds) or knockout round id (/v1/knockoutrounds).',
    'COALESCE(m.group_round, m.knockout_round)',
    { omitNull: true },
  ),
  field('round_name', 'string', 'Round name.', 'COALESCE(gr.name, kr.name)', { omitNull: true }),
  field('group', 'string', 'Group name (group phase).', 'm.group_name', { omitNull: true }),
];

/**
 * The phase-specific fields (docs/api.md#phases); round, round_name and group appear only on
 * matches of phases that have them. v0 has no phases and rounds: of these, only matchday.
 */
export function phaseFields(scope: Scope): FieldDef[] {
  return scope.version === 'v0' ? [MATCHDAY] : [...PHASE, MATCHDAY, ...ROUND];
}
