/**
 * What the counts of the statistics a player's page shows are, in words (`/v1/{match_type}/
 * stats/<group>/<name>` records are keyed by short names such as `isFirstgoal` or `totalNoCcS`;
 * OPTIONS of each resource describes them at length).
 */
const LABELS: Readonly<Record<string, string>> = {
  // goals/totals
  isFirstgoal: 'Scored the first goal',
  isWinner: 'Scored the winning goal',
  freekick: 'From free kicks',
  openplay: 'From open play',
  corners: 'From corners',
  throwins: 'From throw-ins',
  penalties: 'From penalties',
  substitute: 'After coming on',
  other: 'From broken play',
  // shots/totals
  ontarget: 'On target',
  offtarget: 'Off target',
  dangerous: 'Clear chances',
  // passes/totals
  totalS: 'Completed',
  totalF: 'Not completed',
  totalNoCcS: 'Completed, crosses and corners aside',
  totalNoCcF: 'Not completed, crosses and corners aside',
  longballS: 'Long balls completed',
  longballF: 'Long balls not completed',
  layoffsS: 'Lay-offs completed',
  layoffsF: 'Lay-offs not completed',
  throughballs: 'Through balls',
  importantPasses: 'Key passes and assists',
  // touches/totals
  dribbleOverruns: 'Runs that lost the ball',
  dribbleS: 'Take-ons won',
  dribbleF: 'Take-ons lost',
  balltouchS: 'Touches controlled',
  balltouchF: 'Touches that missed the ball',
  possessionLoss: 'Possession lost',
  total: 'Touches',
};

/** A count's label; a key without one is spelt out from its camelCase. */
export function statLabel(key: string): string {
  const label = LABELS[key];
  if (label) return label;
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A count's value: yes or no for the flags, the number otherwise. */
export const statValue = (value: unknown): string =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
