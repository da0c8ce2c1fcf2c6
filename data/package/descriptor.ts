import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as formats from 'ajv-formats';
import { readUtf8, SourceFileError } from '../import/source-file.ts';

/**
 * A Data Package v2 descriptor (`datapackage.json`) checked against the official JSON Schema
 * profiles (`profiles/`, as published), with the problems said so that a person who made the
 * package in a spreadsheet can find and mend them.
 */

/** One problem of a descriptor. */
export interface DescriptorProblem {
  /** Where: a JSON pointer into the descriptor, such as `/resources/2/schema/fields/0/type`. */
  readonly path: string;
  /** What, in words: `must have required property 'name'`. */
  readonly message: string;
}

/** The four profiles of Data Package v2, named as their files in `profiles/`. */
export type Profile = 'datapackage' | 'dataresource' | 'tableschema' | 'tabledialect';

/**
 * The problems of a descriptor against a profile of Data Package v2 (a whole package by default;
 * a resource, a Table Schema or a dialect read from its own file with the others). An empty list
 * means valid. Of the many errors JSON Schema gives for the profile's `oneOf` alternatives, only
 * those of the alternative the author meant are kept (see `readable`).
 */
export function validateDescriptor(
  descriptor: unknown,
  profile: Profile = 'datapackage',
): DescriptorProblem[] {
  const validate = validator(profile);
  if (validate(descriptor)) return [];
  return readable(validate.errors ?? []);
}

/** A problem as one line: `/resources/0: must have required property 'name'`. */
export function describeProblem(problem: DescriptorProblem): string {
  return `${problem.path === '' ? 'the descriptor' : problem.path}: ${problem.message}`;
}

/**
 * A `datapackage.json` read and parsed (not yet validated). A missing file, a folder, an empty
 * file, a byte that is not UTF-8 and a JSON syntax error are `SourceFileError`s naming the file,
 * and for a syntax error its line and column. A leading byte order mark, as some editors on
 * Windows write, is skipped.
 */
export function loadDescriptor(file: string): unknown {
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw new SourceFileError(file, 'is a folder, not a datapackage.json');
  const text = readUtf8(file)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SourceFileError(file, jsonProblem(text, (error as Error).message));
  }
}

