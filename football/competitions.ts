/**
 * Which teams play a competition. A national team is its country in the model (a country's
 * men's and women's teams are one `country` row), so what tells them apart is the competition:
 * the sources' women's competitions are declared here by name, and every other competition is
 * men's. The build keeps the two apart wherever it sums matches across competitions (a team's
 * record against an opponent, its scorers).
 */

/** The teams a competition is played by. */
export type TeamGender = 'men' | 'women';

/** Every gender, in the order the API lists them. */
export const TEAM_GENDERS: readonly TeamGender[] = ['men', 'women'];

/** Competitions of women's teams, by name as the sources write it. */
export const WOMENS_COMPETITIONS: readonly string[] = ["FIFA Women's World Cup"];

/** SQL of the gender of the teams of a competition whose name is the SQL `name`. */
export const genderSql = (name: string): string =>
  `CASE WHEN ${name} IN (${WOMENS_COMPETITIONS.map((c) => `'${c.replaceAll("'", "''")}'`).join(', ')})
    THEN 'women' ELSE 'men' END`;
