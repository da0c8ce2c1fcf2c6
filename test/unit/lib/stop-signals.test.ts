import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { defineCommand, runCommand } from '../../../lib/cli.ts';
import {
  forwardStopSignals,
  heard,
  Interrupted,
  signalExitCode,
  stoppable,
  STOP_SIGNALS,
  watchStopSignals,
  type StopSignal,
} from '../../../lib/stop-signals.ts';

/**
 * The watch every program keeps for SIGINT and SIGTERM (`lib/stop-signals.ts`), on an
 * emitter that stands for the process: the first signal counts, the others are ignored, and the
 * watch stays once one came. `stop-signals-processes.test.ts` sends real signals to the programs.
 */

/** An emitter in the place of the process, sending `signal` as Node does. */
function source() {
  const emitter = new EventEmitter();
  return {
    emitter,
    send: (signal: StopSignal) => emitter.emit(signal, signal),
    listening: () => STOP_SIGNALS.map((signal) => emitter.listenerCount(signal)),
  };
}

describe('watchStopSignals', () => {
  it('acts on the first signal once and ignores the same again and the other', () => {
    const { emitter, send } = source();
    const heard: StopSignal[] = [];
    const watch = watchStopSignals((signal) => heard.push(signal), emitter);
    expect(watch.received).toBeNull();
    expect(watch.signal.aborted).toBe(false);
    send('SIGTERM');
    send('SIGTERM');
    send('SIGINT');
    expect(heard).toEqual(['SIGTERM']);
    expect(watch.received).toBe('SIGTERM');
    expect(watch.signal.aborted).toBe(true);
    expect((watch.signal.reason as Error).message).toBe('interrupted by SIGTERM');
  });

  it('stops listening when closed with no signal received', () => {
    const { emitter, listening } = source();
    const watch = watchStopSignals(() => {}, emitter);
    expect(listening()).toEqual([1, 1]);
    watch.close();
    expect(listening()).toEqual([0, 0]);
  });

  it('keeps listening once a signal came, so that later ones stay ignored', () => {
    const { emitter, send, listening } = source();
    const heard: StopSignal[] = [];
    const watch = watchStopSignals((signal) => heard.push(signal), emitter);
    send('SIGINT');
    watch.close();
    expect(listening()).toEqual([1, 1]);
    send('SIGINT');
    send('SIGTERM');
    expect(heard).toEqual(['SIGINT']);
  });
});

describe('signalExitCode', () => {
  it('is 128 plus the signal number, as a shell gives it', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
    expect(signalExitCode('SIGKILL')).toBe(137);
  });
});

describe('stoppable', () => {
  /** Work that fails once aborted, as the build does when its workers are stopped. */
  const untilAborted = (signal: AbortSignal) =>
    new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(new Error('stopped'))),
    );

  it('makes the failure of stopped work Interrupted, with its message and signal', async () => {
    const { emitter, send } = source();
    const running = stoppable('Build', 'out.archive', untilAborted, emitter);
    send('SIGINT');
    send('SIGTERM');
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Interrupted);
    expect((error as Interrupted).by).toBe('SIGINT');
    expect((error as Interrupted).message).toBe(
      'Build interrupted by SIGINT; out.archive was left as it was.',
    );
    expect(((error as Interrupted).cause as Error).message).toBe('stopped');
  });

  it('makes work that failed as a signal came Interrupted, the signal heard after', async () => {
    // A helper process of the group ended by the same Ctrl-C fails the work before this
    // process's listener has run.
    const { emitter, send } = source();
    const running = stoppable(
      'Build',
      'out.archive',
      async () => {
        setImmediate(() => send('SIGINT'));
        throw new Error('The service is no longer running');
      },
      emitter,
    );
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Interrupted);
    expect((error as Interrupted).by).toBe('SIGINT');
  });

  it('passes on a failure with no signal as it is, and stops listening', async () => {
    const { emitter, listening } = source();
    const failure = new Error('disk full');
    await expect(stoppable('Split', 'out', () => Promise.reject(failure), emitter)).rejects.toBe(
      failure,
    );
    expect(listening()).toEqual([0, 0]);
  });

  it('returns what work that ended well returns, a signal or not', async () => {
    const { emitter, send, listening } = source();
    expect(await stoppable('Unpack', 'dist', async () => 7, emitter)).toBe(7);
    expect(listening()).toEqual([0, 0]);
    const late = stoppable(
      'Unpack',
      'dist',
      async (signal) => {
        send('SIGTERM');
        return signal.aborted;
      },
      emitter,
    );
    expect(await late).toBe(true);
  });
});

describe('forwardStopSignals', () => {
  /** A child process as far as the forwarding sees it: the signals it is sent, and its end. */
  class Child extends EventEmitter {
    readonly sent: NodeJS.Signals[] = [];
    kill(signal: NodeJS.Signals): boolean {
      this.sent.push(signal);
      return true;
    }
    exit(code: number | null, signal: NodeJS.Signals | null): void {
      this.emit('exit', code, signal);
    }
  }

  it('passes the first signal on once and exits with its code, the child ended by it', async () => {
    const { emitter, send, listening } = source();
    const running = new Child();
    const code = forwardStopSignals(running, emitter);
    send('SIGTERM');
    send('SIGINT');
    send('SIGTERM');
    expect(running.sent).toEqual(['SIGTERM']);
    running.exit(null, 'SIGTERM');
    expect(await code).toBe(143);
    // The program stops: later signals stay ignored.
    expect(listening()).toEqual([1, 1]);
  });

  it("exits with the signal's code when the child ends of itself after it", async () => {
    const { emitter, send } = source();
    const running = new Child();
    const code = forwardStopSignals(running, emitter);
    send('SIGINT');
    running.exit(0, null);
    expect(await code).toBe(130);
  });

  it("exits with the child's code when it heard the other signal first and said so", async () => {
    const { emitter, send } = source();
    const running = new Child();
    const code = forwardStopSignals(running, emitter);
    // SIGINT and SIGTERM sent to the group at once: the child heard SIGINT first, this one SIGTERM.
    send('SIGTERM');
    running.exit(130, null);
    expect(await code).toBe(130);
  });

  it("exits with the child's code when no signal came, and stops listening", async () => {
    const { emitter, listening } = source();
    const running = new Child();
    const code = forwardStopSignals(running, emitter);
    running.exit(3, null);
    expect(await code).toBe(3);
    expect(running.sent).toEqual([]);
    expect(listening()).toEqual([0, 0]);
  });
});

describe('heard', () => {
  it('lets the loop deliver what came during blocking work, then throws if aborted', async () => {
    const stop = new AbortController();
    // As a signal's listener would, once the loop turns.
    setImmediate(() => stop.abort(new Error('interrupted by SIGINT')));
    await expect(heard(stop.signal)).rejects.toThrow('interrupted by SIGINT');
  });

  it('resolves when nothing aborted the work', async () => {
    await expect(heard(new AbortController().signal)).resolves.toBeUndefined();
  });
});

describe('runCommand', () => {
  const command = defineCommand({ name: 'npm run x --', description: 'x', options: {} });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('says an Interrupted by %s in one message and exits %i', async (signal, code) => {
    const err: string[] = [];
    const out: string[] = [];
    const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) };
    const exit = await runCommand(command, [], io, () => {
      throw new Interrupted(signal, `X interrupted by ${signal}; y was left as it was.`);
    });
    expect(exit).toBe(code);
    expect(err).toEqual([`X interrupted by ${signal}; y was left as it was.`]);
    expect(out).toEqual([]);
  });
});
