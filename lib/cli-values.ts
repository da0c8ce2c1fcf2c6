/**
 * The kinds of value a command line option takes (`cli.ts`): each says how it shows in the usage,
 * what it must be, and reads the text given into the value, so that a bad value is refused by
 * name before the command does anything.
 */

/** The value read from an option's text, or why the text is not one. */
export type Reading<T> = { ok: true; value: T } | { ok: false; reason?: string };

/** A kind of option value. */
export interface ValueType<T> {
  /** How the value shows in the usage: `N`, `FILE`, `SIZE`. */
  readonly placeholder: string;
  /** What a value must be, for the message that refuses one: "an integer from 0 to 65535". */
  readonly expected: string;
  /**
   * The value `text` stands for. A refusal's `reason`, when there is one, says what is wrong in a
   * sentence that names the text; otherwise the message says the value must be `expected`.
   */
  read(text: string): Reading<T>;
}

const ok = <T>(value: T): Reading<T> => ({ ok: true, value });
const refused: Reading<never> = { ok: false };

/** Any text but the empty one: a host, a name the command checks itself. */
export function text(placeholder: string): ValueType<string> {
  return {
    placeholder,
    expected: 'a text that is not empty',
    read: (given) => (given === '' ? refused : ok(given)),
  };
}

/** A path of a file or folder; whether it exists is for the command to say, with what to do. */
export function path(placeholder: 'FILE' | 'DIR'): ValueType<string> {
  return {
    placeholder,
    expected: placeholder === 'FILE' ? 'a file path' : 'a folder path',
    read: (given) => (given === '' ? refused : ok(given)),
  };
}

/** A web origin, `https://data.example.org`: an http or https URL with nothing after its host. */
export function origin(placeholder = 'ORIGIN'): ValueType<string> {
  return {
    placeholder,
    expected: 'an origin such as https://data.example.org',
    read(given) {
      try {
        const url = new URL(given);
        const bare = url.pathname === '/' && !url.search && !url.hash && !url.username;
        return /^https?:$/.test(url.protocol) && bare ? ok(url.origin) : refused;
      } catch {
        return refused;
      }
    },
  };
}

/** The bounds of a number, both included. */
interface Bounds {
  min?: number;
  max?: number;
}

function within(n: number, { min = -Infinity, max = Infinity }: Bounds): boolean {
  return n >= min && n <= max;
}

function describeBounds(what: string, { min, max }: Bounds): string {
  if (min !== undefined && max !== undefined) return `${what} from ${min} to ${max}`;
  if (min === 1 && what === 'an integer') return 'a positive integer';
  if (min !== undefined) return `${what} of at least ${min}`;
  if (max !== undefined) return `${what} of at most ${max}`;
  return what;
}

/** A number `written` accepts, within the bounds; `noun` names it in messages. */
function numeric(
  written: (given: string, n: number) => boolean,
  placeholder: string,
  bounds: Bounds,
  noun: string,
) {
  return {
    placeholder,
    expected: describeBounds(noun, bounds),
    read(given: string) {
      const n = Number(given);
      return written(given, n) && within(n, bounds) ? ok(n) : refused;
    },
  } satisfies ValueType<number>;
}

/** A whole number in decimal digits, within the bounds; `noun` names it in messages. */
export function integer(
  placeholder: string,
  bounds: Bounds = {},
  noun = 'an integer',
): ValueType<number> {
  return numeric(
    (given, n) => /^-?\d+$/.test(given) && Number.isSafeInteger(n),
    placeholder,
    bounds,
    noun,
  );
}

/**
 * A number in decimal digits, a fraction allowed (`1.5`), within the bounds; `noun` names it in
 * messages ("a number of seconds").
 */
export function decimal(
  placeholder: string,
  bounds: Bounds = {},
  noun = 'a number',
): ValueType<number> {
  return numeric((given) => /^-?\d+(\.\d+)?$/.test(given), placeholder, bounds, noun);
}

/** The units a size may be written in, and their bytes. */
const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
};

/** A number of bytes, with a unit or none (`25MiB`, `100MB`, `4096`), within the bounds. */
export function byteSize(placeholder: string, bounds: Bounds = {}): ValueType<number> {
  const units = 'bytes, or with a unit (KB, MB, GB, KiB, MiB, GiB)';
  return {
    placeholder,
    expected: `${describeBounds('a size', bounds)} in ${units}`,
    read(given) {
      const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(given.trim());
      const unit = match ? SIZE_UNITS[match[2]!.toLowerCase()] : undefined;
      if (!match || unit === undefined) return refused;
      const bytes = Math.round(Number(match[1]) * unit);
      return Number.isSafeInteger(bytes) && within(bytes, bounds) ? ok(bytes) : refused;
    },
  };
}

/** `a, b or c`, for a message. */
export function alternatives(values: readonly string[]): string {
  return values.length < 2
    ? values.join('')
    : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** One of a few names. */
export function oneOf<const V extends string>(
  placeholder: string,
  values: readonly V[],
): ValueType<V> {
  return {
    placeholder,
    expected: values.length > 2 ? `one of ${alternatives(values)}` : alternatives(values),
    read: (given) => ((values as readonly string[]).includes(given) ? ok(given as V) : refused),
  };
}

/**
 * A comma-separated list of values of one kind. The empty text is the empty list when `empty`
 * allows it (`--real ''`: no real set), and is refused otherwise.
 */
export function listOf<T>(
  item: ValueType<T>,
  options: { placeholder?: string; empty?: boolean } = {},
): ValueType<T[]> {
  return {
    placeholder: options.placeholder ?? 'LIST',
    expected: `a comma-separated list, each ${item.expected}`,
    read(given) {
      if (given === '') return options.empty ? ok([]) : refused;
      const values: T[] = [];
      const parts = given.split(',');
      for (const part of parts) {
        const one = item.read(part.trim());
        const where = parts.length > 1 ? ` (in '${given}')` : '';
        if (!one.ok)
          return { ok: false, reason: one.reason ?? `'${part}'${where} is not ${item.expected}` };
        values.push(one.value);
      }
      return ok(values);
    },
  };
}
