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

/**
 * Makes a renderer of a resource's records straight to their JSON text: the text
 * `JSON.stringify(recordRenderer(def, columns)(values))` gives, without the object. Rendering
 * the records is the largest part of a build's own work, and the object and its links, made
 * only to be serialised, cost as much as the text. Null when the record's keys would not keep
 * their order in an object (a field keyed `id`, `uri` or `link`, two fields of one key, a key
 * that is an integer): `recordRenderer` then does.
 */
export function recordText(
  def: ResourceDef,
  columns: readonly string[],
): ((values: Values) => string) | null {
  const at = columnIndex(columns);
  const keys = def.fields.map((f) => responseKey(def, f));
  const all = ['id', ...keys, 'uri', 'link'];
  if (new Set(all).size !== all.length || all.some((k) => /^(0|[1-9][0-9]*)$/.test(k))) return null;
  const id = at('id');
  const fields = def.fields.map((f, i) => ({
    at: at(f.name),
    name: `,${JSON.stringify(keys[i])}:`,
    boolean: f.type === 'boolean',
    omitNull: f.omitNull ?? false,
  }));
  const uri = linkText(compileLink(def.routing?.uri ?? `/${def.path}/{id}`, at));
  const links = linksText(compileLinks(def.links, at));
  return (values) => {
    // `{ id: undefined }` is `{}` to JSON.stringify: a resource without an id column has none.
    let text = id < 0 || values[id] === undefined ? '{' : `{"id":${scalarText(values[id]!)}`;
    for (const f of fields) {
      const v = values[f.at] ?? null;
      if (v === null && f.omitNull) continue;
      const value =
        f.boolean && v !== null ? (v === 1 || v === true ? 'true' : 'false') : scalarText(v);
      text += (text.length === 1 ? f.name.slice(1) : f.name) + value;
    }
    const tail = `"uri":${uri(values) ?? 'null'},"link":${links(values)}}`;
    return text.length === 1 ? text + tail : `${text},${tail}`;
  };
}

/** A scalar's JSON text. */
function scalarText(v: Scalar): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  return JSON.stringify(v);
}

/**
 * A compiled link as JSON text: its template's texts escaped once; the values it fills in are
 * `encodeURIComponent`'s, which JSON never escapes. Not `fillLink`'s path quoted by
 * `JSON.stringify`: that scan of every link took twice the time of a lineup's whole record.
 */
function linkText(link: CompiledLink): (values: Values) => string | null {
  const texts = link.texts.map((t) => JSON.stringify(t).slice(1, -1));
  const { columns } = link;
  return (values) => {
    let path = '"' + texts[0]!;
    for (let i = 0; i < columns.length; i++) {
      const v = values[columns[i]!];
      if (v === null || v === undefined) return null;
      path += encodeURIComponent(String(v)) + texts[i + 1]!;
    }
    return path + '"';
  };
}

/** A compiled link object as JSON text (`fillLinks`): an unknown link is left out. */
function linksText(links: CompiledLinks): (values: Values) => string {
  const parts = links.map(([name, link]) => ({
    name: JSON.stringify(name) + ':',
    text: link.kind === 'link' ? linkText(link.link) : linksText(link.links),
  }));
  return (values) => {
    let text = '';
    for (const part of parts) {
      const value = part.text(values);
      if (value !== null) text += (text === '' ? '' : ',') + part.name + value;
    }
    return `{${text}}`;
  };
}
