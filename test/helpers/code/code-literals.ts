import ts from 'typescript';
import { OUTCOME } from '../../../football/codes.ts';
import { ACTIONS, MODIFIERS } from '../../../football/events.ts';
import {
  BODY_PARTS,
  CARDS,
  CONFEDERATIONS,
  FOULS,
  GROUP_ROUNDS,
  KNOCKOUT_ROUNDS,
  MODIFIER_CATEGORIES,
  NAME_ORDERS,
  PENALTY_OUTCOMES,
  PHASES,
  POSITIONS,
  SHOT_EVENTS,
  SURFACES,
  WEATHER,
} from '../../../football/lists.ts';

/**
 * Finds football codes written as numbers: places where code reads or writes a code of a
 * reference list (an action, a modifier, a card, a position...) by its number rather than by its
 * name from `football/`. A number counts only where the code itself ties it to a family of
 * codes, so that numbers that merely equal a code (minutes, coordinates, counts, weights) pass:
 *
 * 1. by the name it is compared with or given to: a comparison or a fallback (`??`), a `case`, a
 *    property or a variable whose name is a code field (`card === 2`, `a.action !== 100`,
 *    `{ position: 10 }`, `switch (foul) { case 11: }`), or `.has(N)` / `.includes(N)` on a list of
 *    codes (`a.mods.has(1801)`), where N is a code of that family; a property of an object of
 *    numbers only is a table keyed by names (`{ goal: 0, card: 1 }`), not a field;
 * 2. by the name of what it defines: a constant or a property named after the label of the code
 *    it holds (`const GOALKEEPER = 10`, `{ clear: 10, fog: 17 }` for the weather Clear and Fog),
 *    in a table of numbers only where half of its names at least are such labels;
 * 3. in SQL, a code column compared with numbers (`o.card IN (2, 3)`, `outcome = 1`);
 * 4. by numbers: three or more, all codes of one family whose codes are distinctive (actions,
 *    modifiers, shot events, fouls, positions), as the items of a list (`[100, 33, 35]`), the
 *    first column of a table (`[[16, 10], [13, 6], [20, 4]]`: foul, weight), or the keys or the
 *    values (four at least) of an object (`{ 11: 'freekick', ... }`, `{ GK: 10, DF: 11, ... }`).
 *    Two numbers are more often a range (`[90, 100]`), three values of an object a record of
 *    settings, and the small families (cards 1-3, body parts, penalty outcomes) are evidence only
 *    by name.
 */

/** One code family: the labels of its codes by id, and whether bare numbers are evidence. */
interface Family {
  codes: ReadonlyMap<number, readonly string[]>;
  distinctive: boolean;
}

type Entry = readonly [id: number, label: string, ...rest: unknown[]];

/** The labels of the codes of lists that share a field (group and knockout rounds), by id. */
function codes(...lists: readonly (readonly Entry[])[]): Map<number, string[]> {
  const labels = new Map<number, string[]>();
  for (const [id, label] of lists.flat()) labels.set(id, [...(labels.get(id) ?? []), label]);
  return labels;
}

/** The families, by the names code gives their fields (compared without case and underscores). */
const FAMILIES: Readonly<Record<string, Family>> = {
  action: { codes: codes(ACTIONS), distinctive: true },
  modifier: { codes: codes(MODIFIERS), distinctive: true },
  shotevent: { codes: codes(SHOT_EVENTS), distinctive: true },
  foul: { codes: codes(FOULS), distinctive: true },
  position: { codes: codes(POSITIONS), distinctive: true },
  card: { codes: codes(CARDS), distinctive: false },
  bodypart: { codes: codes(BODY_PARTS), distinctive: false },
  outcome: {
    codes: codes(PENALTY_OUTCOMES, [
      [OUTCOME.accurate, 'Accurate'],
      [OUTCOME.notAccurate, 'Not accurate'],
    ]),
    distinctive: false,
  },
  phase: { codes: codes(PHASES), distinctive: false },
  round: { codes: codes(GROUP_ROUNDS, KNOCKOUT_ROUNDS), distinctive: false },
  category: { codes: codes(MODIFIER_CATEGORIES), distinctive: false },
  weather: { codes: codes(WEATHER), distinctive: false },
  surface: { codes: codes(SURFACES), distinctive: false },
  confederation: { codes: codes(CONFEDERATIONS), distinctive: false },
  nameorder: { codes: codes(NAME_ORDERS), distinctive: false },
};