/** Where and why a text is not JSON: `not valid JSON at line 3, column 9: Unexpected token '}'`. */
function jsonProblem(text: string, message: string): string {
  const given = /at position (\d+)/.exec(message)?.[1];
  const offset = given === undefined ? syntaxErrorOffset(text) : Number(given);
  // V8's message quotes the text around the error, across lines: its reason alone is kept.
  const reason = message
    .replace(/ (in JSON )?at position \d+.*$/s, '')
    .replace(/, (\.\.\.)?".*$/s, '')
    .replace(/[\n\r\t]/g, (c) => JSON.stringify(c).slice(1, -1));
  if (offset < 0) return `not valid JSON: ${reason}`;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `not valid JSON at line ${line}, column ${column}: ${reason}`;
}

/** The scanner's stop at the first character that is not JSON. */
class Stop {
  constructor(readonly at: number) {}
}

/**
 * The offset of the first character that makes `text` not JSON, or -1: V8 does not say it for an
 * unexpected token. A small recursive-descent scanner of RFC 8259, run only after a failed parse.
 */
function syntaxErrorOffset(text: string): number {
  let i = 0;
  const stop = (): never => {
    throw new Stop(i);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const expect = (c: string) => (text[i] === c ? i++ : stop());
  const string = () => {
    expect('"');
    for (let c = text[i]; c !== '"'; c = text[i]) {
      if (c === undefined || c < ' ') stop();
      if (c === '\\') {
        i++;
        if (text[i] === 'u' && /^[\da-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) i += 4;
        else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) stop();
      }
      i++;
    }
    i++;
  };
  const number = () => {
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) stop();
    i = NUMBER.lastIndex;
  };
  const members = (close: string, member: () => void) => {
    i++;
    space();
    if (text[i] === close) return void i++;
    for (;;) {
      member();
      if (text[i] === close) return void i++;
      expect(',');
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') members('}', () => (space(), string(), space(), expect(':'), value()));
    else if (c === '[') members(']', value);
    else if (c === '"') string();
    else if (c === 't' || c === 'f' || c === 'n')
      for (const letter of c === 't' ? 'true' : c === 'f' ? 'false' : 'null') expect(letter);
    else number();
    space();
  };
  try {
    value();
    return i < text.length ? i : -1;
  } catch (error) {
    if (error instanceof Stop) return error.at;
    return -1; // nested past the stack: no position
  }
}

/** A JSON number, sticky so that the scanner matches it where it stands. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The formats plugin: a CommonJS module whose `default` is the plugin, however the loader (Node,
 * or Vite's transform) wraps it.
 */
const addFormats = formats.default as unknown as (ajv: Ajv) => void;

/** The validators compiled so far: each profile is compiled once, when first needed. */
const validators = new Map<Profile, ValidateFunction>();
let shared: Ajv | undefined;

/** The one Ajv instance of the profiles, made on first use. */
function ajv(): Ajv {
  if (shared) return shared;
  // The profiles carry keywords of their own (`propertyOrder`, `context`): not strict. Every
  // error is collected, so that one pass lists every problem. `verbose` gives each error its
  // schema, which says what the alternatives of a failed `oneOf` were.
  shared = new Ajv({ strict: false, allErrors: true, verbose: true, logger: false });
  addFormats(shared);
  shared.addFormat('textarea', true); // an editor's hint in the profiles, not a constraint
  return shared;
}

/** The validator of a profile, compiled on first use. */
function validator(profile: Profile): ValidateFunction {
  let validate = validators.get(profile);
  if (validate) return validate;
  const file = fileURLToPath(new URL(`./profiles/${profile}.json`, import.meta.url));
  validate = ajv().compile(withListField(JSON.parse(readFileSync(file, 'utf8')) as object));
  validators.set(profile, validate);
  return validate;
}

/**
 * The profile with the `list` field type added to its field types. The standard defines `list`
 * (Table Schema v2, "list"), but the published 2.0 profiles omit it from the alternatives of a
 * field: a known error (frictionlessdata/datapackage#1089), mended for v2.1 on the standard's
 * `next` branch. Its definition is that one's, shortened to what constrains. The files in
 * `profiles/` stay as published; only the compiled copy has it.
 */
function withListField<T extends object>(profile: T): T {
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record['title'] === 'Table Schema Field' && Array.isArray(record['oneOf'])) {
      const alternatives = record['oneOf'] as Record<string, unknown>[];
      if (!alternatives.some((a) => a['title'] === 'List Field')) alternatives.push(LIST_FIELD);
      return;
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(profile);
  return profile;
}

/** The `list` field of Table Schema v2.1's profile (frictionlessdata/datapackage@b9e8645). */
const LIST_FIELD: Record<string, unknown> = {
  type: 'object',
  title: 'List Field',
  required: ['name', 'type'],
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    example: { type: 'string' },
    missingValues: {
      anyOf: [
        { type: 'array', items: { type: 'string' } },
        {
          type: 'array',
          items: {
            type: 'object',
            required: ['value'],
            properties: { value: { type: 'string' }, label: { type: 'string' } },
          },
        },
      ],
    },
    type: { enum: ['list'] },
    format: { enum: ['default'] },
    delimiter: { type: 'string' },
    itemType: {
      type: 'string',
      enum: ['string', 'number', 'integer', 'boolean', 'datetime', 'date', 'time'],
    },
    constraints: {
      type: 'object',
      properties: {
        required: { type: 'boolean' },
        minLength: { type: 'integer' },
        maxLength: { type: 'integer' },
      },
    },
    rdfType: { type: 'string' },
  },
};

