/**
 * The failures a program reports to its user rather than as a bug. Every layer may throw them (the
 * database says a file is not one, the build that its output is busy); the command line
 * (`lib/cli.ts`) turns them into an exit code and one message.
 */

/** A command line the program cannot run: exit code 2, with the usage. One line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure the user can mend, said with what to do: exit code 1, no stack. */
export class UserError extends Error {
  override name = 'UserError';
}
