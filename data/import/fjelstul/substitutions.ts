import type { ImportContext } from '../context.ts';
import { flag, recordError, requiredInt } from '../csv.ts';
import type { FjelstulCountries } from './countries.ts';
import type { FjelstulLineups } from './lineups.ts';
import type { MatchInfo } from './matches.ts';
import { readSource, type SourceRecord } from './source.ts';

/**
 * substitutions.csv -> substitutions (1970 on). The source has one row per player: a `going_off`
 * row and a `coming_on` row per substitution. They are paired within (match, team, minute, stoppage
 * minute), in source order: the n-th player off with the n-th player on. The id is the going-off
 * row's id.
 *
 * Not imported, and reported: rows left without a partner at the same minute (10 rows in the
 * source, where the off and on minutes differ), and pairs whose player on or off has no lineup row
 * (a handful of 1974 and 1982 substitutes missing from the appearances).
 */
export function importSubstitutions(
  ctx: ImportContext,
  dir: string,
  matches: ReadonlyMap<string, MatchInfo>,
  countries: FjelstulCountries,
  lineups: FjelstulLineups,
): void {
  const rows = readSource(dir, 'substitutions');
  const groups = new Map<
    string,
    { off: SourceRecord<'substitutions'>[]; on: SourceRecord<'substitutions'>[] }
  >();
  for (const row of rows) {
    const key = `${row.match_id}|${row.team_id}|${row.minute_regulation}|${row.minute_stoppage}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { off: [], on: [] }));
    const off = flag(row, 'going_off');
    if (off === flag(row, 'coming_on'))
      throw recordError(row, `${row.substitution_id}: going_off and coming_on must differ`);
    (off ? group.off : group.on).push(row);
  }

  const step = ctx.progress.step('substitutions', rows.length);
  for (const { off, on } of groups.values()) {
    const pairs = Math.min(off.length, on.length);
    ctx.report.skip(
      'substitution',
      'substitution rows without a partner at the same minute (player off and on at different minutes in the source)',
      off.length + on.length - 2 * pairs,
    );
    for (let i = 0; i < pairs; i++) {
      const out = off[i]!;
      const inn = on[i]!;
      const match = matches.get(out.match_id);
      if (!match) throw recordError(out, `substitutions: unknown match ${out.match_id}`);
      const lineupOut = lineups.get(out.match_id, out.player_id);
      const lineupIn = lineups.get(inn.match_id, inn.player_id);
      if (!lineupOut || !lineupIn) {
        ctx.report.skip(
          'substitution',
          'substitutions whose player on or off is not in the match lineup (missing from player_appearances.csv)',
        );
        continue;
      }
      ctx.save('substitution', {
        id: ctx.id('substitution', out.substitution_id),
        match: match.id,
        team: countries.team(out.team_id),
        lineup_in: lineupIn.id,
        lineup_out: lineupOut.id,
        time_mins: requiredInt(out, 'minute_regulation'),
        stoppage_mins: requiredInt(out, 'minute_stoppage'),
      });
    }
    step.tick(off.length + on.length);
  }
  step.done();
}
