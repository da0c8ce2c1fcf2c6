import { WEATHER } from '../../../football/lists.ts';
import {
  field,
  idsOf,
  labelsOf,
  type CollectionDef,
  type FieldDef,
  type NestedDef,
} from '../../define/resource.ts';
import type { Scope } from '../../define/scope.ts';
import { indexOnly, matchKey, matchParts, perMatch } from './parts.ts';
import { PHASE_PARAMS } from './phase.ts';

/** Match conditions: the weather of a match at kickoff, half time and full time. */

/** The weather ids at the three times, each one of `WEATHER`. */
function weatherIds(root: string): FieldDef[] {
  return [
    field(
      'kickoff_weather',
      'integer',
      `Weather id at kickoff (${root}/weather).`,
      'mc.kickoff_weather',
      idsOf(WEATHER),
    ),
    field(
      'halftime_weather',
      'integer',
      'Weather id at half time.',
      'mc.halftime_weather',
      idsOf(WEATHER),
    ),
    field(
      'fulltime_weather',
      'integer',
      'Weather id at full time.',
      'mc.fulltime_weather',
      idsOf(WEATHER),
    ),
  ];
}

/** The weather at the three times in words, under the original service's keys. */
const WEATHER_LABELS: FieldDef[] = [
  field(
    'kickoff_weather_conditions',
    'string',
    'Weather at kickoff (response key kickoffWeatherCondition, as the original service).',
    'kw.desc',
    { key: 'kickoffWeatherCondition', ...labelsOf(WEATHER) },
  ),
  field(
    'halftime_weather_conditions',
    'string',
    'Weather at half time (key halftimeWeatherCondition).',
    'hw.desc',
    { key: 'halftimeWeatherCondition', ...labelsOf(WEATHER) },
  ),
  field(
    'fulltime_weather_conditions',
    'string',
    'Weather at full time (key fulltimeWeatherCondition).',
    'fw.desc',
    { key: 'fulltimeWeatherCondition', ...labelsOf(WEATHER) },
  ),
];

/** v1's humidity at kickoff; v0 conditions have none (docs/api.md#the-v0-api). */
const HUMIDITY = field(
  'kickoff_humidity',
  'float',
  'Relative humidity at kickoff, percent.',
  'mc.kickoff_humidity',
);

/** The fields of a match's conditions. */
function conditionFields(scope: Scope): FieldDef[] {
  return [
    matchKey(scope),
    field('kickoff_temp', 'float', 'Temperature at kickoff, degrees Celsius.', 'mc.kickoff_temp'),
    ...(scope.version === 'v1' ? [HUMIDITY] : []),
    ...weatherIds(scope.root),
    ...WEATHER_LABELS,
  ];
}

/**
 * Phase details are not filters of conditions (v1; v0 has no phases): the message says
 * where to filter by phase instead.
 */
const REFUSED_PHASE = {
  names: PHASE_PARAMS,
  message:
    "Phase details cannot be used as filters on conditions; filter match info by phase, then read each match's conditions.",
};

/** `/<base>/matches/conditions`: the weather of each match, nested under the match. */
export function matchConditions(scope: Scope): NestedDef | CollectionDef {
  const m = matchParts(scope);
  return perMatch(m, 'conditions', {
    title: `Match conditions (${m.scopeName})`,
    description:
      'Weather at kickoff, half time and full time.' +
      (m.v1 ? ' Phase details cannot be used as filters here.' : ''),
    sql: {
      id: scope.own('mc'),
      from: `FROM match_condition mc JOIN match m ON m.id = mc.match
      LEFT JOIN weather kw ON kw.id = mc.kickoff_weather LEFT JOIN weather hw ON hw.id = mc.halftime_weather
      LEFT JOIN weather fw ON fw.id = mc.fulltime_weather ${m.where}`,
      hidden: { _date: 'm.match_date', _kickoff: 'm.kickoff_time' },
    },
    fields: indexOnly(
      ['match', 'kickoff_weather', 'halftime_weather', 'fulltime_weather'],
      conditionFields(scope),
    ),
    order: { by: ['_date', '_kickoff'], note: 'by match date and kickoff time' },
    ...(m.v1 ? { composition: { refused: REFUSED_PHASE } } : {}),
    links: { match: m.matchLink },
  });
}
