import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeLiterals } from '../../helpers/code/code-literals.ts';
import { CODE_FOLDERS, ROOT } from '../../helpers/code/import-graph.ts';

/**
 * Each football code is defined once, in `football/`: everywhere else code names it
 * (`ACTION.shot`, `CARD.red`, `SHOT_EVENT.directFromCorner`) rather than writing its number, so
 * that a list such as the shots is one list, not one per module that counts them. The rules that
 * tell a code from any other number are in `helpers/code-literals.ts`.
 */

/** The folders of source code, but the reference lists, which are where the codes are defined. */
const SOURCES = CODE_FOLDERS.map((f) => `${f}/**/*.{ts,mjs}`);
const REFERENCE = 'football/**';

/** Every code written as a number in the source folders, as `file:line [family] text`. */
function scan(): { file: string; line: number; family: string; text: string }[] {
  const files = fg.sync(SOURCES, { cwd: ROOT, ignore: [REFERENCE] }).sort();
  return files.flatMap((file) =>
    codeLiterals(readFileSync(join(ROOT, file), 'utf8'), file).map((c) => ({ file, ...c })),
  );
}

describe('football codes', () => {
  it('are written by name outside football/', () => {
    expect(scan().map((f) => `${f.file}:${f.line} [${f.family}] ${f.text}`)).toEqual([]);
  });
});

/** What the rules find in a snippet: `family text` per code. */
const codesIn = (source: string) => codeLiterals(source).map((c) => `${c.family} ${c.text}`);

/** Snippets and what the rules find in them, old literals of this code base among them. */
const FINDS: readonly (readonly [source: string, found: string])[] = [
  // Lists of codes, as the analytics and the set pieces once had them.
  ['export const SHOT_ACTIONS = [100, 33, 35] as const;', 'action [100, 33, 35]'],
  [
    'export const SET_PIECES: readonly number[] = [30, 31, 32, 33, 34, 35, 36];',
    'action [30, 31, 32, 33, 34, 35, 36]',
  ],
  // SQL comparing code columns, as the total shot ratio and the match facts once did.
  [
    'const q = `SELECT count(*) FROM derived.micro_event ea WHERE ea.action IN (100, 33, 35)`;',
    'action `SELECT count(*) FROM derived.micro_event ea WHERE ea.action IN (100, 33, 35)`',
  ],
  [
    "db.prepare('SELECT 1 FROM offense o WHERE o.card IN (2, 3)');",
    "card 'SELECT 1 FROM offense o WHERE o.card IN (2, 3)'",
  ],
  [
    "count('SELECT n FROM penalty WHERE outcome NOT IN (1, 3)');",
    "outcome 'SELECT n FROM penalty WHERE outcome NOT IN (1, 3)'",
  ],
  // Comparisons, cases, lookups and fallbacks on code fields.
  ['if (a.action === 100) n++;', 'action a.action === 100'],
  ['const keeper = position === 10;', 'position position === 10'],
  ['const red = cards.includes(2);', 'card cards.includes(2)'],
  ['const ok = a.mods.has(1801);', 'modifier a.mods.has(1801)'],
  ['const p = row.position ?? 20;', 'position row.position ?? 20'],
  ['switch (foul) { case 11: break; }', 'foul case 11: break;'],
  ['const draft = { actor, outcome: 1 };', 'outcome outcome: 1'],
  // Constants and tables named after the codes they hold.
  ['export const GOALKEEPER = 10;', 'position GOALKEEPER = 10'],
  ['const OFFSIDE_ACTION = 60;', 'action OFFSIDE_ACTION = 60'],
  ['const PHASE = { league: 1, group: 2, knockout: 3 };', 'phase league: 1'],
  // Tables of codes: by keys, by values, by their first column.
  [
    "const S = { 11: 'freekick', 16: 'freekick', 12: 'corners' };",
    "shotevent|foul|position { 11: 'freekick', 16: 'freekick', 12: 'corners' }",
  ],
  [
    'const P = { GK: 10, DF: 11, MF: 20, FW: 25 };',
    'action|shotevent|foul|position { GK: 10, DF: 11, MF: 20, FW: 25 }',
  ],
  [
    'const F = [[16, 10], [13, 6], [20, 4]];',
    'shotevent|foul|position [[16, 10], [13, 6], [20, 4]]',
  ],
];

/** Snippets with numbers that equal codes but are not: the rules find nothing in them. */
const PASSES: readonly string[] = [
  // Numbers that equal codes but are not: ranges, weights, minutes, places, counts, orders.
  'const humidity = [90, 100];',
  'const SCRIPT_LEAD = { goal: 40, penalty: 20, card: 10 };',
  'const ORDER = { goal: 0, penalty: 0, card: 1, change: 2 };',
  'if (period === 1 && x < 50) left++;',
  'const end = extra ? 120 : 90;',
  'const at = point(rng.float(70, 82), rng.float(32, 68));',
  'for (let round = 1; round <= 5; round++) kick();',
  'const picks = [[1, 2], [3, 4]];',
  "const WHERE = 'SELECT * FROM match WHERE is_starting = 1 AND period = 2';",
  'const lines = { gk: 0, def: 2.5, mid: 1.6, fwd: 4 };',
];

describe('the rules that find codes written as numbers', () => {
  it.each(FINDS)('finds %s', (source, expected) => {
    expect(codesIn(source)).toContain(expected);
  });

  it.each(PASSES)('passes %s', (source) => {
    expect(codesIn(source)).toEqual([]);
  });
});
