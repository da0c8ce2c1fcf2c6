import type { Scalar } from '../server/keys.ts';
import { responseKey, type LinkTemplate, type ResourceDef } from './registry/define.ts';

/**
 * Turns database rows into API records: typed values under their response keys, the record's `uri`,
 * and its `link` object filled from templates.
 */

/** A row as `selectRows` returns it. */
export type Row = Record<string, Scalar>;

/** A rendered record. */
export type ApiRecord = Record<string, unknown>;

/** Fills a link template from a row; a link whose value is unknown (null) is null. */
export function renderLinks(template: LinkTemplate, row: Row): unknown {
  if (typeof template === 'string') {
    let missing = false;
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = row[name];
      if (v === null || v === undefined) missing = true;
      return encodeURIComponent(String(v));
    });
    return missing ? null : path;
  }
  return Object.fromEntries(Object.entries(template).map(([k, t]) => [k, renderLinks(t, row)]));
}

/** Makes the record renderer of a resource (field keys and converters prepared once). */
export function recordRenderer(def: ResourceDef): (row: Row) => ApiRecord {
  const fields = def.fields.map((f) => ({ name: f.name, key: responseKey(def, f), boolean: f.type === 'boolean' }));
  return (row) => {
    const record: ApiRecord = { id: row['id'] };
    for (const f of fields) {
      const v = row[f.name] ?? null;
      record[f.key] = f.boolean && v !== null ? v === 1 || v === true : v;
    }
    record['uri'] = `/${def.path}/${row['id']}`;
    record['link'] = renderLinks(def.links, row);
    return record;
  };
}

/** The value of a field as it appears in links and query strings (`true`, `12`, `Müller`). */
export function linkValue(record: ApiRecord, key: string): string {
  return String(record[key]);
}
