/**
 * The command line of every program of the project (`npm run build`, `serve`, `import`, ...),
 * declared once per program: its options with their kinds of value (`cli-values.ts`), help and
 * defaults, from which come the usage text and the parsing (node:util's `parseArgs`). It lies in
 * lib/, the bottom layer every program may import, with the errors every layer may throw.
 *
 * What a user sees, whatever the program:
 * - `--help` or `-h`: the usage, exit code 0;
 * - an unknown option, a missing or bad value: one line naming it, then the usage, exit code 2;
 * - a failure the user can mend (a missing file, a busy port: `UserError`): one message naming it
 *   and saying what to do, exit code 1;
 * - work stopped by SIGINT or SIGTERM (`Interrupted`, `stop-signals.ts`): one message saying what
 *   was left as it was, exit code 128 + the signal's number (130, 143);
 * - anything else is a bug: its stack and a line asking for a report, exit code 1.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCommand, type Parsed } from './cli-parse.ts';
import type { CommandSpec } from './cli-spec.ts';
import { usageOf } from './cli-usage.ts';
import { Interrupted, signalExitCode } from './stop-signals.ts';
import { UsageError, UserError } from './errors.ts';

export type { Parsed } from './cli-parse.ts';
export type { CommandSpec, OptionSpec, Positionals, Values } from './cli-spec.ts';

/** A command declared once: its spec, its usage text and its parser. */
export interface Command<C extends CommandSpec> {
  readonly spec: C;
  readonly usage: string;
  parse(argv: readonly string[], env?: Record<string, string | undefined>): Parsed<C>;
}

/** Declares a program's command line; `spec` is kept with its literal types for `Values`. */
export function defineCommand<const C extends CommandSpec>(spec: C): Command<C> {
  return {
    spec,
    usage: usageOf(spec),
    parse: (argv, env = process.env) => parseCommand(spec, argv, env),
  };
}

/** Where a program writes: a line (or lines) to standard output or standard error. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** The process's standard output and error. */
export const PROCESS_IO: CliIo = {
  out: (text) => void process.stdout.write(`${text}\n`),
  err: (text) => void process.stderr.write(`${text}\n`),
};

/** The line that follows the stack of an error the program did not expect. */
export const REPORT_LINE =
  'This is a bug in the program, not in how it was run: please report it with the output above.';

/** What a program prints for an error it did not expect: its stack and `REPORT_LINE`. */
export function internalError(error: unknown): string {
  const stack = error instanceof Error ? (error.stack ?? String(error)) : String(error);
  return `${stack}\n${REPORT_LINE}`;
}

/**
 * Runs a program: parses `argv`, prints the usage for `--help`, refuses a bad command line, then
 * runs `body` with the values; resolves to the exit code. `body` returns its exit code (0 when it
 * returns nothing) and throws `UsageError` or `UserError` for what the user can mend, and
 * `Interrupted` for work a signal stopped.
 */
export async function runCommand<C extends CommandSpec>(
  command: Command<C>,
  argv: readonly string[],
  io: CliIo,
  body: (run: Extract<Parsed<C>, { kind: 'run' }>) => Promise<number | void> | number | void,
): Promise<number> {
  const parsed = command.parse(argv);
  switch (parsed.kind) {
    case 'help':
      io.out(command.usage);
      return 0;
    case 'refused':
      io.err(`${parsed.message}\n\n${command.usage}`);
      return 2;
    case 'run':
      break;
    default:
      parsed satisfies never;
  }
  try {
    return (await body(parsed as Extract<Parsed<C>, { kind: 'run' }>)) ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${command.usage}`);
      return 2;
    }
    if (error instanceof UserError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof Interrupted) {
      io.err(error.message);
      return signalExitCode(error.by);
    }
    io.err(internalError(error));
    return 1;
  }
}

/**
 * Runs `main` with the process's arguments when the module at `moduleUrl` is the program Node
 * was started with (not when a test imports it), and exits with its code. An error thrown later,
 * outside `main` (in a callback), is reported as `runCommand` reports one.
 */
export function runIfMain(
  moduleUrl: string,
  main: (argv: string[], io: CliIo) => Promise<number>,
): void {
  if (!isEntry(moduleUrl)) return;
  process.on('uncaughtException', (error) => {
    process.stderr.write(`${error instanceof UserError ? error.message : internalError(error)}\n`);
    process.exit(1);
  });
  void main(process.argv.slice(2), PROCESS_IO).then((code) => {
    // A program that failed ends now, whatever it left open (a server that never listened); one
    // that succeeded ends when its work does (a server, when it is stopped).
    if (code !== 0) process.exit(code);
  });
}

/** Whether the module at `moduleUrl` is the script Node runs (through links, as Node finds it). */
function isEntry(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  };
  return real(script) === real(fileURLToPath(moduleUrl));
}
