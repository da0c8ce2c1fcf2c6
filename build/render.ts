import type { Scalar } from '../server/keys.ts';
import { responseKey, type LinkTemplate, type ResourceDef } from './registry/define.ts';

/**
 * Turns database rows into API records: typed values under their response keys, the record's `uri`,
 * and its `link` object filled from templates.
 */

/** A row as `selectRows` returns it. */
export type Row = Record<string, Scalar>;

/**
 * The provider keys a row credits (its `_source` column: one key, or several separated by commas),
 * null for reference data.
 */
export function rowSource(row: Row): string | null {
  const src = row['_source'];
  return src === null || src === undefined ? null : String(src);
}

/** A rendered record. */
export type ApiRecord = Record<string, unknown>;

/** A link template split once into literal text (even indexes) and placeholder names (odd). */
type CompiledLink = string[];

/** A link object's templates, compiled once per resource. */
type CompiledLinks = [
  name: string,
  link: { kind: 'link'; parts: CompiledLink } | { kind: 'object'; links: CompiledLinks },
][];

const compileLink = (template: string): CompiledLink => template.split(/\{(\w+)\}/);

function compileLinks(template: Record<string, LinkTemplate>): CompiledLinks {
  return Object.entries(template).map(([name, t]) => [
    name,
    typeof t === 'string'
      ? { kind: 'link', parts: compileLink(t) }
      : { kind: 'object', links: compileLinks(t) },
  ]);
}

/** Fills one compiled link template; null when a value it needs is unknown. */
function fillLink(parts: CompiledLink, row: Row): string | null {
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const v = row[parts[i]!];
    if (v === null || v === undefined) return null;
    path += encodeURIComponent(String(v)) + parts[i + 1]!;
  }
  return path;
}

/**
 * Fills a compiled link object from a row. A link whose value is unknown (a venue without a
 * resident team) is left out rather than given as null: every link present is a path that
 * resolves.
 */
function fillLinks(links: CompiledLinks, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, link] of links) {
    const value = link.kind === 'link' ? fillLink(link.parts, row) : fillLinks(link.links, row);
    if (value !== null) out[name] = value;
  }
  return out;
}

/** Fills a link object from a row (`fillLinks`). */
export function renderLinks(
  template: Record<string, LinkTemplate>,
  row: Row,
): Record<string, unknown> {
  return fillLinks(compileLinks(template), row);
}

/** Makes the record renderer of a resource (field keys and converters prepared once). */
export function recordRenderer(def: ResourceDef): (row: Row) => ApiRecord {
  const fields = def.fields.map((f) => ({
    name: f.name,
    key: responseKey(def, f),
    boolean: f.type === 'boolean',
    omitNull: f.omitNull ?? false,
  }));
  const uri = compileLink(def.uri ?? `/${def.path}/{id}`);
  const links = compileLinks(def.links);
  return (row) => {
    const record: ApiRecord = { id: row['id'] };
    for (const f of fields) {
      const v = row[f.name] ?? null;
      if (v === null && f.omitNull) continue;
      record[f.key] = f.boolean && v !== null ? v === 1 || v === true : v;
    }
    record['uri'] = fillLink(uri, row);
    record['link'] = fillLinks(links, row);
    return record;
  };
}
