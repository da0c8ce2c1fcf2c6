/**
 * How every program of the project stops on SIGINT (Ctrl-C) and SIGTERM (a service manager).
 *
 * One Ctrl-C reaches a program several times: a terminal signals its whole foreground process
 * group, and npm, `npm start` and `npm run serve` each pass the signal they get on to the program
 * they run. A Node program that stops listening after the first copy gets Node's default action
 * for the next one: it ends at once, with no message and nothing cleaned up. So a program listens
 * from the start of its work to the end of its clean-up, acts on the first signal only, and
 * ignores every other one, the same or not, until it exits. (SIGKILL, or Ctrl-\ on a terminal,
 * still ends it at once.)
 *
 * Work that is synchronous from start to end (an import, the demo generator) listens for nothing:
 * a listener would run only once the work is over, and the default action ends it at once, which
 * its single SQLite transaction makes safe.
 */
import { constants } from 'node:os';
import { setImmediate as turn } from 'node:timers/promises';

/** The signals that ask a program to stop. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** SIGINT or SIGTERM. */
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** The exit code of a program stopped by `signal`, as a shell gives it: 128 + its number. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

/** Where the signals are listened for: the process, or an emitter in tests. */
export interface SignalSource {
  on(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
  off(signal: StopSignal, listener: (signal: StopSignal) => void): unknown;
}

/** A program's watch for stop signals over its work and its clean-up (`watchStopSignals`). */
export interface StopWatch {
  /** Aborted at the first stop signal. */
  readonly signal: AbortSignal;
  /** The first stop signal received; null while none has come. */
  readonly received: StopSignal | null;
  /**
   * Ends the watch once the work and its clean-up are over. When no signal came, a signal has
   * its default action again. After one, the program is stopping: the watch stays, and every
   * further signal is ignored until the program exits.
   */
  close(): void;
}

/**
 * Listens for SIGINT and SIGTERM until `close()`: the first aborts `signal` and calls `onStop`
 * with it, once; the others are ignored.
 */
export function watchStopSignals(
  onStop: (signal: StopSignal) => void = () => {},
  source: SignalSource = process,
): StopWatch {
  const controller = new AbortController();
  let received: StopSignal | null = null;
  const listener = (signal: StopSignal) => {
    if (received !== null) return;
    received = signal;
    controller.abort(new Error(`interrupted by ${signal}`));
    onStop(signal);
  };
  for (const signal of STOP_SIGNALS) source.on(signal, listener);
  return {
    signal: controller.signal,
    get received() {
      return received;
    },
    close() {
      if (received !== null) return;
      for (const signal of STOP_SIGNALS) source.off(signal, listener);
    },
  };
}

/** What `forwardStopSignals` sees of a child process (a `ChildProcess`): its signals, its end. */
export interface StoppableChild {
  kill(signal: StopSignal): unknown;
  once(
    event: 'exit',
    listener: (code: number | null, signal: NodeJS.Signals | null) => void,
  ): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Passes the first SIGINT or SIGTERM this process receives on to `child` (a signal sent to this
 * process alone reaches the child only so; a terminal's reaches it directly too), ignores the
 * others until the child has ended, then resolves to this program's exit code: 128 + the number
 * of the signal that ended the child; else the child's own code when it failed (a child that
 * heard a signal itself exits with that signal's code, and its message names it: a terminal's
 * SIGINT and a service manager's SIGTERM sent together may reach the two processes in either
 * order, and the code must agree with what the child said); else, a child that ended well as a
 * signal came to this process, that signal's code.
 */
export function forwardStopSignals(
  child: StoppableChild,
  source: SignalSource = process,
): Promise<number> {
  const watch = watchStopSignals((signal) => child.kill(signal), source);
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      watch.close();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      watch.close();
      if (signal) resolve(signalExitCode(signal));
      else if (code !== 0) resolve(code ?? 1);
      else resolve(watch.received ? signalExitCode(watch.received) : 0);
    });
  });
}

/**
 * Resolves once the event loop has read the signals that came before the call. Node runs a
 * signal's listeners when its loop polls for input; one turn awaited from an input's callback
 * runs before the next poll, so two are awaited.
 */
async function delivered(): Promise<void> {
  await turn();
  await turn();
}

/**
 * Lets the event loop deliver a signal that came while the work ran synchronously, then throws
 * the signal's reason if it aborted the work. Work that reads and writes with blocking calls
 * awaits it now and then.
 */
export async function heard(signal: AbortSignal): Promise<void> {
  await delivered();
  signal.throwIfAborted();
}

/** Work stopped by a signal, its clean-up done: the message says what was left as it was. */
export class Interrupted extends Error {
  override name = 'Interrupted';
  constructor(
    /** The signal that stopped the work; the program exits with `signalExitCode(by)`. */
    readonly by: StopSignal,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Runs `work`, which writes `output`, under a watch for stop signals: the first aborts the
 * signal `work` is given, and when `work` then fails (having removed what it wrote), or fails
 * as a signal comes, the failure is `Interrupted`, saying `${what} interrupted by SIGINT; ${output} was left as it was.` Work
 * that ends well all the same (the signal came as it finished) ends well.
 */
export async function stoppable<T>(
  what: string,
  output: string,
  work: (signal: AbortSignal) => Promise<T>,
  source: SignalSource = process,
): Promise<T> {
  const watch = watchStopSignals(undefined, source);
  try {
    return await work(watch.signal);
  } catch (error) {
    // A terminal's Ctrl-C reaches every process of the group at once, helpers too (esbuild's
    // service, which loads the build's modules): the work may fail of a helper's end before
    // this process has heard the signal that ended it.
    if (watch.received === null) await delivered();
    const by = watch.received;
    if (by === null) throw error;
    throw new Interrupted(by, `${what} interrupted by ${by}; ${output} was left as it was.`, {
      cause: error,
    });
  } finally {
    watch.close();
  }
}
