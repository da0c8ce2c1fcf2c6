import type { Scalar } from '../../contract/keys.ts';
import { responseKey, type LinkTemplate, type ResourceDef } from '../define/resource.ts';

/**
 * Turns database rows into API records: typed values under their response keys, the record's `uri`,
 * and its `link` object filled from templates.
 */

/** A row as `selectRows` returns it, by column name. */
export type Row = Record<string, Scalar>;

/**
 * A row's values in the order of its columns (`selectRows`, queried with `raw()`). The writers
 * read rows as arrays: better-sqlite3 builds a row object a property at a time, which for the
 * statistics' many columns costs more than the query itself.
 */
export type Values = readonly Scalar[];

/** Where each named column is in a row's values: -1 for a name no column has. */
export type ColumnIndex = (name: string) => number;

/** The `ColumnIndex` of rows with these columns. */
export function columnIndex(columns: readonly string[]): ColumnIndex {
  const at = new Map(columns.map((name, i) => [name, i]));
  return (name) => at.get(name) ?? -1;
}

/**
 * The provider keys a row credits (its `_source` column: one key, or several separated by commas),
 * null for reference data.
 */
export function rowSource(src: Scalar | undefined): string | null {
  return src === null || src === undefined ? null : String(src);
}

/** A rendered record. */
export type ApiRecord = Record<string, unknown>;

/**
 * A link template compiled against a row's columns: its text before, between and after the
 * placeholders (one more than there are), and the column each placeholder takes its value from.
 */
interface CompiledLink {
  texts: string[];
  columns: number[];
}

/** A link object's templates, compiled once per resource. */
type CompiledLinks = [
  name: string,
  link: { kind: 'link'; link: CompiledLink } | { kind: 'object'; links: CompiledLinks },
][];

function compileLink(template: string, at: ColumnIndex): CompiledLink {
  const parts = template.split(/\{(\w+)\}/);
  return {
    texts: parts.filter((_, i) => i % 2 === 0),
    columns: parts.filter((_, i) => i % 2 === 1).map(at),
  };
}

function compileLinks(template: Record<string, LinkTemplate>, at: ColumnIndex): CompiledLinks {
  return Object.entries(template).map(([name, t]) => [
    name,
    typeof t === 'string'
      ? { kind: 'link', link: compileLink(t, at) }
      : { kind: 'object', links: compileLinks(t, at) },
  ]);
}

/**
 * Fills one compiled link template; null when a value it needs is unknown (null, or a placeholder
 * no column answers).
 */
function fillLink({ texts, columns }: CompiledLink, values: Values): string | null {
  let path = texts[0]!;
  for (let i = 0; i < columns.length; i++) {
    const v = values[columns[i]!];
    if (v === null || v === undefined) return null;
    path += encodeURIComponent(String(v)) + texts[i + 1]!;
  }
  return path;
}

/**
 * Fills a compiled link object from a row. A link whose value is unknown (a venue without a
 * resident team) is left out rather than given as null: every link present is a path that
 * resolves.
 */
function fillLinks(links: CompiledLinks, values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, link] of links) {
    const value =
      link.kind === 'link' ? fillLink(link.link, values) : fillLinks(link.links, values);
    if (value !== null) out[name] = value;
  }
  return out;
}

/** Fills a link object from a row (`fillLinks`). */
export function renderLinks(
  template: Record<string, LinkTemplate>,
  row: Row,
): Record<string, unknown> {
  return fillLinks(compileLinks(template, columnIndex(Object.keys(row))), Object.values(row));
}

/**
 * Makes the record renderer of a resource whose rows have `columns` (field keys, converters and
 * the columns they read prepared once).
 */
export function recordRenderer(
  def: ResourceDef,
  columns: readonly string[],
): (values: Values) => ApiRecord {
  const at = columnIndex(columns);
  const fields = def.fields.map((f) => ({
    at: at(f.name),
    key: responseKey(def, f),
    boolean: f.type === 'boolean',
    omitNull: f.omitNull ?? false,
  }));
  const id = at('id');
  const uri = compileLink(def.routing?.uri ?? `/${def.path}/{id}`, at);
  const links = compileLinks(def.links, at);
  return (values) => {
    const record: ApiRecord = { id: values[id] };
    for (const f of fields) {
      const v = values[f.at] ?? null;
      if (v === null && f.omitNull) continue;
      record[f.key] = f.boolean && v !== null ? v === 1 || v === true : v;
    }
    record['uri'] = fillLink(uri, values);
    record['link'] = fillLinks(links, values);
    return record;
  };
}