/** Other names of the fields: plurals, abbreviations, the names of lists of codes. */
const ALIASES: Readonly<Record<string, string>> = {
  actions: 'action',
  actiontype: 'action',
  mod: 'modifier',
  mods: 'modifier',
  modifiers: 'modifier',
  shotevents: 'shotevent',
  fouls: 'foul',
  positions: 'position',
  cards: 'card',
  bodyparts: 'bodypart',
  outcomes: 'outcome',
  phases: 'phase',
  groupround: 'round',
  knockoutround: 'round',
};

/** `shot_event`, `shotEvent`, `SHOT EVENT` -> `shotevent`. */
const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The family of a field named `name`, if it is a code field. */
export function familyOf(name: string): string | null {
  const key = fold(name);
  const family = ALIASES[key] ?? key;
  return family in FAMILIES ? family : null;
}

/** A number that stands for a code. */
export interface CodeLiteral {
  line: number;
  family: string;
  text: string;
}

/** The name an expression reads: `card`, `o.card`, `row['card']`, `a.mods` -> `mods`. */
function nameOf(node: ts.Node): string | null {
  if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) return node.text;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node)) return nameOf(node.argumentExpression);
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node))
    return nameOf(node.expression);
  return null;
}

/** The value of a numeric literal (`-1` included), or null. */
function numberOf(node: ts.Node | undefined): number | null {
  if (node && ts.isNumericLiteral(node)) return Number(node.text);
  if (
    node &&
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  )
    return -Number(node.operand.text);
  return null;
}

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  // A fallback: `row.position ?? 20`.
  ts.SyntaxKind.QuestionQuestionToken,
]);

/** Methods that look a code up in a list of codes: `mods.has(1801)`, `cards.includes(2)`. */
const LOOKUPS = new Set(['has', 'includes', 'indexOf']);

/**
 * SQL comparing a column with numbers: `o.card IN (2, 3)`, `outcome NOT IN (1, 3)`,
 * `action <> 100`.
 */
