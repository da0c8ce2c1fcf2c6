import { TABLES, type ColumnKind } from '../tables.ts';
import { a } from './fields/types.ts';
import { LIST_NOUN } from './lists.ts';
import type { ColumnSpec, ResourceSpec, Target } from './resources.ts';

/** A field of a Table Schema, as the format's schemas and the importer's checks use it. */
export interface PackageField {
  readonly name: string;
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'time';
  readonly description?: string;
  readonly constraints?: {
    readonly required?: boolean;
    readonly enum?: readonly string[];
    readonly pattern?: string;
    readonly minimum?: number;
    readonly maximum?: number;
  };
}

/** The columns of the database's own ids: 32 lowercase hex digits. */
const ID_PATTERN = '[0-9a-f]{32}';

/** Columns whose text is a date, a time of day, or whose 0 and 1 are a boolean. */
const DATES = new Set(['birth_date', 'match_date']);
const TIMES = new Set(['kickoff_time']);
const BOOLEANS = new Set(['is_starting', 'is_captain']);
/** Columns that may be left empty though the table holds a value: what an empty cell means. */
export const DEFAULTS: Readonly<Record<string, string | number>> = {
  nickname: '',
  stoppage_mins: 0,
};
/** Columns with a closed set of values. */
const ENUMS: Readonly<Record<string, readonly string[]>> = {
  match_type: ['clubs', 'national'],
};
/** Coordinates on the 0–100 pitch: checked by the database too. */
const PITCH = new Set(['x', 'y']);
/** Times and counts that cannot be below zero (a minute, a second of play, a round). */
const NOT_NEGATIVE = new Set(['time_mins', 'stoppage_mins', 'match_seconds', 'round', 'seq']);

/** The kind of a table column (`TABLES`). */
function kindOf(spec: ResourceSpec, column: string): ColumnKind {
  const kind = (TABLES[spec.table] as Record<string, ColumnKind>)[column];
  if (kind === undefined) throw new Error(`${spec.table} has no column ${column}`);
  return kind;
}

/** The Table Schema field of a column written as it is stored. */
function valueField(name: string, kind: ColumnKind): PackageField {
  const type = DATES.has(name)
    ? 'date'
    : TIMES.has(name)
      ? 'time'
      : BOOLEANS.has(name)
        ? 'boolean'
        : kind.startsWith('integer')
          ? 'integer'
          : kind.startsWith('real')
            ? 'number'
            : 'string';
  const required = !kind.endsWith('?') && !(name in DEFAULTS);
  const constraints = {
    ...(required ? { required } : {}),
    ...(ENUMS[name] ? { enum: ENUMS[name] } : {}),
    ...(PITCH.has(name) ? { minimum: 0, maximum: 100 } : {}),
    ...(NOT_NEGATIVE.has(name) ? { minimum: 0 } : {}),
  };
  return { name, type, ...(Object.keys(constraints).length > 0 ? { constraints } : {}) };
}

const text = (name: string, description: string): PackageField => ({
  name,
  type: 'string',
  description,
});
const idField = (name: string, description: string, integer = false): PackageField =>
  integer
    ? { name, type: 'integer', description }
    : { name, type: 'string', description, constraints: { pattern: ID_PATTERN } };

/** The package columns that name a row of `target`, for a reference named `name`. */
export function namingFields(target: Target, name: string): PackageField[] {
  switch (target) {
    case 'match':
      return [
        { name: 'match_date', type: 'date', description: "the match's date" },
        text('home_team', "the match's home team"),
        text('away_team', "the match's away team"),
      ];
    case 'person':
    case 'player':
    case 'manager':
    case 'referee':
    case 'lineup':
      return [
        text(name, `the ${target === 'lineup' ? 'player' : target}'s full name`),
        {
          name: `${name}_birth_date`,
          type: 'date',
          description: 'their birth date, where two people share a name',
        },
      ];
    case 'event':
      return [{ name, type: 'integer', description: "the event's seq in its match" }];
    case 'action':
    case 'season':
    case 'country':
    case 'competition':
    case 'team':
    case 'venue':
    case 'side':
      return [text(name, `the ${target === 'side' ? 'team' : target}'s name`)];
    default:
      return target satisfies never;
  }
}

/** The package columns of one column of a table. */
function specFields(resource: ResourceSpec, spec: ColumnSpec): PackageField[] {
  switch (spec.kind) {
    case 'value':
      return [valueField(spec.column, kindOf(resource, spec.column))];
    case 'list':
      return [
        text(spec.column, `${a(LIST_NOUN[spec.list])} of the API's list, by its name or its code`),
      ];
    case 'ref':
      return [
        ...namingFields(spec.target, spec.name ?? spec.column),
        idField(`${spec.column}_id`, `its API id`, spec.target === 'season'),
      ];
    case 'source':
      return [text('source', "the row's provider: a key of the package's sources")];
    case 'organiser':
      return [
        { name: 'scope', type: 'string', constraints: { enum: ['domestic', 'international'] } },
        text('country', "a domestic competition's country"),
        idField('country_id', "the country's API id"),
        text('confederation', "an international competition's confederation"),
      ];
    default:
      return spec satisfies never;
  }
}

/** `_deleted`: a row to remove rather than write. */
export const DELETED: PackageField = {
  name: '_deleted',
  type: 'boolean',
  description: 'true: remove this record (and what hangs from it) rather than write it',
};

/**
 * The fields of a resource, in the order the export writes them: the row's API ids, then its
 * columns, each reference as its names then its id. A name two references share (a goal's scorer
 * names both their lineup and their player) is one column.
 */
export function resourceFields(resource: ResourceSpec): PackageField[] {
  const columns = TABLES[resource.table] as Record<string, ColumnKind>;
  const own: PackageField[] = [];
  if ('id' in columns)
    own.push(idField('id', "the record's API id", columns['id']!.startsWith('integer')));
  if ('v0_id' in columns) own.push({ name: 'v0_id', type: 'integer', description: 'its v0 id' });
  const fields = [...own, ...resource.columns.flatMap((spec) => specFields(resource, spec))];
  const seen = new Set<string>();
  return fields.filter((field) => !seen.has(field.name) && seen.add(field.name));
}
