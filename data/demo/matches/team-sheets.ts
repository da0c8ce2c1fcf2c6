import { POSITION } from '../../../football/codes.ts';
import type { DemoContext } from '../context.ts';
import type { SquadMember, TeamSheet } from './played-match.ts';
import { lineOf } from './match-team.ts';
import type { DemoSquadEntry, MatchInputs } from './match-handles.ts';
import type { Rng } from '../random.ts';
import type { DemoPlayer } from '../squads.ts';

/**
 * The team sheets the match simulator plays with: every player's form, every team's strength and
 * its choice of captains, and the 23-man squads of the national tournament. Each concern draws
 * from a stream of its own (`matches:form`, `matches:strength`, ...).
 */

/** Named substitutes: seven at a club match, every other squad member at the tournament. */
const CLUB_BENCH = 7;
const NATIONAL_BENCH = 12;

/** Team sheets by team id (clubs) or country id (national teams), and the tournament squads. */
export interface TeamSheets {
  readonly sheets: ReadonlyMap<string, TeamSheet>;
  /** The tournament squads by country id. */
  readonly nationalSquads: Record<string, DemoSquadEntry[]>;
}

/** Draws the sheets of every club, then the squads and sheets of every tournament entrant. */
export function drawTeamSheets(
  ctx: DemoContext,
  inputs: MatchInputs,
  playerById: ReadonlyMap<string, DemoPlayer>,
): TeamSheets {
  const quality = drawForm(ctx, inputs, playerById);
  const strength = drawStrengths(ctx, inputs);
  const member = (id: string, number: number): SquadMember => {
    const player = playerById.get(id);
    if (!player) throw new Error(`demo matches: unknown player ${id}`);
    return { player: id, position: player.position, number, quality: quality.get(id) ?? 0.5 };
  };
  // One stream for every team's captains: clubs first, then the tournament entrants.
  const captainRng = ctx.rng('matches:captains');
  const sheet = (team: string, squad: SquadMember[], benchSize: number): TeamSheet => ({
    team,
    squad,
    captaincy: captaincy(captainRng, squad),
    benchSize,
    strength: strength.get(team) ?? 1,
  });
  const sheets = new Map<string, TeamSheet>();
  for (const club of inputs.clubs) {
    const squad = (inputs.playersByClub[club.id] ?? []).map((id) =>
      member(id, playerById.get(id)!.number),
    );
    sheets.set(club.id, sheet(club.id, squad, CLUB_BENCH));
  }
  const nationalSquads = drawNationalSquads(ctx, inputs, playerById);
  for (const [nation, squad] of Object.entries(nationalSquads)) {
    const members = squad.map((entry) => member(entry.player, entry.number));
    sheets.set(nation, sheet(nation, members, NATIONAL_BENCH));
  }
  return { sheets, nationalSquads };
}

/**
 * Form of every club player, which decides how often he starts; a club's first goalkeeper gets a
 * head start, so he is its number one.
 */
function drawForm(
  ctx: DemoContext,
  inputs: MatchInputs,
  playerById: ReadonlyMap<string, DemoPlayer>,
): Map<string, number> {
  const rng = ctx.rng('matches:form');
  const quality = new Map<string, number>();
  for (const squad of Object.values(inputs.playersByClub)) {
    const firstKeeper = squad.find((id) => playerById.get(id)?.position === POSITION.goalkeeper);
    for (const id of squad) quality.set(id, rng.float(0.1, 1, 3) + (id === firstKeeper ? 1 : 0));
  }
  return quality;
}

/** Relative strength of every club, then of every national team, around 1. */
function drawStrengths(ctx: DemoContext, inputs: MatchInputs): Map<string, number> {
  const rng = ctx.rng('matches:strength');
  const strength = new Map<string, number>();
  for (const club of inputs.clubs) strength.set(club.id, rng.float(0.75, 1.3, 3));
  for (const nation of inputs.nationalTournament.entrants)
    strength.set(nation, rng.float(0.8, 1.25, 3));
  return strength;
}

/** The three players in line for the armband: the players on form, with a little luck. */
function captaincy(rng: Rng, squad: readonly SquadMember[]): string[] {
  return squad
    .map((m) => [m.player, m.quality + rng.float(0, 0.6, 3)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id]) => id);
}

/**
 * Each entrant's 23: three goalkeepers (numbers 1, 12 and 23) and twenty outfield players, numbered
 * 2-22 from defence to attack (a pool short of outfield players takes more goalkeepers, numbered
 * last).
 */
function drawNationalSquads(
  ctx: DemoContext,
  inputs: MatchInputs,
  playerById: ReadonlyMap<string, DemoPlayer>,
): Record<string, DemoSquadEntry[]> {
  const rng = ctx.rng('matches:national-squads');
  const squads: Record<string, DemoSquadEntry[]> = {};
  for (const nation of inputs.nationalTournament.entrants) {
    const pool = (inputs.playersByCountry[nation] ?? []).map((id) => playerById.get(id)!);
    const outfieldPool = pool.filter((p) => lineOf(p.position) !== 'gk');
    // Twenty outfield players when the pool has them; goalkeepers (at least three) make up the
    // rest.
    const outfield = rng
      .shuffle(outfieldPool)
      .slice(0, Math.min(20, outfieldPool.length))
      .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
    const keepers = rng
      .shuffle(pool.filter((p) => lineOf(p.position) === 'gk'))
      .slice(0, 23 - outfield.length);
    if (keepers.length + outfield.length < 23)
      throw new Error(`demo matches: ${nation} has too few players for a squad of 23`);
    const keeperNumbers = [1, 12, 23];
    const free = Array.from({ length: 23 }, (_, i) => i + 1).filter(
      (n) => !keeperNumbers.includes(n),
    );
    squads[nation] = [
      ...keepers.map((p, i) => ({
        player: p.id,
        number: keeperNumbers[i] ?? free[outfield.length + i - 3]!,
      })),
      ...outfield.map((p, i) => ({ player: p.id, number: free[i]! })),
    ];
  }
  return squads;
}
