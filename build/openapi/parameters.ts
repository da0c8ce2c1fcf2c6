import { queryBounds } from '../write/describe.ts';
import { TYPE_HINT } from '../../contract/keys.ts';
import {
  unknownKind,
  type AnyOfFilter,
  type CollectionLikeManifest,
  type FieldManifest,
  type FieldType,
  type ImpliedFilter,
} from '../../contract/manifest.ts';
import { MATCH_TIME_PATTERN, TIME_HINT } from '../../contract/match-time.ts';
import { ref, UUID_IN, type Json } from './schemas.ts';

/**
 * The query parameters of `/openapi.json` as the router reads them (`server/core/route.ts`): each
 * filter with the values it accepts, the phase rule where the manifest declares it, `sort` as the
 * list of names it takes, and the analytics' `time`. None carries an `example`: reference pages
 * fill a parameter's example into the field that tries it, which would send an optional filter
 * nobody asked for.
 * The examples are the records' own, in the record schemas.
 */

/**
 * A filter's value as the router accepts it (docs/api.md#filters): a `*` is a wildcard
 * in text, date and time values, which is why dates and times take a pattern, not a `format`.
 */
export function filterSchema(type: FieldType): Json {
  switch (type) {
    case 'uuid':
      return { type: 'string', pattern: UUID_IN };
    case 'integer':
      return { type: 'integer' };
    case 'float':
      return { type: 'number' };
    case 'boolean':
      return { type: 'string', pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|1|0)$' };
    case 'date':
      return { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2}|[\\d*-]*\\*[\\d*-]*)$' };
    case 'time':
      // `keys.ts`: HH:MM or HH:MM:SS of a day, or a wildcard pattern.
      return {
        type: 'string',
        pattern: '^(([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?|[\\d*:]*\\*[\\d*:]*)$',
      };
    case 'string':
      return { type: 'string' };
    default:
      return unknownKind(type);
  }
}

/** What a filter of `type` takes, in words, with the wildcard where it applies. */
function takes(type: FieldType): string {
  const any = '; * matches any characters';
  const wildcard =
    type === 'string'
      ? `${any}, and a pattern with * matches accents aside (*muller* finds Müller)`
      : type === 'date' || type === 'time'
        ? any
        : '';
  return `Takes ${TYPE_HINT[type]}${wildcard}.`;
}

/** `a`, `a or b`, `a, b or c`. */
function either(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/**
 * What the resource's implied filters (the manifest's `implied`: the phase rule) say about each
 * parameter: on a parameter that triggers a rule, the filter the router adds; on the field a rule
 * sets, when it is added. The router applies the first rule that holds (`impliedFilter`), so a
 * rule names the earlier ones on the same field, which win. `label` names a rule's value (`1` is
 * the league phase) where the registry can say.
 */
export function impliedNotes(
  entry: CollectionLikeManifest,
  label: (rule: ImpliedFilter) => string | undefined = () => undefined,
): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  const add = (name: string, note: string) => notes.set(name, [...(notes.get(name) ?? []), note]);
  entry.implied.forEach((rule, i) => {
    const named = label(rule);
    const filter = `${rule.field}=${rule.value}${named ? ` (${named})` : ''}`;
    const earlier = entry.implied.slice(0, i).filter((r) => r.field === rule.field);
    const first = earlier.length
      ? `, unless ${either(earlier.flatMap((r) => r.whenAny))} sets ${rule.field} first`
      : '';
    const when = `${either(rule.whenAny)} is given without ${either([rule.field, ...rule.unless])}`;
    for (const name of rule.whenAny)
      add(name, `Implied filter: when ${when}, the router adds ${filter}${first}.`);
    add(rule.field, `Implied as ${rule.value}${named ? ` (${named})` : ''} when ${when}${first}.`);
  });
  return notes;
}

/** A filter parameter: the field's values, what it takes, and what it implies. */
function filterParameter(field: FieldManifest, implied: readonly string[]): Json {
  return {
    name: field.name,
    in: 'query',
    required: false,
    description: [
      field.description,
      `Filter: records whose ${field.name} equals this value.`,
      takes(field.type),
      ...implied,
    ].join(' '),
    schema: filterSchema(field.type),
  };
}

/** A filter on several fields at once (`team`): what it takes, and the fields it compares. */
function anyOfParameter(filter: AnyOfFilter): Json {
  return {
    name: filter.name,
    in: 'query',
    required: false,
    description: [
      filter.description,
      `Filter: records whose ${either(filter.fields)} equals this value.`,
      takes(filter.type),
    ].join(' '),
    schema: filterSchema(filter.type),
  };
}

/**
 * `sort` as a list of the names it takes, each ascending or with `-` descending, written as one
 * comma-separated value (`style: form, explode: false`: `sort=last_name,-birth_date`). An array of
 * an enum rather than a pattern over the names: a generated client types each name, and a
 * validator that reads the style checks each one.
 */
export function sortParameter(entry: CollectionLikeManifest): Json {
  const names = entry.sort.fields.flatMap((name) => [name, `-${name}`]);
  return {
    name: 'sort',
    in: 'query',
    required: false,
    description:
      'The order of the records: field names, comma-separated, each at most once; a leading - ' +
      `sorts that field descending. Ties break on id, ascending. Default: ${entry.sort.default.join(',')}.`,
    style: 'form',
    explode: false,
    schema: {
      type: 'array',
      minItems: 1,
      maxItems: entry.sort.fields.length,
      uniqueItems: true,
      items: { type: 'string', enum: names },
    },
  };
}

/** The "Queries" note of a collection's description: what it answers, and within which bounds. */
export function queriesNote(entry: CollectionLikeManifest): string {
  // The bounds as OPTIONS gives them, but the sentence that no valid query is refused.
  const { refused, ...bounds } = queryBounds(entry);
  return (
    '**Queries.** Every documented filter, alone or with others, and every documented sort and ' +
    'page size is answered: a valid combination never gets a 400. What an answer reads: ' +
    Object.entries(bounds)
      .map(([kind, text]) => `${kind}: ${text}`)
      .join(' ')
  );
}

/**
 * The query parameters of a collection: its filters, then paging and sort. `given` is a filter
 * the path already gives (a match's lineups, an action's modifiers), which the query may not.
 */
export function collectionParameters(
  entry: CollectionLikeManifest,
  label: (rule: ImpliedFilter) => string | undefined,
  given?: string,
): Json[] {
  const notes = impliedNotes(entry, label);
  const filters = entry.fields
    .filter((f) => f.filter !== 'none' && f.name !== given)
    .map((f) => filterParameter(f, notes.get(f.name) ?? []));
  return [
    ...filters,
    ...(entry.anyOf ?? []).map(anyOfParameter),
    ...(entry.paginated ? [ref('parameters', 'records'), ref('parameters', 'page')] : []),
    sortParameter(entry),
  ];
}

/**
 * The `time` of a document that answers the state at a time (`contract/match-time.ts`); the
 * registry's `description` of it, with what the router parses where it does not say.
 */
export function timeParameter(description: string): Json {
  const takes = description.includes(TIME_HINT) ? '' : ` Takes ${TIME_HINT}.`;
  return {
    name: 'time',
    in: 'query',
    required: false,
    description: `The match state at a time: ${description}.${takes} Without it, the final state.`,
    schema: { type: 'string', pattern: MATCH_TIME_PATTERN },
  };
}
