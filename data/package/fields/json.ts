import { Mismatch, type CellValue, type Parse } from './types.ts';

/**
 * The types whose text is JSON, or a point: `object`, `array`, `geopoint` (in its three formats)
 * and `geojson` (GeoJSON or TopoJSON).
 */

/** A text parsed as JSON, or `undefined` (which JSON cannot be) when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object: not an array, not null. */
export function isObject(value: unknown): value is { readonly [key: string]: CellValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An `object` or `array` field: the text is JSON of that kind. */
export function jsonParser(type: 'object' | 'array'): Parse {
  const array = type === 'array';
  const mismatch = new Mismatch(
    array ? 'a JSON array such as [1, 2]' : 'a JSON object such as {"a": 1}',
  );
  return (text) => {
    const value = parseJson(text);
    return (array ? Array.isArray(value) : isObject(value)) ? (value as CellValue) : mismatch;
  };
}

/** How each format of a `geopoint` writes a point, for the error. */
const GEOPOINT_EXPECTED: Record<string, string> = {
  default: 'a point as "lon, lat" such as "90.50, 45.50"',
  array: 'a point as [lon, lat] such as [90.50, 45.50]',
  object: 'a point as {"lon": 90.50, "lat": 45.50}',
};

const DECIMAL = '([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+))';
/** "lon, lat": two decimal numbers, the space after the comma optional (the specification). */
const LON_LAT = new RegExp(`^${DECIMAL}, ?${DECIMAL}$`);

/**
 * A `geopoint` field, in any of its three formats, as `[lon, lat]`: a longitude within ±180, a
 * latitude within ±90.
 */
export function geopointParser(format: string): Parse {
  const mismatch = new Mismatch(GEOPOINT_EXPECTED[format]!);
  const read = (text: string): unknown[] | null => {
    if (format === 'default') {
      const match = LON_LAT.exec(text);
      return match ? [Number(match[1]), Number(match[2])] : null;
    }
    const json = parseJson(text);
    if (format === 'array') return Array.isArray(json) && json.length === 2 ? json : null;
    const keys = isObject(json) ? Object.keys(json).sort().join() : '';
    return isObject(json) && keys === 'lat,lon' ? [json['lon'], json['lat']] : null;
  };
  return (text) => {
    const point = read(text);
    if (point === null) return mismatch;
    const [lon, lat] = point;
    if (typeof lon !== 'number' || typeof lat !== 'number') return mismatch;
    return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? [lon, lat] : mismatch;
  };
}

/** The `type` of a GeoJSON object (RFC 7946). */
const GEOJSON_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
  'Feature',
  'FeatureCollection',
]);

/**
 * A `geojson` field: a JSON object of a GeoJSON type, or with the `topojson` format a TopoJSON
 * topology with its `objects`. Its type is checked, not its geometry.
 */
export function geojsonParser(format: string): Parse {
  const topo = format === 'topojson';
  const mismatch = new Mismatch(topo ? 'a TopoJSON object' : 'a GeoJSON object');
  return (text) => {
    const value = parseJson(text);
    if (!isObject(value)) return mismatch;
    const type = value['type'];
    const ok = topo
      ? type === 'Topology' && isObject(value['objects'])
      : typeof type === 'string' && GEOJSON_TYPES.has(type);
    return ok ? value : mismatch;
  };
}
