import { STAT_FIELDS, type EventRule, type FieldRule } from './fields.ts';
import type { Act, MatchFacts } from '../match-model/facts.ts';

/**
 * Applies the rule table (`fields.ts`) to one match: every statistic of every lineup, as the
 * values of its fields in the documented order (docs/api.md#statistics).
 */

/** One statistic of one lineup. */
export interface StatRow {
  lineup: string;
  grp: string;
  name: string;
  /**
   * The statistic's fields in the rule table's order, null where unknown and booleans as 1 and 0
   * (as SQLite stores them).
   */
  values: (number | null)[];
}

type Value = number | boolean | null;

/** The most fields any statistic has: the columns of `derived.lineup_stat`. */
export const MAX_FIELDS = Math.max(
  ...Object.values(STAT_FIELDS).flatMap((names) =>
    Object.values(names).map((fields) => Object.keys(fields).length),
  ),
);

/** The statistics in a fixed order, with their fields as pairs. */
const STATS = Object.entries(STAT_FIELDS).flatMap(([grp, names]) =>
  Object.entries(names).map(([name, fields]) => ({ grp, name, fields: Object.entries(fields) })),
);

/** The actions an event rule looks at. */
function actsOf(rule: EventRule, m: MatchFacts): Act[] {
  if (rule.actions === 'all') return m.micro.acts;
  return rule.actions.flatMap((id) => m.micro.byAction.get(id) ?? []);
}

/** One field's value for every lineup of the match. */
function fieldValues(rule: FieldRule, m: MatchFacts): Map<string, Value> {
  const values = new Map<string, Value>();
  if (rule.from === null) {
    for (const id of m.lineups.keys()) values.set(id, null);
  } else if (rule.from === 'macro') {
    for (const l of m.lineups.values()) values.set(l.id, rule.value(l, m));
  } else if (!m.micro.hasEvents) {
    for (const l of m.lineups.values())
      values.set(l.id, rule.otherwise ? rule.otherwise.value(l, m) : null);
  } else {
    // With micro-events every lineup starts at a real 0: the match's actions are all there.
    for (const id of m.lineups.keys()) values.set(id, 0);
    for (const a of actsOf(rule, m)) {
      const credited = rule.credit ? rule.credit(a, m) : a.lineup;
      if (credited === null) continue;
      const current = values.get(credited);
      // Not a lineup of this match (a source slip), or already unknown.
      if (current === undefined || current === null) continue;
      const counts = rule.test(a, m);
      if (counts === null) values.set(credited, null);
      else if (counts) values.set(credited, (current as number) + 1);
    }
  }
  return values;
}

/** Every statistic of every lineup of one match. */
export function statRows(m: MatchFacts): StatRow[] {
  const rows: StatRow[] = [];
  for (const { grp, name, fields } of STATS) {
    const columns = fields.map(([, rule]) => fieldValues(rule, m));
    for (const lineup of m.lineups.keys()) {
      const values = columns.map((column) => {
        const v = column.get(lineup) ?? null;
        return typeof v === 'boolean' ? Number(v) : v;
      });
      rows.push({ lineup, grp, name, values });
    }
  }
  return rows;
}
