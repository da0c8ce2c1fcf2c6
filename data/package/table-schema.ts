import { DELETED, resourceFields, type PackageField } from './columns.ts';
import type { ResourceSpec } from './resources.ts';

/** A Table Schema (v2) of one resource of the format. */
export interface TableSchema {
  readonly fields: readonly PackageField[];
  readonly missingValues: readonly string[];
}

/**
 * The Table Schema of a resource, as the export writes it in `datapackage.json`: its fields in
 * the export's order, `_deleted` last. A file may have any of them in any order, as
 * `fieldsMatch: superset` says (not written: the published v2.0 profile types it as an array,
 * and an export must pass the profile): ids and names are alternatives, and an empty cell is a
 * value not given. No primary or foreign key is declared, because ids are optional: a row without one is
 * named by its key (`docs/import-format.md`).
 */
export function tableSchema(spec: ResourceSpec): TableSchema {
  return {
    fields: [...resourceFields(spec), DELETED],
    missingValues: [''],
  };
}
