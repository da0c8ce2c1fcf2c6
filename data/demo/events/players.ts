import { POSITION as P } from '../../../football/codes.ts';
import { lineOf, type Line } from '../matches/match-team.ts';
import type { Rng } from '../random.ts';
import type { Point } from './pitch.ts';

/** 0 = the home team, 1 = the away team. */
export type Side = 0 | 1;

/** The other team. */
export const other = (side: Side): Side => (side === 0 ? 1 : 0);

/** A player of the match as the event generator moves him about. */
export interface Actor {
  readonly lineup: string;
  readonly team: string;
  readonly side: Side;
  readonly line: Line;
  /** Where across the pitch he plays (0 his team's left touchline, 100 its right). */
  readonly lane: number;
  readonly foot: 'left' | 'right';
}

/** A line-up row as the generator needs it. */
export interface LineupInfo {
  readonly id: string;
  readonly team: string;
  readonly position: number | null;
  readonly starting: boolean;
}

/** Positions played down the left or the right (position ids of the reference list). */
const LEFT = new Set([P.leftFullBack, P.leftWingBack, P.leftWinger, P.leftForward]);
const RIGHT = new Set([P.rightFullBack, P.rightWingBack, P.rightWinger, P.rightForward]);
/** Positions played on either flank: full-backs and wing-backs take turns. */
const FLANK = new Set([P.fullBack, P.wingBack]);

/** How far up the pitch each line stands when the ball is at the halfway line. */
const LINE_X: Readonly<Record<Line, number>> = { gk: 4, def: 28, mid: 50, fwd: 70 };

/**
 * The players of both teams and who of them is on the pitch. The generator plays the match in time
 * order and tells this class when someone comes on or leaves, so picks only ever return players on
 * the pitch at that moment.
 */
export class Squads {
  private readonly actors = new Map<string, Actor>();
  private readonly onPitch: [Actor[], Actor[]] = [[], []];

  constructor(rng: Rng, lineups: readonly LineupInfo[], teams: readonly [string, string]) {
    const flankTurn: [number, number] = [0, 0];
    for (const row of lineups) {
      const side: Side = row.team === teams[0] ? 0 : 1;
      const position = row.position ?? P.midfielder;
      const line = lineOf(position);
      let flank: 'left' | 'right' | null = LEFT.has(position)
        ? 'left'
        : RIGHT.has(position)
          ? 'right'
          : null;
      if (FLANK.has(position)) flank = flankTurn[side]++ % 2 === 0 ? 'left' : 'right';
      const lane =
        line === 'gk'
          ? 50
          : flank === 'left'
            ? rng.float(8, 26)
            : flank === 'right'
              ? rng.float(74, 92)
              : rng.float(30, 70);
      const foot = rng.chance(flank === 'left' ? 0.6 : 0.22) ? 'left' : 'right';
      const actor: Actor = { lineup: row.id, team: row.team, side, line, lane, foot };
      this.actors.set(row.id, actor);
      if (row.starting) this.onPitch[side].push(actor);
    }
  }

  /** The actor of a line-up row. */
  actor(lineup: string): Actor {
    const actor = this.actors.get(lineup);
    if (!actor) throw new Error(`demo events: unknown line-up ${lineup}`);
    return actor;
  }

  /** Whether a line-up is on the pitch now. */
  isOn(lineup: string): boolean {
    return this.onPitch.some((team) => team.some((a) => a.lineup === lineup));
  }

  /** A player comes on. */
  enter(lineup: string): void {
    const actor = this.actor(lineup);
    if (!this.isOn(lineup)) this.onPitch[actor.side].push(actor);
  }

  /** A player leaves (substituted, injured or sent off). */
  leave(lineup: string): void {
    const team = this.onPitch[this.actor(lineup).side];
    const index = team.findIndex((a) => a.lineup === lineup);
    if (index >= 0) team.splice(index, 1);
  }

  /**
   * The team's goalkeeper on the pitch (goalkeepers are never sent off or replaced in the demo).
   */
  keeper(side: Side): Actor {
    const keeper = this.onPitch[side].find((a) => a.line === 'gk');
    if (!keeper) throw new Error('demo events: a team without its goalkeeper');
    return keeper;
  }

  /**
   * A player of `side` likely to be near a place (in that team's view of the pitch): the lines move
   * up and down with the ball, players stay in their lanes, the goalkeeper only comes out to his
   * area.
   */
  near(
    rng: Rng,
    side: Side,
    at: Point,
    options: { exclude?: Actor | null; outfield?: boolean } = {},
  ): Actor {
    const shift = (at.x - 50) * 0.45;
    const candidates = this.onPitch[side].filter(
      (a) => a !== options.exclude && !(options.outfield && a.line === 'gk'),
    );
    const weighted = candidates.map((a) => {
      if (a.line === 'gk') return [a, at.x < 18 ? 0.5 : 0.003] as const;
      const dx = (at.x - (LINE_X[a.line] + shift)) / 20;
      const dy = (at.y - a.lane) / 24;
      return [a, Math.exp(-(dx * dx + dy * dy) / 2) + 0.01] as const;
    });
    return rng.weighted(weighted);
  }

  /**
   * An outfield player of `side` from the given lines, for set pieces (a corner taker, a penalty
   * box runner).
   */
  fromLines(rng: Rng, side: Side, lines: readonly Line[], exclude: Actor | null = null): Actor {
    const pool = this.onPitch[side].filter((a) => lines.includes(a.line) && a !== exclude);
    return rng.pick(
      pool.length > 0 ? pool : this.onPitch[side].filter((a) => a.line !== 'gk' && a !== exclude),
    );
  }
}
