/**
 * The fixed reference value lists with the ids the original service used, plus the lists the
 * project numbers itself (time zones, modifier categories; docs/api.md#reference-lists).
 * Sources and the demo generator load these verbatim, so an id means the same thing whatever filled
 * the database.
 */

/** An (id, label) pair of a fixed reference set. */
export type RefEntry = readonly [id: number, label: string];

export const CONFEDERATIONS: readonly RefEntry[] = [
  [10, 'AFC'],
  [11, 'CAF'],
  [12, 'CONCACAF'],
  [13, 'CONMEBOL'],
  [14, 'OFC'],
  [15, 'UEFA'],
  // A world body for world competitions, with an id of its own.
  [16, 'FIFA'],
];

/** Confederation ids by acronym, for readable code elsewhere. */
/** A confederation's acronym (FIFA included, as the world body). */
export type ConfederationCode = 'AFC' | 'CAF' | 'CONCACAF' | 'CONMEBOL' | 'OFC' | 'UEFA' | 'FIFA';

export const CONFEDERATION_ID = Object.fromEntries(
  CONFEDERATIONS.map(([id, name]) => [name, id]),
) as Record<ConfederationCode, number>;

export const PHASES: readonly RefEntry[] = [
  [1, 'League'],
  [2, 'Group'],
  [3, 'Knockout'],
];

export const GROUP_ROUNDS: readonly RefEntry[] = [
  [10, 'Group Stage'],
  [11, 'First Round'],
  [12, 'Second Round'],
  [13, 'Third Round'],
  [14, 'Fourth Round'],
  [15, 'Final Round'],
  [16, 'Playoff Group'],
  [17, 'Championship Group'],
  [18, 'Promotion Group'],
  [19, 'Relegation Group'],
];

export const KNOCKOUT_ROUNDS: readonly RefEntry[] = [
  [10, 'Extra Preliminary Round'],
  [11, 'Preliminary Round'],
  [12, 'First Qualifying Round'],
  [13, 'Second Qualifying Round'],
  [14, 'Third Qualifying Round'],
  [15, 'Fourth Qualifying Round'],
  [16, 'First Round'],
  [17, 'Second Round'],
  [18, 'Third Round'],
  [19, 'Fourth Round'],
  [20, 'Fifth Round'],
  [21, 'Sixth Round'],
  [22, 'Seventh Round'],
  [23, 'Eighth Round'],
  [24, 'Round of 64 (1/32)'],
  [25, 'Round of 32 (1/16)'],
  [26, 'Round of 16 (1/8)'],
  // The original service wrote 'Quarterfinal (1/4)' and 'Semi-Final (1/2)'; the two are spelled
  // as the other names of compound words are (Play-off, Full-back): hyphen, lower case after it.
  [27, 'Quarter-final (1/4)'],
  [28, 'Semi-final (1/2)'],
  [29, 'Final'],
  [30, 'Qualifying Final'],
  [31, 'Preliminary Final'],
  [32, 'Grand Final'],
  // A third-place match, with an id of its own.
  [33, 'Third Place Play-off'],
];

export const POSITIONS: readonly RefEntry[] = [
  [10, 'Goalkeeper'],
  [11, 'Defender'],
  [12, 'Central Defender'],
  [13, 'Libero'],
  [14, 'Full-back'],
  [15, 'Left Full-back'],
  [16, 'Right Full-back'],
  [17, 'Wing-back'],
  [18, 'Left Wing-back'],
  [19, 'Right Wing-back'],
  [20, 'Midfielder'],
  [21, 'Central Midfielder'],
  [22, 'Left Winger'],
  [23, 'Right Winger'],
  [24, 'Left Forward'],
  [25, 'Central Forward'],
  [26, 'Right Forward'],
  [27, 'Striker'],
];

