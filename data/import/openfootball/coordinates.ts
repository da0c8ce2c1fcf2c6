/** A point in decimal degrees (south and west negative). */
export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

/**
 * One angle: degrees, optional minutes and seconds (DMS), or decimal degrees; then the hemisphere.
 */
const ANGLE = /^(\d+(?:\.\d+)?)°(?:(\d+(?:\.\d+)?)['′](?:(\d+(?:\.\d+)?)["″])?)?([NSEW])$/;

/**
 * The stadium files' coordinates -> decimal degrees. They come as degrees-minutes-seconds text
 * (`22°54'44"S 43°13'49"W`, seconds may have decimals, minutes may lack seconds) or as decimal
 * degrees (`37.403°N 121.970°W`): latitude first, then longitude. S and W are negative. Rounded to
 * 6 decimals (about 0.1 m, finer than the source) so the stored value does not carry float noise.
 * An empty text is null (the source does not know, e.g. Arena Pantanal in 2014); anything else
 * unreadable throws.
 */
export function parseCoordinates(text: string): Coordinates | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = trimmed.split(/\s+/);
  if (parts.length !== 2) throw new Error(`coordinates "${text}": expected latitude and longitude`);
  const [lat, lon] = parts.map((p) => angle(p, text)) as [Angle, Angle];
  if (!'NS'.includes(lat.hemisphere) || !'EW'.includes(lon.hemisphere))
    throw new Error(`coordinates "${text}": latitude (N/S) first, then longitude (E/W)`);
  if (Math.abs(lat.value) > 90 || Math.abs(lon.value) > 180)
    throw new Error(`coordinates "${text}": out of range`);
  return { latitude: lat.value, longitude: lon.value };
}

interface Angle {
  readonly value: number;
  readonly hemisphere: string;
}

function angle(part: string, text: string): Angle {
  const m = ANGLE.exec(part);
  if (!m) throw new Error(`coordinates "${text}": cannot read "${part}"`);
  const [, degrees, minutes, seconds, hemisphere] = m;
  if (Number(minutes ?? 0) >= 60 || Number(seconds ?? 0) >= 60)
    throw new Error(`coordinates "${text}": minutes or seconds of 60 or more`);
  const abs = Number(degrees) + Number(minutes ?? 0) / 60 + Number(seconds ?? 0) / 3600;
  const value = Math.round(abs * 1e6) / 1e6;
  return {
    value: value !== 0 && (hemisphere === 'S' || hemisphere === 'W') ? -value : value,
    hemisphere: hemisphere!,
  };
}
