/**
 * Named fault-injection points, for the tests that prove a killed or failing build or import loses
 * nothing.
 * `FOOTBALL_FAULT=<point>[@<n>]` makes the n-th passage (default the first) of that point in a
 * thread kill the whole process with SIGKILL, as a power cut or the OOM killer would, or, with
 * `FOOTBALL_FAULT_ACTION=throw`, throw an error there, or with `FOOTBALL_FAULT_ACTION=enospc` the
 * error a write to a full disk throws (`ENOSPC`). Unset, a point costs one comparison.
 *
 * Points: `render` (each record rendered), `write` (each file written), `archive:segment` (each
 * segment copied into an archive), `publish:complete`, `publish:renamed`, `publish:linked`,
 * `publish:flipped` (between the steps of the publish; an archive has `complete` and `flipped`,
 * and in parts `placed`, its parts beside the entry point that does not name them yet);
 * `import:row` (each row an import inserts).
 */

const [point, nth] = (process.env['FOOTBALL_FAULT'] ?? '').split('@');
let remaining = Number(nth ?? 1);

/** Passes the named point: a no-op unless `FOOTBALL_FAULT` names it. */
export function faultPoint(name: string): void {
  if (name !== point || --remaining > 0) return;
  const action = process.env['FOOTBALL_FAULT_ACTION'];
  if (action === 'throw') throw new Error(`fault injected at ${name} (FOOTBALL_FAULT)`);
  if (action === 'enospc')
    throw Object.assign(
      new Error(`ENOSPC: no space left on device, write (fault injected at ${name})`),
      { code: 'ENOSPC', errno: -28, syscall: 'write' },
    );
  process.kill(process.pid, 'SIGKILL');
}
