import { epoch, OFFSET, valid, type Moment, type Temporal } from './moment.ts';
import { digitsAt } from './numbers.ts';
import { anyMoment, patternReader, readablePattern } from './strptime.ts';
import { Mismatch, type Parse } from './types.ts';

/**
 * The `date`, `time` and `datetime` types: a cell read by its format into a `Moment`, checked on
 * the calendar, and written as the value the importer stores (ISO 8601); and the instant a
 * datetime value stands for, by which the bounds of a datetime field compare.
 */

/** How a moment of each temporal type is written as its value. */
const WRITE: Record<Temporal, (m: Moment) => string> = {
  date: (m) => `${pad(m.year, 4)}-${pad(m.month, 2)}-${pad(m.day, 2)}`,
  time: (m) => `${pad(m.hour, 2)}:${pad(m.minute, 2)}:${pad(m.second, 2)}${dot(m.fraction)}`,
  datetime: (m) => `${WRITE.date(m)}T${WRITE.time(m)}${m.offset}`,
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const dot = (fraction: string) => (fraction === '' ? '' : `.${fraction}`);

/** The default formats, as the error says them. */
const DEFAULT_EXPECTED: Record<Temporal, string> = {
  date: 'a date as YYYY-MM-DD',
  time: 'a time as HH:MM:SS',
  datetime: 'a date and time as YYYY-MM-DDTHH:MM:SS',
};

/**
 * A `date`, `time` or `datetime` field's cast: `default` (ISO 8601 as the specification writes
 * it), `any` (`anyMoment`) or a strptime pattern (`patternReader`). Every date is checked on the
 * calendar: 2023-02-30 is refused.
 */
export function temporalParser(name: string, type: Temporal, format: string): Parse {
  let read: (text: string) => Moment | null;
  let expected: string;
  if (format === 'default') {
    read = DEFAULT_READERS[type];
    expected = DEFAULT_EXPECTED[type];
  } else if (format === 'any') {
    read = (text) => DEFAULT_READERS[type](text) ?? anyMoment(type, text);
    expected = `${DEFAULT_EXPECTED[type].replace(' as ', ' such as ')}, or another unambiguous form`;
  } else {
    read = patternReader(name, format);
    expected = `${DEFAULT_EXPECTED[type].replace(/ as .*/, '')} as ${readablePattern(format)}`;
  }
  const mismatch = new Mismatch(expected);
  // A text in the default format is already written as the value: it is kept, not rewritten.
  const write = format === 'default' ? null : WRITE[type];
  return (text) => {
    const moment = read(text);
    if (moment === null || !valid(moment)) return mismatch;
    return write === null ? text : write(moment);
  };
}

/** `YYYY-MM-DD` at `text[from]`, read by character codes: the hot path of most files. */
function isoDate(text: string, moment: Moment, from = 0): boolean {
  if (text[from + 4] !== '-' || text[from + 7] !== '-') return false;
  moment.year = digitsAt(text, from, from + 4);
  moment.month = digitsAt(text, from + 5, from + 7);
  moment.day = digitsAt(text, from + 8, from + 10);
  return moment.year >= 0 && moment.month >= 0 && moment.day >= 0;
}

/** `HH:MM:SS` with an optional fraction at `text[from]`; the index after it, or -1. */
function isoTime(text: string, moment: Moment, from: number): number {
  if (text[from + 2] !== ':' || text[from + 5] !== ':') return -1;
  moment.hour = digitsAt(text, from, from + 2);
  moment.minute = digitsAt(text, from + 3, from + 5);
  moment.second = digitsAt(text, from + 6, from + 8);
  if (moment.hour < 0 || moment.minute < 0 || moment.second < 0) return -1;
  let end = from + 8;
  if (text[end] === '.') {
    end++;
    while (digitsAt(text, end, end + 1) >= 0) end++;
    moment.fraction = text.slice(from + 9, end);
    if (moment.fraction === '') return -1;
  }
  return end;
}

/** The default formats, as XML Schema's date, time and dateTime (the specification). */
const DEFAULT_READERS: Record<Temporal, (text: string) => Moment | null> = {
  date: (text) => {
    const m = epoch();
    return text.length === 10 && isoDate(text, m) ? m : null;
  },
  time: (text) => {
    const m = epoch();
    return isoTime(text, m, 0) === text.length ? m : null;
  },
  datetime: (text) => {
    const m = epoch();
    if (text[10] !== 'T' || !isoDate(text, m)) return null;
    const end = isoTime(text, m, 11);
    if (end < 0) return null;
    m.offset = text.slice(end);
    return m.offset === '' || OFFSET.test(m.offset) ? m : null;
  },
};

/**
 * The instant a datetime value (as `WRITE.datetime` makes it) stands for, in milliseconds, to
 * order datetimes with offsets. One without an offset is taken as UTC: the specification gives
 * no zone to assume, and a file's datetimes usually all have one or none.
 */
export function instant(iso: string): number {
  const date = new Date(0);
  date.setUTCFullYear(
    Number(iso.slice(0, 4)),
    Number(iso.slice(5, 7)) - 1,
    Number(iso.slice(8, 10)),
  );
  date.setUTCHours(Number(iso.slice(11, 13)), Number(iso.slice(14, 16)), Number(iso.slice(17, 19)));
  const rest = /^(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/.exec(iso.slice(19));
  const fraction = rest?.[1] === undefined ? 0 : Number(`0.${rest[1]}`) * 1000;
  const offset = rest?.[2] === undefined || rest[2] === 'Z' ? 0 : offsetMinutes(rest[2]);
  return date.getTime() + fraction - offset * 60_000;
}

/** The minutes of an offset `±hh:mm`. */
function offsetMinutes(offset: string): number {
  const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
  return offset[0] === '-' ? -minutes : minutes;
}
