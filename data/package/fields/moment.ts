/**
 * A date, a time or both as parts, which every reader of a temporal format fills (the default
 * format, a strptime pattern, `any`), and the checks they share: the calendar, the offset.
 */

/** The parts of a date, a time or both, as a cell or a pattern gives them. */
export interface Moment {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The digits after the decimal point of the seconds, or `''`. */
  fraction: string;
  /** `Z`, `+hh:mm`, or `''` when the cell gives no offset. */
  offset: string;
}

/** The types whose values are moments: a date, a time of day, or both. */
export type Temporal = 'date' | 'time' | 'datetime';

/** Whether a moment's parts make a real date and time (a day the month has, no hour 24). */
export function valid(m: Moment): boolean {
  if (m.month < 1 || m.month > 12 || m.day < 1) return false;
  const leap = m.year % 4 === 0 && (m.year % 100 !== 0 || m.year % 400 === 0);
  const days = m.month === 2 ? (leap ? 29 : 28) : MONTH_DAYS[m.month - 1]!;
  return m.day <= days && m.hour < 24 && m.minute < 60 && m.second < 60;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A moment at midnight of 1900-01-01, the parts a pattern does not give (as Python's). */
export const epoch = (): Moment => ({
  year: 1900,
  month: 1,
  day: 1,
  hour: 0,
  minute: 0,
  second: 0,
  fraction: '',
  offset: '',
});

/** A time zone offset: `Z` or `±hh:mm` up to 14:00, as XML Schema allows. */
export const OFFSET = /^(?:Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00))$/;

/** A time zone offset as a pattern's `%z` or a loose datetime gives it, as `Z` or `±hh:mm`. */
export function offsetOf(text: string): string | null {
  const offset = text.length === 5 ? `${text.slice(0, 3)}:${text.slice(3)}` : text;
  return OFFSET.test(offset) ? offset : null;
}
