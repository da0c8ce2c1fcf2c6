/**
 * The seed and the sizes of the demo, apart from the generator (`generate.ts`, which re-exports
 * them): the programs' command lines name them without loading the generator.
 */

/** The default seed of the embedded demo dataset. */
export const DEMO_SEED = 20261120;

/**
 * How much of the season a demo plays. `full` is the whole season, 137 matches: the demo the tests
 * build and `npm run demo` writes. `lean` stops the league after its sixth matchday, a season in
 * progress, 77 matches and a third fewer files: the demo `npm start` builds, so that a first start
 * answers within seconds. Both hold every resource of both versions, and the six matches with
 * micro-events.
 */
export const DEMO_SIZES = {
  full: { leagueMatchdays: null },
  lean: { leagueMatchdays: 6 },
} as const satisfies Record<string, { readonly leagueMatchdays: number | null }>;

/** A demo size: `full` or `lean` (DEMO_SIZES). */
export type DemoSize = keyof typeof DEMO_SIZES;

/** Whether a command-line value names a demo size. */
export function isDemoSize(value: string): value is DemoSize {
  return Object.hasOwn(DEMO_SIZES, value);
}
