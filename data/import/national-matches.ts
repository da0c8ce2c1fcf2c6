import type { ImportContext } from './context.ts';

/** A national match already in the database. */
export interface ExistingMatch {
  readonly id: string;
  readonly source: string;
  readonly home_team: string;
  readonly away_team: string;
}

/** What a source's match is, seen against the database. */
export type Reconciled =
  /** Not in the database: the importer writes it as its own. */
  | { readonly kind: 'new' }
  /** This source's own row (an earlier import of the same data): the importer refreshes it. */
  | { readonly kind: 'own' }
  /**
   * The same real match, written by another source: the importer leaves that row (and its events)
   * as they are, so one real match stays one record, and reports it as merged.
   */
  | { readonly kind: 'merged'; readonly match: ExistingMatch };

/**
 * One real match = one record. A national match is identified by its date and its two countries, in
 * either order (sources disagree on which side is "home" at neutral venues): the sources checked
 * here (Fjelstul, martj42, openfootball) agree on the date of every World Cup match they share.
 * `ownId` is the id this source gives the match; a row with that id is this source's own.
 */
export function reconcileMatch(
  ctx: ImportContext,
  ownId: string,
  date: string,
  teamA: string,
  teamB: string,
): Reconciled {
  if (ctx.db.prepare('SELECT 1 FROM match WHERE id = ?').get(ownId) !== undefined)
    return { kind: 'own' };
  const found = ctx.db
    .prepare<[string, string, string, string, string, string], ExistingMatch>(
      `SELECT id, source, home_team, away_team FROM match
      WHERE match_type = 'national' AND source <> ? AND match_date = ?
        AND ((home_team = ? AND away_team = ?) OR (home_team = ? AND away_team = ?))
      ORDER BY id`,
    )
    .all(ctx.source, date, teamA, teamB, teamB, teamA);
  if (found.length === 0) return { kind: 'new' };
  // Two records of the same pairing on one day (a source's duplicate) are merged into the first.
  return { kind: 'merged', match: found[0]! };
}

/** Notes, for each source that holds some of the matches, how many were merged into its records. */
export function noteMergedMatches(
  ctx: ImportContext,
  mergedBySource: ReadonlyMap<string, number>,
): void {
  for (const [source, count] of mergedBySource) {
    ctx.report.note(
      `match: ${count} matches are already held by ${source} (same date and teams): ` +
        "merged, that source's record and events kept",
    );
  }
}