export const WEATHER: readonly RefEntry[] = [
  [10, 'Clear'],
  [11, 'Mostly Cloudy'],
  [12, 'Few Clouds'],
  [13, 'Hot and Dry'],
  [14, 'Hot and Humid'],
  [15, 'Partly Cloudy'],
  [16, 'Overcast'],
  [17, 'Fog/Mist'],
  [18, 'Light Rain'],
  [19, 'Rain'],
  [20, 'Heavy Rain'],
  [21, 'Clear and Windy'],
  [22, 'Partly Cloudy and Windy'],
  [23, 'Mostly Cloudy and Windy'],
  [24, 'Overcast and Windy'],
  [25, 'Snow Flurries'],
  [26, 'Light Snow'],
  [27, 'Heavy Snow'],
];

export const SURFACES: readonly RefEntry[] = [
  [1, 'AstroTurf Gen 1'],
  [2, 'AstroTurf Gen 2'],
  [3, 'FieldTurf'],
  [4, 'Other artificial'],
  [5, 'Mixed grass/artificial'],
  [6, 'Natural grass'],
];

export const BODY_PARTS: readonly RefEntry[] = [
  [1, 'Unknown'],
  [2, 'Foot'],
  [3, 'Left Foot'],
  [4, 'Right Foot'],
  [5, 'Head'],
  [6, 'Chest'],
  [7, 'Other'],
];

export const SHOT_EVENTS: readonly RefEntry[] = [
  [10, 'Unknown'],
  [11, 'Cross from free kick'],
  [12, 'Cross from corner kick'],
  [13, 'Cross from throw-in'],
  [14, 'Cross from open play'],
  [15, 'Direct from corner kick'],
  [16, 'Direct from free kick'],
  [17, 'Flick on from corner kick'],
  [18, 'Flick on from free kick'],
  [19, 'Flick on from throw-in'],
  [20, 'Through pass creates 1-on-1'],
  [21, 'Contested scramble'],
  [22, 'Close-range re-direction'],
  [23, 'Deflected shot'],
  [24, 'Shot inside goal area'],
  [25, 'Shot outside goal area'],
  [26, 'Shot outside penalty area'],
  [27, 'Shot following rebound'],
  [28, 'Defensive giveaway'],
  [29, 'Maneuver around goalkeeper'],
];

export const CARDS: readonly RefEntry[] = [
  [1, 'Yellow'],
  [2, 'Yellow/Red'],
  [3, 'Red'],
];

export const FOULS: readonly RefEntry[] = [
  [10, 'Unknown'],
  [11, 'Handball'],
  [12, 'Intentional handball'],
  [13, 'Holding'],
  [14, 'Off-the-ball infraction'],
  [15, 'Dangerous play'],
  [16, 'Reckless challenge'],
  [17, 'Excessive celebration'],
  [18, 'Simulation'],
  [19, 'Dissent'],
  [20, 'Persistent infringement'],
  [21, 'Delaying restart'],
  [22, 'Deadball encroachment'],
  [23, 'Unauthorized field entrance/exit'],
  [24, 'Serious foul play'],
  [25, 'Violent conduct'],
  [26, 'Abusive language'],
  [27, 'Spitting'],
  [28, 'Professional foul'],
  [29, 'Handball denied scoring opportunity'],
];

export const PENALTY_OUTCOMES: readonly RefEntry[] = [
  [1, 'Goal'],
  [2, 'Miss'],
  [3, 'Save'],
  [4, 'Wide of post'],
  [5, 'Over crossbar'],
  [6, 'Hit post'],
  [7, 'Hit crossbar'],
];

export const NAME_ORDERS: readonly RefEntry[] = [
  [10, 'Western'],
  [11, 'Middle'],
  [12, 'Eastern'],
];

/** Name order ids by meaning. */
export const NAME_ORDER = { western: 10, middle: 11, eastern: 12 } as const;

/**
 * Modifier categories: the original service's names, ids numbered by the project (1..16).
 */
