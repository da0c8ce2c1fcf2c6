import { WEATHER_ID } from '../../../football/codes.ts';
import type { Rng } from '../random.ts';

/**
 * Match conditions: the temperature and humidity at kickoff and the weather at kickoff, half time
 * and full time, plausible for the place, the month and the hour.
 */

/**
 * Climate of a country at sea level: annual mean of the afternoon temperature, half the seasonal
 * swing (°C), and rain chances by season.
 */
interface Climate {
  readonly mean: number;
  readonly swing: number;
  /** Chance of rain at a match in the warm half of the year and in the cold half. */
  readonly rain: readonly [summer: number, winter: number];
}

const CLIMATES: Readonly<Record<string, Climate>> = {
  Spain: { mean: 20, swing: 8, rain: [0.06, 0.22] },
  France: { mean: 16, swing: 8, rain: [0.18, 0.32] },
  Portugal: { mean: 20, swing: 6, rain: [0.05, 0.28] },
  Norway: { mean: 9, swing: 9, rain: [0.3, 0.38] },
  Türkiye: { mean: 18, swing: 10, rain: [0.08, 0.3] },
  'Bosnia and Herzegovina': { mean: 15, swing: 11, rain: [0.15, 0.3] },
  // Sea-level equivalent: the tournament grounds are high, and June is the start of the rainy
  // season.
  Mexico: { mean: 33, swing: 3, rain: [0.35, 0.1] },
};
const DEFAULT_CLIMATE: Climate = { mean: 17, swing: 8, rain: [0.15, 0.25] };

/** `weather` ids (reference/lists.ts). */
const W = WEATHER_ID;

/** The sky from clear to heavy rain: weather drifts along this scale during a match. */
const SKY: readonly number[] = [
  W.clear,
  W.fewClouds,
  W.partlyCloudy,
  W.mostlyCloudy,
  W.overcast,
  W.lightRain,
  W.rain,
  W.heavyRain,
];
const SNOW: readonly number[] = [W.overcast, W.flurries, W.lightSnow, W.heavySnow];
const WINDY: Readonly<Record<number, number>> = {
  [W.clear]: W.clearWindy,
  [W.fewClouds]: W.clearWindy,
  [W.partlyCloudy]: W.partlyWindy,
  [W.mostlyCloudy]: W.mostlyWindy,
  [W.overcast]: W.overcastWindy,
};
const CALM: Readonly<Record<number, number>> = {
  [W.clearWindy]: W.clear,
  [W.partlyWindy]: W.partlyCloudy,
  [W.mostlyWindy]: W.mostlyCloudy,
  [W.overcastWindy]: W.overcast,
};

/** Relative humidity range (%) by weather at kickoff. */
function humidityRange(weather: number): readonly [number, number] {
  if (weather === W.hotDry) return [18, 38];
  if (weather === W.hotHumid) return [65, 85];
  if (weather === W.fog) return [90, 100];
  if (weather >= W.lightRain && weather <= W.heavyRain) return [78, 98];
  if (weather >= W.flurries) return [75, 95];
  if (
    weather === W.overcast ||
    weather === W.mostlyCloudy ||
    weather === W.overcastWindy ||
    weather === W.mostlyWindy
  )
    return [55, 85];
  return [35, 70];
}

export interface ConditionsInput {
  /** Local date `YYYY-MM-DD` and kickoff `HH:MM:SS`. */
  readonly date: string;
  readonly kickoff: string;
  /** Country name of the venue. */
  readonly country: string;
  /** Venue altitude in metres, when known. */
  readonly altitude: number | null;
  /** Whether the source does not give the humidity. */
  readonly humidityUnknown: boolean;
}

export interface Conditions {
  readonly temperature: number;
  readonly humidity: number | null;
  readonly kickoff: number;
  readonly halftime: number;
  readonly fulltime: number;
}

/** One step of the weather during a match: mostly unchanged, otherwise a neighbouring state. */
function drift(rng: Rng, weather: number, cold: boolean): number {
  if (rng.chance(0.65)) return weather;
  if (CALM[weather] !== undefined) return rng.chance(0.5) ? CALM[weather]! : weather;
  if (weather === W.hotDry || weather === W.hotHumid)
    return rng.chance(0.7) ? weather : W.partlyCloudy;
  if (weather === W.fog) return rng.chance(0.5) ? W.overcast : W.fog;
  const scale = SNOW.includes(weather) && weather !== W.overcast ? SNOW : SKY;
  const index = scale.indexOf(weather);
  if (index < 0) return weather;
  const next = scale[Math.max(0, Math.min(scale.length - 1, index + (rng.chance(0.5) ? 1 : -1)))]!;
  if (cold && next === W.lightRain && rng.chance(0.5)) return W.flurries;
  if (WINDY[next] !== undefined && rng.chance(0.1)) return WINDY[next]!;
  return next;
}

/** Draws the conditions of one match. */
export function drawConditions(rng: Rng, input: ConditionsInput): Conditions {
  const climate = CLIMATES[input.country] ?? DEFAULT_CLIMATE;
  const month = Number(input.date.slice(5, 7));
  const hour = Number(input.kickoff.slice(0, 2));
  // Warmest in late July; evenings cooler than afternoons; 6.5 °C cooler per 1000 m.
  const seasonal = climate.mean + climate.swing * Math.cos((2 * Math.PI * (month - 7.3)) / 12);
  const byHour = hour >= 20 ? -4 : hour >= 18 ? -2.5 : hour >= 16 ? -1 : 0;
  const temperature =
    Math.round((seasonal + byHour - 0.0065 * (input.altitude ?? 0) + rng.float(-3, 3, 1)) * 10) /
    10;
  const summer = month >= 4 && month <= 9;
  const rainy = rng.chance(summer ? climate.rain[0] : climate.rain[1]);
  const cold = temperature <= 2;

  let kickoff: number;
  if (rainy && cold)
    kickoff = rng.weighted([
      [W.flurries, 3],
      [W.lightSnow, 3],
      [W.heavySnow, 1],
      [W.lightRain, 2],
    ]);
  else if (rainy)
    kickoff = rng.weighted([
      [W.lightRain, 5],
      [W.rain, 3],
      [W.heavyRain, 1],
    ]);
  else if (temperature >= 28)
    kickoff = rng.weighted([
      [W.hotDry, 3],
      [W.hotHumid, 2],
      [W.clear, 3],
      [W.fewClouds, 2],
    ]);
  else {
    kickoff = rng.weighted([
      [W.clear, 4],
      [W.fewClouds, 3],
      [W.partlyCloudy, 3],
      [W.mostlyCloudy, 2],
      [W.overcast, summer ? 1 : 3],
      [W.fog, !summer && temperature < 12 ? 0.5 : 0.01],
    ]);
    if (WINDY[kickoff] !== undefined && rng.chance(0.12)) kickoff = WINDY[kickoff]!;
  }
  const [low, high] = humidityRange(kickoff);
  const humidity = Math.min(100, rng.int(low, high) + (hour >= 20 ? 4 : 0));
  const halftime = drift(rng, kickoff, cold);
  const fulltime = drift(rng, halftime, cold);
  return {
    temperature,
    humidity: input.humidityUnknown ? null : humidity,
    kickoff,
    halftime,
    fulltime,
  };
}
