/**
 * The SQL of a player's name, shared by the resources that show one (lineups, substitutions,
 * squads) and the derived tables that order players by it (a team's squad figures).
 */

/** A player's full name through the lineup row `alias`. */
export function playerName(alias: string): string {
  return `(SELECT n.full_name FROM player pl JOIN person_name n ON n.id = pl.person WHERE pl.id = ${alias}.player)`;
}