const SQL_COMPARISON =
  /\b(\w+)\s*(?:=|==|!=|<>|(?:\bNOT\s+)?\bIN\s*\()\s*(-?\d+(?:\s*,\s*-?\d+)*)/gi;

/** Rule 1: the family of a named code field that `value` is a code of, or null. */
function namedCode(name: string | null, value: number | null): string | null {
  if (name === null || value === null) return null;
  const family = familyOf(name);
  return family !== null && FAMILIES[family]!.codes.has(value) ? family : null;
}

/** Rule 2: the family of the code whose label `name` is, if `value` is its id. */
function labelledCode(name: string | null, value: number | null): string | null {
  if (name === null || value === null) return null;
  const key = fold(name);
  // Labels are compared without what they say in brackets ("Round of 16 (1/8)"), and a name may
  // add its family ("OFFSIDE_ACTION").
  const named = (family: string, label: string) => {
    const bare = fold(label.replace(/\(.*?\)/g, ''));
    return key === bare || key === bare + family || key === family + bare;
  };
  const found = Object.entries(FAMILIES).filter(([family, f]) =>
    (f.codes.get(value) ?? []).some((label) => named(family, label)),
  );
  return found.length > 0 ? found.map(([family]) => family).join('|') : null;
}

/**
 * Rule 4: the distinctive families all the values are codes of (`least` of them at least), or
 * null.
 */
function listFamily(values: readonly (number | null)[], least = 3): string | null {
  if (values.length < least || values.some((v) => v === null)) return null;
  const found = Object.entries(FAMILIES).filter(
    ([, f]) => f.distinctive && values.every((v) => f.codes.has(v!)),
  );
  return found.length > 0 ? found.map(([family]) => family).join('|') : null;
}

/**
 * Whether a property belongs to an object of numbers only: a table keyed by names
 * (`{ goal: 0, penalty: 0, card: 1 }`, an order of kinds), whose `card` is a kind, not a field.
 */
function numberTable(node: ts.Node): boolean {
  const object = node.parent;
  return (
    ts.isObjectLiteralExpression(object) &&
    object.properties.every((p) => ts.isPropertyAssignment(p) && numberOf(p.initializer) !== null)
  );
}

/**
 * Whether a table keyed by names names codes: half of its names at least (and two) are the labels
 * of the codes they hold (`{ league: 1, group: 2, knockout: 3 }`), not a chance match or two
 * (`{ goal: 0, yellow: 1, sub: 2 }`, an order of kinds).
 */
function namesCodes(object: ts.ObjectLiteralExpression): boolean {
  const named = object.properties.filter(
    (p) => ts.isPropertyAssignment(p) && labelledCode(nameOf(p.name), numberOf(p.initializer)),
  ).length;
  return named >= 2 && named * 2 >= object.properties.length;
}

/** Every code written as a number in `source` (TypeScript text), by the rules above. */
export function codeLiterals(source: string, file = 'source.ts'): CodeLiteral[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: CodeLiteral[] = [];
  const visit = (node: ts.Node): void => {
    for (const family of familiesOf(node)) {
      if (family === null) continue;
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      found.push({ line, family, text: node.getText(sf).replace(/\s+/g, ' ').slice(0, 80) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The families of the codes one node writes as numbers (for most nodes: none). */
function familiesOf(node: ts.Node): (string | null)[] {
  if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind))
    return [
      namedCode(nameOf(node.left), numberOf(node.right)),
      namedCode(nameOf(node.right), numberOf(node.left)),
    ];
  if (ts.isCaseClause(node) && ts.isSwitchStatement(node.parent.parent))
    return [namedCode(nameOf(node.parent.parent.expression), numberOf(node.expression))];
  if (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) {
    const name = nameOf(node.name);
    const value = numberOf(node.initializer);
    if (!numberTable(node)) return [namedCode(name, value) ?? labelledCode(name, value)];
    return [
      namesCodes(node.parent as ts.ObjectLiteralExpression) ? labelledCode(name, value) : null,
    ];
  }
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression))
    return LOOKUPS.has(node.expression.name.text)
      ? [namedCode(nameOf(node.expression.expression), numberOf(node.arguments[0]))]
      : [];
  if (ts.isArrayLiteralExpression(node))
    return [
      listFamily(node.elements.map((e) => numberOf(e))),
      listFamily(
        node.elements.map((e) => (ts.isArrayLiteralExpression(e) ? numberOf(e.elements[0]) : null)),
      ),
    ];
  if (ts.isObjectLiteralExpression(node)) {
    const assigned = node.properties.map((p) => (ts.isPropertyAssignment(p) ? p : null));
    return [
      listFamily(assigned.map((p) => (p && ts.isNumericLiteral(p.name) ? numberOf(p.name) : null))),
      // Records of three numbers are as often settings (`{ goal: 40, penalty: 20, card: 10 }`).
      listFamily(
        assigned.map((p) => (p ? numberOf(p.initializer) : null)),
        4,
      ),
    ];
  }
  if (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateLiteralToken(node)
  )
    return sqlFamilies(node.text);
  return [];
}

/** Rule 3: the families of the code columns a piece of SQL compares with some of their codes. */
function sqlFamilies(text: string): (string | null)[] {
  return [...text.matchAll(SQL_COMPARISON)].map(([, column, values]) => {
    const family = familyOf(column!);
    if (family === null) return null;
    const numbers = values!.split(',').map((v) => Number(v.trim()));
    return numbers.some((n) => FAMILIES[family]!.codes.has(n)) ? family : null;
  });
}
