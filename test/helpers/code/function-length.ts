import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** A function in a source file and how many lines it spans. */
export interface FunctionLength {
  /** The file, as given to `functionLengths` joined with its path below it. */
  readonly file: string;
  /** The line its first line is on (1-based). */
  readonly line: number;
  readonly name: string;
  /** From the function's first line to its closing brace, both included. */
  readonly lines: number;
}

/** The TypeScript files under a folder, in a stable order. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.name.endsWith('.ts') ? [path] : [];
    });
}

/** A readable name for a function: its own, or the variable, property or call it is passed to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source)})`;
  return '(anonymous)';
}

/**
 * Every function with a body (declarations, methods, arrow functions and function expressions) in
 * the TypeScript files under `dir`, with its length. A function inside another is listed on its
 * own and also counts towards the one around it, as the lines to read are the outer one's.
 */
export function functionLengths(dir: string): FunctionLength[] {
  const found: FunctionLength[] = [];
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ file, line: first + 1, name: nameOf(node, source), lines: last - first + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
