/**
 * Reading a command line against its declaration (`cli-spec.ts`) with node:util's `parseArgs`,
 * then each value with its kind (`cli-values.ts`): the values, a request for the usage, or the one
 * line that says what is wrong with the command line.
 */
import { parseArgs } from 'node:util';
import type { CommandSpec, OptionSpec, PositionalSpec, Positionals, Values } from './cli-spec.ts';
import { optionForm } from './cli-usage.ts';

/** What a command line asks for. */
export type Parsed<C extends CommandSpec> =
  | { kind: 'run'; values: Values<C>; positionals: Positionals<C> }
  | { kind: 'help' }
  | { kind: 'refused'; message: string };

/** The known option closest to a mistyped one, when it is close enough to be meant. */
function closest(typed: string, names: readonly string[]): string | undefined {
  const word = typed.replace(/^-+/, '').split('=')[0]!;
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(word, name);
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && distance < (best?.distance ?? 99))
      best = { name, distance };
  }
  return best?.name;
}

/** Levenshtein's distance between two short words. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row.push(
        Math.min(
          previous[j]! + 1,
          row[j - 1]! + 1,
          previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        ),
      );
    previous = row;
  }
  return previous[b.length]!;
}

/** The one line that says what `parseArgs` refused, in the words of the usage. */
function parseArgsRefusal(error: unknown, spec: CommandSpec): string {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const near = closest(quoted, Object.keys(spec.options));
      return `Unknown option ${quoted}${near ? ` (did you mean --${near}?)` : ''}.`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = /--([\w-]+)/.exec(message)?.[1] ?? '';
      const option = spec.options[name];
      if (!option) return `${message.split('\n')[0]}`;
      return option.type === 'flag'
        ? `--${name} takes no value.`
        : `--${name} needs a value: ${option.type.placeholder}.`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument '${quoted}'.`;
    default:
      throw error;
  }
}

/** An option's value: read, refused, or a required one left out. */
type OptionReading =
  | { kind: 'value'; value: unknown }
  | { kind: 'missing'; form: string }
  | { kind: 'refused'; message: string };

/**
 * Reads one option from the text given on the command line, else from its environment variable,
 * else from its default (a bad default is a bug of the program, not the user's).
 */
function readOption(
  name: string,
  option: OptionSpec,
  given: string | boolean | undefined,
  env: Record<string, string | undefined>,
): OptionReading {
  if (option.type === 'flag') return { kind: 'value', value: given === true };
  const text = given as string | undefined;
  const fromEnv = text === undefined && option.env !== undefined ? env[option.env] : undefined;
  const chosen = text ?? fromEnv ?? option.default;
  if (chosen === undefined)
    return option.required
      ? { kind: 'missing', form: optionForm(name, option) }
      : { kind: 'value', value: undefined };
  const reading = option.type.read(chosen);
  if (reading.ok) return { kind: 'value', value: reading.value };
  if (text === undefined && fromEnv === undefined)
    throw new Error(`the default of --${name}, '${chosen}', is not ${option.type.expected}`);
  const what =
    text === undefined ? `${option.env} (read when --${name} is not given)` : `--${name}`;
  return {
    kind: 'refused',
    message: reading.reason
      ? `${what}: ${reading.reason}.`
      : `${what} must be ${option.type.expected}, not '${chosen}'.`,
  };
}

/** A command line refused, with the one line that says why. */
type Refused = Extract<Parsed<CommandSpec>, { kind: 'refused' }>;

/** Reads a command line against its spec. */
export function parseCommand<C extends CommandSpec>(
  spec: C,
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Parsed<C> {
  const positionalSpecs = spec.positionals ?? [];
  let given: ReturnType<typeof parseArgs<{ options: ParseArgsOptions; allowPositionals: true }>>;
  try {
    given = parseArgs({
      args: [...argv],
      options: parseArgsOptions(spec),
      strict: true,
      allowPositionals: positionalSpecs.length > 0,
    });
  } catch (error) {
    return { kind: 'refused', message: parseArgsRefusal(error, spec) };
  }
  if (given.values['help']) return { kind: 'help' };
  const values = readOptions(spec, given.values, env);
  if (values.kind === 'refused') return values;
  const positionals = readPositionals(positionalSpecs, given.positionals);
  if (positionals.kind === 'refused') return positionals;
  return {
    kind: 'run',
    values: values.values as Values<C>,
    positionals: positionals.values as Positionals<C>,
  };
}

/** The options as `parseArgs` takes them. */
type ParseArgsOptions = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** A command's options as `parseArgs` reads them, `--help` among them. */
function parseArgsOptions(spec: CommandSpec): ParseArgsOptions {
  const options: ParseArgsOptions = {};
  for (const [name, option] of Object.entries(spec.options))
    options[name] = {
      type: option.type === 'flag' ? 'boolean' : 'string',
      ...(option.short ? { short: option.short } : {}),
    };
  options['help'] = { type: 'boolean', short: 'h' };
  return options;
}

/** The value of every option (`readOption`), or the refusal of the first bad one. */
function readOptions(
  spec: CommandSpec,
  given: Record<string, string | boolean | undefined>,
  env: Record<string, string | undefined>,
): { kind: 'read'; values: Record<string, unknown> } | Refused {
  const values: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const [name, option] of Object.entries(spec.options)) {
    const read = readOption(name, option, given[name], env);
    switch (read.kind) {
      case 'value':
        values[name] = read.value;
        break;
      case 'missing':
        missing.push(read.form);
        break;
      case 'refused':
        return read;
      default:
        read satisfies never;
    }
  }
  // After the values: a bad value is named even when a required option is also left out.
  if (missing.length > 0)
    return {
      kind: 'refused',
      message: `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} needed.`,
    };
  return { kind: 'read', values };
}

/** The value of every positional, in order, or the refusal of the first bad or missing one. */
function readPositionals(
  specs: readonly PositionalSpec[],
  words: readonly string[],
): { kind: 'read'; values: unknown[] } | Refused {
  if (words.length > specs.length)
    return { kind: 'refused', message: `Unexpected argument '${words[specs.length]}'.` };
  const values: unknown[] = [];
  for (const [i, positional] of specs.entries()) {
    const word = words[i];
    if (word === undefined) return { kind: 'refused', message: `<${positional.name}> is needed.` };
    const reading = positional.type.read(word);
    if (!reading.ok)
      return {
        kind: 'refused',
        message: reading.reason
          ? `<${positional.name}>: ${reading.reason}.`
          : `<${positional.name}> must be ${positional.type.expected}, not '${word}'.`,
      };
    values.push(reading.value);
  }
  return { kind: 'read', values };
}
