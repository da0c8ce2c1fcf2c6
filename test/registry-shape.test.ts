import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The registry stays a set of small named parts: a resource is read in one screen, so no function
 * of `build/registry/` may run past `MAX_LINES`. Parsed with the TypeScript compiler, not run: the
 * test reads the source as written.
 */

const REGISTRY_DIR = join(import.meta.dirname, '..', 'build', 'registry');

/** The most lines a function of the registry may span, from its first line to its closing brace. */
const MAX_LINES = 60;

/** Every TypeScript file under `dir`, nested folders included. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** A function with a body: a declaration, an expression, an arrow, a method or an accessor. */
function isFunctionWithBody(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return ts.isFunctionLike(node) && 'body' in node && node.body !== undefined;
}

/** A function as measured: where it is and how many lines it spans. */
interface Measured {
  at: string;
  lines: number;
}

/**
 * The outermost functions of a file (a function nested in another counts toward the one around
 * it, so it is not measured apart), with the lines each spans.
 */
function outermostFunctions(path: string): Measured[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const line = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (!isFunctionWithBody(node)) return ts.forEachChild(node, visit);
    const [first, last] = [line(node.getStart(file)), line(node.getEnd())];
    const name = node.name ? node.name.getText(file) : '(anonymous)';
    found.push({ at: `${relative(REGISTRY_DIR, path)}:${first} ${name}`, lines: last - first + 1 });
  };
  visit(file);
  return found;
}

describe('the registry is made of small parts', () => {
  const functions = sourceFiles(REGISTRY_DIR).flatMap(outermostFunctions);

  it('finds the functions of every file of the registry', () => {
    expect(functions.length).toBeGreaterThan(20);
  });

  it(`has no function longer than ${MAX_LINES} lines`, () => {
    const long = functions.filter((f) => f.lines > MAX_LINES).map((f) => `${f.at}: ${f.lines}`);
    expect(long).toEqual([]);
  });
});
