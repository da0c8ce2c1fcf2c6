import { CARD } from '../../../football/codes.ts';
import type { ImportContext } from '../context.ts';
import { flag, recordError, requiredInt } from '../csv.ts';
import type { FjelstulLineups } from './lineups.ts';
import type { MatchInfo } from './matches.ts';
import { readSource } from './source.ts';

const { yellow: YELLOW, secondYellow: SECOND_YELLOW, red: RED } = CARD;

/**
 * bookings.csv -> offenses (1970 on). One booking row says yellow_card, red_card,
 * second_yellow_card:
 *
 * - second_yellow_card = 1 -> card 2 (Yellow/Red). The source records the dismissal as one row; the
 *   earlier yellow of that player is in most cases not a row of its own, and is not invented.
 * - red_card = 1 without second yellow -> card 3 (Red). When the same row also has yellow_card = 1
 *   (Völler and Rijkaard 1990, Ortega 1998: booked, then sent off at once), it is two offenses: a
 *   yellow (card 1) and a red (card 3) at the same minute (ids `B-xxxx` and `B-xxxx:red`).
 * - yellow_card = 1 only -> card 1 (Yellow).
 * - foul NULL (the source does not say why); time_mins / stoppage_mins from minute_regulation /
 *   minute_stoppage.
 * - An offense needs the player's lineup row: bookings of players who did not play (on the bench)
 *   are skipped and reported.
 */
export function importBookings(
  ctx: ImportContext,
  dir: string,
  matches: ReadonlyMap<string, MatchInfo>,
  lineups: FjelstulLineups,
): void {
  const rows = readSource(dir, 'bookings');
  const step = ctx.progress.step('bookings', rows.length);
  for (const row of rows) {
    const match = matches.get(row.match_id);
    if (!match) throw recordError(row, `bookings: unknown match ${row.match_id}`);
    const lineup = lineups.get(row.match_id, row.player_id);
    step.tick();
    if (!lineup) {
      ctx.report.skip(
        'offense',
        'bookings of players who are not in the match lineup (booked on the bench; an offense needs a lineup)',
      );
      continue;
    }
    const yellow = flag(row, 'yellow_card');
    const red = flag(row, 'red_card');
    const secondYellow = flag(row, 'second_yellow_card');
    const cards: [suffix: string, card: number][] = secondYellow
      ? [['', SECOND_YELLOW]]
      : red && yellow
        ? [
            ['', YELLOW],
            [':red', RED],
          ]
        : red
          ? [['', RED]]
          : yellow
            ? [['', YELLOW]]
            : [];
    if (cards.length === 0) {
      ctx.report.skip('offense', 'bookings without a card');
      continue;
    }
    for (const [suffix, card] of cards) {
      ctx.save('offense', {
        id: ctx.id('offense', `${row.booking_id}${suffix}`),
        match: match.id,
        lineup: lineup.id,
        foul: null,
        card,
        time_mins: requiredInt(row, 'minute_regulation'),
        stoppage_mins: requiredInt(row, 'minute_stoppage'),
      });
    }
  }
  step.done();
  ctx.report.note(
    'offense: bookings are in the source from 1970 on; foul is NULL (not in the source)',
  );
}
