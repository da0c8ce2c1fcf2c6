/** A parsed request target: decoded path segments and query parameters. */
export interface Target {
  /**
   * Decoded path segments, without empty leading/trailing ones; null when the path is unsafe or
   * malformed.
   */
  segments: string[] | null;
  /** Query parameters in request order, each decoded once; null when the query is malformed. */
  params: [string, string][] | null;
  /** Names given more than once. */
  repeated: string[];
}

/**
 * Splits a request target (`/v1/persons?last_name=M%C3%BCller`) into decoded path segments and
 * query parameters. Every segment and value is percent-decoded exactly once; in the query `+` is a
 * space, as form-encoding clients send it, except in `time` where it separates stoppage minutes
 * (`90+3`). Segments that could leave the output folder after decoding (`.`, `..`, backslashes,
 * NUL, an encoded `/`) make the whole path unsafe.
 */
export function parseTarget(target: string): Target {
  const hash = target.indexOf('#');
  const raw = hash === -1 ? target : target.slice(0, hash);
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  const query = q === -1 ? '' : raw.slice(q + 1);
  return { segments: parsePath(path), ...parseQuery(query) };
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

function parsePath(path: string): string[] | null {
  if (!path.startsWith('/')) return null;
  const parts = path.slice(1).split('/');
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop(); // a trailing slash changes nothing
  const segments: string[] = [];
  for (const part of parts) {
    const s = decode(part);
    if (s === null || s === '' || s === '.' || s === '..' || /[/\\\0]/.test(s)) return null;
    segments.push(s);
  }
  return segments;
}

function parseQuery(query: string): Pick<Target, 'params' | 'repeated'> {
  const params: [string, string][] = [];
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode((eq === -1 ? part : part.slice(0, eq)).replaceAll('+', ' '));
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    // Form encoding (most HTTP clients) sends spaces as `+`; `time` keeps it, as a stoppage
    // separator.
    const value = decode(name === 'time' ? rawValue : rawValue.replaceAll('+', ' '));
    if (name === null || value === null) return { params: null, repeated };
    if (seen.has(name) && !repeated.includes(name)) repeated.push(name);
    seen.add(name);
    params.push([name, value]);
  }
  return { params, repeated };
}
