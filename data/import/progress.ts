import { SingleBar } from 'cli-progress';

/** Reports the progress of one import step: `tick()` per source record, `done()` at the end. */
export interface StepProgress {
  tick(n?: number): void;
  done(): void;
}

/** Creates step progress reporters; the importers call `step` once per concept they import. */
export interface Progress {
  step(name: string, total: number): StepProgress;
}

/** A progress reporter that shows nothing (tests, non-TTY output). */
export const SILENT: Progress = { step: () => ({ tick: () => {}, done: () => {} }) };

/** A cli-progress bar on stderr, one step at a time (cleared when the step ends). */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): Progress {
  return {
    step(name, total) {
      const bar = new SingleBar({
        format: '{step} [{bar}] {percentage}% {value}/{total}',
        hideCursor: true,
        clearOnComplete: true,
        stream,
      });
      bar.start(Math.max(total, 1), 0, { step: name.padEnd(16) });
      let value = 0;
      return {
        // Redrawing is throttled by cli-progress itself (fps), so ticking per record is cheap.
        tick: (n = 1) => bar.update((value += n)),
        done: () => bar.stop(),
      };
    },
  };
}