export const MODIFIER_CATEGORIES: readonly RefEntry[] = [
  [1, 'Substitution'],
  [2, 'Body Part'],
  [3, 'Goal Region'],
  [4, 'Shot Direction'],
  [5, 'Field Sector'],
  [6, 'Pass Type'],
  [7, 'Play Outcome'],
  [8, 'Set-piece Type'],
  [9, 'Shot Type'],
  [10, 'Foul Type'],
  [11, 'Card Type'],
  [12, 'Shot Distance'],
  [13, 'Goalkeeper Action'],
  [14, 'Shot Outcome'],
  [15, 'Important Play'],
  [16, 'Miscellaneous'],
];

/**
 * Time zone regions, numbered by the project. `offset` is the standard (non-daylight) offset from
 * UTC in decimal hours; the confederation is the one whose territory the region mostly covers.
 */
export const TIMEZONES: readonly (readonly [
  id: number,
  name: string,
  confederation: number,
  offset: number,
])[] = [
  [1, 'Pacific/Auckland', 14, 12],
  [2, 'Pacific/Fiji', 14, 12],
  [3, 'Pacific/Port_Moresby', 14, 10],
  [4, 'Australia/Sydney', 10, 10],
  [5, 'Australia/Perth', 10, 8],
  [6, 'Asia/Tokyo', 10, 9],
  [7, 'Asia/Seoul', 10, 9],
  [8, 'Asia/Shanghai', 10, 8],
  [9, 'Asia/Bangkok', 10, 7],
  [10, 'Asia/Kolkata', 10, 5.5],
  [11, 'Asia/Tehran', 10, 3.5],
  [12, 'Asia/Riyadh', 10, 3],
  [13, 'Asia/Qatar', 10, 3],
  [14, 'Africa/Cairo', 11, 2],
  [15, 'Africa/Johannesburg', 11, 2],
  [16, 'Africa/Lagos', 11, 1],
  [17, 'Africa/Casablanca', 11, 1],
  [18, 'Africa/Dakar', 11, 0],
  [19, 'Africa/Abidjan', 11, 0],
  [20, 'Africa/Nairobi', 11, 3],
  [21, 'Europe/Lisbon', 15, 0],
  [22, 'Europe/London', 15, 0],
  [23, 'Europe/Paris', 15, 1],
  [24, 'Europe/Berlin', 15, 1],
  [25, 'Europe/Madrid', 15, 1],
  [26, 'Europe/Rome', 15, 1],
  [27, 'Europe/Athens', 15, 2],
  [28, 'Europe/Istanbul', 15, 3],
  [29, 'Europe/Moscow', 15, 3],
  [30, 'Atlantic/Reykjavik', 15, 0],
  [31, 'America/St_Johns', 12, -3.5],
  [32, 'America/Halifax', 12, -4],
  [33, 'America/New_York', 12, -5],
  [34, 'America/Chicago', 12, -6],
  [35, 'America/Denver', 12, -7],
  [36, 'America/Los_Angeles', 12, -8],
  [37, 'America/Mexico_City', 12, -6],
  [38, 'America/Costa_Rica', 12, -6],
  [39, 'America/Jamaica', 12, -5],
  [40, 'America/Port_of_Spain', 12, -4],
  [41, 'America/Bogota', 13, -5],
  [42, 'America/Lima', 13, -5],
  [43, 'America/Caracas', 13, -4],
  [44, 'America/La_Paz', 13, -4],
  [45, 'America/Santiago', 13, -4],
  [46, 'America/Asuncion', 13, -4],
  [47, 'America/Sao_Paulo', 13, -3],
  [48, 'America/Argentina/Buenos_Aires', 13, -3],
  [49, 'America/Montevideo', 13, -3],
  [50, 'America/Guayaquil', 13, -5],
  // Regions of World Cup stadiums (openfootball's stadium files, 2014–2026) not covered above.
  [51, 'America/Manaus', 13, -4],
  [52, 'Europe/Kaliningrad', 15, 2],
  [53, 'Europe/Samara', 15, 4],
  [54, 'Asia/Yekaterinburg', 15, 5],
  [55, 'America/Vancouver', 12, -8],
  [56, 'America/Toronto', 12, -5],
];