/**
 * Ajv's errors as problems a person can act on. A field is a `oneOf` of fifteen field types, so a
 * single wrong property gives an error per type and a summary "must match exactly one schema in
 * oneOf". Each failed `oneOf`/`anyOf` keeps only the alternatives the author most likely meant
 * (`likeliest`), what its kept alternatives say alike is merged (`merged`), and the summary goes;
 * then duplicates go.
 */
function readable(errors: readonly ErrorObject[]): DescriptorProblem[] {
  let left = [...errors];
  // Innermost alternatives first, so that an outer one weighs what is left of the inner ones.
  const groups = errors
    .filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const group of groups) {
    const branches = branchesOf(group, left);
    if (branches.length === 0) continue; // several alternatives matched: the summary says it
    const kept = likeliest(group, branches);
    const gone = new Set([group, ...branches.flat()]);
    left = [...left.filter((e) => !gone.has(e)), ...merged(group, kept)];
  }
  const seen = new Set<string>();
  const problems: DescriptorProblem[] = [];
  for (const error of left) {
    const problem = { path: error.instancePath, message: messageOf(error) };
    const key = `${problem.path}\n${problem.message}`;
    if (!seen.has(key)) problems.push(problem);
    seen.add(key);
  }
  return problems;
}

/** The errors under each failed alternative of a `oneOf`/`anyOf` error, by alternative. */
function branchesOf(group: ErrorObject, errors: readonly ErrorObject[]): ErrorObject[][] {
  const byIndex = new Map<string, ErrorObject[]>();
  const prefix = `${group.schemaPath}/`;
  for (const error of errors) {
    if (error === group || !error.schemaPath.startsWith(prefix)) continue;
    const at = error.instancePath;
    if (at !== group.instancePath && !at.startsWith(`${group.instancePath}/`)) continue;
    const index = error.schemaPath.slice(prefix.length).split('/')[0]!;
    byIndex.set(index, [...(byIndex.get(index) ?? []), error]);
  }
  return [...byIndex.values()];
}

/**
 * The alternatives of a failed `oneOf`/`anyOf` the author most likely meant. One whose `type`
 * property is not its one value (a field of type `integer` is not meant as a `string` field) is
 * not meant when another's is; one that fails only for values of another JSON type (a string
 * where an array was one choice) is not meant when another goes further; then those whose errors
 * lie deepest, then those with fewest errors.
 */
function likeliest(group: ErrorObject, branches: ErrorObject[][]): ErrorObject[][] {
  const typeAt = `${group.instancePath}/type`;
  const otherType = (branch: ErrorObject[]) =>
    branch.some((e) => e.instancePath === typeAt && oneValue(e));
  const wrongType = (branch: ErrorObject[]) => branch.every((e) => e.keyword === 'type');
  let kept = prefer(branches, (b) => !otherType(b));
  kept = prefer(kept, (b) => !wrongType(b));
  const depth = (b: ErrorObject[]) => Math.max(...b.map((e) => e.instancePath.split('/').length));
  const deepest = Math.max(...kept.map(depth));
  kept = kept.filter((b) => depth(b) === deepest);
  const fewest = Math.min(...kept.map((b) => b.length));
  return kept.filter((b) => b.length === fewest);
}

/** An error of a property that allows one value: `{"enum": ["integer"]}` or a `const`. */
function oneValue(error: ErrorObject): boolean {
  if (error.keyword === 'const') return true;
  return error.keyword === 'enum' && Array.isArray(error.schema) && error.schema.length === 1;
}

/** The branches that pass a test, or all of them when none does. */
function prefer(branches: ErrorObject[][], test: (branch: ErrorObject[]) => boolean) {
  const passing = branches.filter(test);
  return passing.length > 0 ? passing : branches;
}

/**
 * The errors of the kept alternatives as one list: what they all say, once; a property each
 * requires in turn, as one "or" (`must have required property 'data' or 'path'`); the JSON types
 * each allows, as one "or"; the values each allows, as one list (a field's `type`).
 */
