/**
 * The declaration of a program's command line (`cli.ts`): its options, their kinds of value
 * (`cli-values.ts`), help and defaults, its positionals; and the types of the values it reads.
 */
import type { ValueType } from './cli-values.ts';

/** An option without a value: present or not. */
export interface FlagOption {
  readonly type: 'flag';
  /** A one-letter alias (`-f`). */
  readonly short?: string;
  readonly help: string;
}

/** An option with a value of a kind. */
export interface ValueOption<T> {
  readonly type: ValueType<T>;
  readonly short?: string;
  readonly help: string;
  /** The text taken when neither the option nor `env` is given; read as a given text is. */
  readonly default?: string;
  /** The default as the usage says it, when the text alone would not ("the number of cores"). */
  readonly shownDefault?: string;
  /** An environment variable read when the option is not given, before the default. */
  readonly env?: string;
  /** The command cannot run without it. */
  readonly required?: true;
}

/** An option, with or without a value. */
export type OptionSpec = FlagOption | ValueOption<unknown>;

/** A word of the command line that is not an option (the import's `<format>`). */
export interface PositionalSpec<T = unknown> {
  readonly name: string;
  readonly type: ValueType<T>;
  readonly help: string;
}

/** A program's command line. */
export interface CommandSpec {
  /** How a user runs it: `npm run build --`. */
  readonly name: string;
  /**
   * The shape of the command line after the name, in groups the usage wraps between
   * (`[--db FILE | --demo SIZE]`); by default each positional, then each option in brackets.
   */
  readonly synopsis?: readonly string[];
  /** What it does: paragraphs separated by a blank line, wrapped to the width of the usage. */
  readonly description: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly positionals?: readonly PositionalSpec[];
  /** Text printed as it is after the options (the import's list of formats). */
  readonly epilogue?: string;
}

/** The value an option reads into. */
type ValueOf<S> = S extends FlagOption
  ? boolean
  : S extends ValueOption<infer T>
    ? S extends { default: string } | { required: true }
      ? T
      : T | undefined
    : never;

/** The values of a command's options, each of its kind. */
export type Values<C extends CommandSpec> = {
  -readonly [K in keyof C['options']]: ValueOf<C['options'][K]>;
};

/** The values of a list of positionals, in their order (a tuple, as the list is). */
type PositionalValues<P extends readonly PositionalSpec[]> = {
  -readonly [I in keyof P]: P[I] extends PositionalSpec<infer T> ? T : never;
};

/** The values of a command's positionals, in their order. */
export type Positionals<C extends CommandSpec> = C['positionals'] extends readonly PositionalSpec[]
  ? PositionalValues<C['positionals']>
  : [];
