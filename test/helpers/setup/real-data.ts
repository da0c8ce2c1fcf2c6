import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import { NATIONAL_SOURCES } from '../../../cli/national.ts';

/** The project root (this file is test/helpers/setup/real-data.ts). */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Where the real source datasets are kept: `../shared/data/` relative to the project root (never in
 * the repo).
 */
export const REAL_DATA_ROOT = resolve(ROOT, '..', 'shared', 'data');

/**
 * The datasets of the national build the tests share (`national-setup.ts`), in the order the
 * build takes them: the three national sources, then Wyscout's events.
 */
export const NATIONAL_SETS: readonly string[] = [
  ...NATIONAL_SOURCES.map((source) => source.folder),
  'wyscout-pappalardo2019',
];

/**
 * The folder of a real dataset (`../shared/data/<name>`), or null when it is not there. In CI
 * (`CI=true`) the data is required, so a missing folder is an error rather than a silent skip.
 */
export function realDataDir(name: string): string | null {
  const dir = join(REAL_DATA_ROOT, name);
  if (existsSync(dir)) return dir;
  if (process.env['CI'] === 'true') {
    throw new Error(
      `real dataset ${name} is required in CI but missing: expected it at ${dir} (see docs/data.md#real-data)`,
    );
  }
  return null;
}

/**
 * A describe block that runs only when the real dataset `name` is present; otherwise it is skipped
 * with a message saying how to get the data. `fn` receives the dataset folder.
 */
export function describeReal(name: string, fn: (dir: string) => void): void {
  const dir = realDataDir(name);
  if (dir === null) {
    console.warn(
      `Skipping the tests on real data "${name}": copy the dataset folder to ${join(REAL_DATA_ROOT, name)} ` +
        '(docs/data.md#where-to-get-the-sources says where to get it) to run them.',
    );
  }
  describe.skipIf(dir === null)(`real data: ${name}`, () => fn(dir ?? ''));
}

/**
 * The names Fjelstul's `group_standings.csv` gives the stages that `matches.csv` names otherwise
 * (it calls the first one "group stage" or "first round").
 */
export const FJELSTUL_STANDINGS_STAGES: Readonly<Record<string, string>> = {
  'group stage': 'Group Stage',
  'first round': 'Group Stage',
  'first group stage': 'Group Stage',
  'second group stage': 'Second Round',
  'final round': 'Final Round',
};