function merged(group: ErrorObject, kept: ErrorObject[][]): ErrorObject[] {
  if (kept.length === 1) return kept[0]!;
  const key = (e: ErrorObject) => `${e.instancePath}\n${e.keyword}\n${JSON.stringify(e.params)}`;
  const shared = kept[0]!.filter((e) => kept.every((b) => b.some((o) => key(o) === key(e))));
  const sharedKeys = new Set(shared.map(key));
  const rest = kept.flat().filter((e) => !sharedKeys.has(key(e)));
  const at = rest[0]?.instancePath;
  const alike = (keyword: string) =>
    rest.length > 0 && rest.every((e) => e.keyword === keyword && e.instancePath === at);
  const synthetic = (keyword: string, params: Record<string, unknown>) => ({
    ...rest[0]!,
    keyword,
    params,
    schemaPath: group.schemaPath,
  });
  if (alike('required')) {
    const names = [...new Set(rest.map((e) => String(e.params['missingProperty'])))];
    return [...shared, synthetic('required', { missingProperty: names.join("' or '") })];
  }
  if (alike('type')) {
    const types = rest.flatMap((e) => String(e.params['type']).split(','));
    return [...shared, synthetic('type', { type: [...new Set(types)].join(',') })];
  }
  if (alike('enum')) {
    const values = rest.flatMap((e) => e.params['allowedValues'] as unknown[]);
    return [...shared, synthetic('enum', { allowedValues: [...new Set(values)] })];
  }
  return [...shared, ...rest];
}

/** What an error says, in words a person can act on. */
function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `must have required property '${String(params['missingProperty'])}'`;
    case 'enum': {
      const values = (params['allowedValues'] as unknown[]).map((v) =>
        typeof v === 'string' ? v : JSON.stringify(v),
      );
      return `must be one of: ${values.join(', ')}`;
    }
    case 'type':
      return `must be ${String(params['type']).split(',').join(' or ')}`;
    case 'pattern':
      return PATTERNS[String(params['pattern'])] ?? error.message ?? 'does not match its pattern';
    case 'additionalProperties':
      return `must not have the property '${String(params['additionalProperty'])}'`;
    case 'oneOf':
      return alternativesMatched(error);
    default:
      return error.message ?? `fails the profile's ${error.keyword}`;
  }
}

/**
 * A `oneOf` that failed because more than one alternative matched: a resource with both `path`
 * and `data` is the common case, said as such.
 */
function alternativesMatched(error: ErrorObject): string {
  const alternatives = (Array.isArray(error.schema) ? error.schema : []) as Record<
    string,
    unknown
  >[];
  const required = alternatives.map((a) => (Array.isArray(a['required']) ? a['required'] : []));
  const onlyRequired = alternatives.every((a) => Object.keys(a).join() === 'required');
  if (!onlyRequired || required.length === 0) return 'must match exactly one of its allowed forms';
  const distinct = required.map((names) =>
    names.filter((n) => !required.every((other) => other.includes(n))),
  );
  return `must have only one of ${distinct.map((n) => `'${n.join("', '")}'`).join(' or ')}`;
}

/** The profiles' patterns, said in words. */
const PATTERNS: Record<string, string> = {
  '^((?=[^./~])(?!file:)((?!\\/\\.\\.\\/)(?!\\\\)(?!:\\/\\/).)*|(http|ftp)s?:\\/\\/.*)$':
    "must be a path inside the package's folder, with / between folders and not starting with " +
    "'/', '.' or '~' nor going up with '../' (or a URL starting with http://, https://, " +
    'ftp:// or ftps://)',
  '^([-a-zA-Z0-9._])+$':
    "must be a licence identifier of letters, digits, '-', '.' and '_' such as CC-BY-4.0 or ODbL-1.0",
  '^(.+)/(.+)$': 'must be a media type such as text/csv',
  '^([^:]+:[a-fA-F0-9]+|[a-fA-F0-9]{32}|)$':
    'must be a hash in hexadecimal digits, after its algorithm and a colon (sha256:...) unless MD5',
};
