import { POSITION } from '../../../football/codes.ts';
import type { LineupEntry, SquadMember, TeamSheet } from './played-match.ts';
import type { Rng } from '../random.ts';

/**
 * A team in a simulated match: the lines its players belong to, the eleven and the substitutes it
 * names, and who of them is on the pitch, booked or already substituted as the match goes on.
 */

/** The `position` id of a goalkeeper. */
export const GOALKEEPER = POSITION.goalkeeper;

/** The four lines of a team, from the `position` id. */
export type Line = 'gk' | 'def' | 'mid' | 'fwd';

/** The line a `position` id belongs to (ids up to 19 defend, 20-23 play midfield, the rest attack). */
export function lineOf(position: number): Line {
  if (position === GOALKEEPER) return 'gk';
  if (position <= POSITION.rightWingBack) return 'def';
  if (position <= POSITION.rightWinger) return 'mid';
  return 'fwd';
}

/** One team's state during the match. */
export class TeamState {
  readonly onPitch: SquadMember[];
  readonly bench: SquadMember[];
  readonly lineups: LineupEntry[] = [];
  /** Time key at which each player was booked. */
  readonly booked = new Map<string, number>();
  /** Players who came on (never taken off again). */
  readonly cameOn = new Set<string>();
  /** A player a forced second yellow is for: not taken off or sent off otherwise. */
  target: string | null = null;
  subsUsed = 0;

  constructor(
    readonly sheet: TeamSheet,
    starters: SquadMember[],
    bench: SquadMember[],
    readonly captainUnknown: boolean,
  ) {
    this.onPitch = starters.slice();
    this.bench = bench.slice();
    const captain =
      sheet.captaincy.find((id) => starters.some((m) => m.player === id)) ?? starters[0]!.player;
    for (const member of starters) {
      this.lineups.push({
        team: sheet.team,
        player: member.player,
        position: member.position,
        number: member.number,
        starting: true,
        captain: captainUnknown ? null : member.player === captain,
      });
    }
  }

  /** Outfield players on the pitch that may be taken off or sent off. */
  removable(): SquadMember[] {
    return this.onPitch.filter((m) => lineOf(m.position) !== 'gk' && m.player !== this.target);
  }

  /** A substitute comes on: he gets a line-up row and uses one of the team's substitutions. */
  bringOn(member: SquadMember): void {
    this.bench.splice(this.bench.indexOf(member), 1);
    this.onPitch.push(member);
    this.cameOn.add(member.player);
    this.subsUsed++;
    this.lineups.push({
      team: this.sheet.team,
      player: member.player,
      position: member.position,
      number: member.number,
      starting: false,
      captain: this.captainUnknown ? null : false,
    });
  }

  /** A player leaves the pitch (substituted, injured or sent off). */
  leave(player: string): void {
    const index = this.onPitch.findIndex((m) => m.player === player);
    if (index < 0) throw new Error(`player ${player} is not on the pitch`);
    this.onPitch.splice(index, 1);
  }
}

/** A member drawn with probability proportional to `weight`; null when no one weighs anything. */
export function weightedMember(
  rng: Rng,
  members: readonly SquadMember[],
  weight: (m: SquadMember) => number,
): SquadMember | null {
  const items = members.map((m) => [m, weight(m)] as const).filter(([, w]) => w > 0);
  return items.length === 0 ? null : rng.weighted(items);
}

/**
 * Picks the starting eleven (one goalkeeper, a formation of outfield players) and the named
 * substitutes.
 */
export function pickLineup(
  rng: Rng,
  sheet: TeamSheet,
): { starters: SquadMember[]; bench: SquadMember[] } {
  const formation = rng.weighted<readonly [number, number, number]>([
    [[4, 3, 3], 5],
    [[4, 4, 2], 4],
    [[3, 5, 2], 2],
    [[5, 3, 2], 1],
    [[4, 5, 1], 2],
  ]);
  // Form on the day: the better a player's form, the likelier he starts.
  const form = new Map(sheet.squad.map((m) => [m.player, m.quality + rng.float(0, 0.45, 4)]));
  const byForm = (members: readonly SquadMember[]): SquadMember[] =>
    members
      .slice()
      .sort((a, b) => form.get(b.player)! - form.get(a.player)! || a.number - b.number);
  const keepers = byForm(sheet.squad.filter((m) => lineOf(m.position) === 'gk'));
  if (keepers.length === 0) throw new Error(`team ${sheet.team} has no goalkeeper`);
  const starters: SquadMember[] = [keepers[0]!];
  const lines: Line[] = ['def', 'mid', 'fwd'];
  lines.forEach((line, i) => {
    starters.push(
      ...byForm(sheet.squad.filter((m) => lineOf(m.position) === line)).slice(0, formation[i]!),
    );
  });
  // A squad short of one line fills the eleven with its best remaining outfield players.
  const outfield = byForm(
    sheet.squad.filter((m) => lineOf(m.position) !== 'gk' && !starters.includes(m)),
  );
  while (starters.length < 11) starters.push(outfield.shift()!);
  const benchOutfield = outfield.filter((m) => !starters.includes(m)).slice(0, sheet.benchSize - 1);
  const bench = [...(keepers[1] ? [keepers[1]] : []), ...benchOutfield];
  return { starters, bench };
}
