/**
 * The bench's tables, as printed: a header row, a rule, and the rows, columns aligned (the first
 * to the left, numbers to the right). What `--save` keeps is this text (`results.ts`).
 */

/** Prints a table with its columns aligned, line by line to `print`. */
export function table(
  headers: string[],
  rows: (string | number)[][],
  print: (line: string) => void = console.log,
): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  for (const [n, row] of cells.entries()) {
    print(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
    if (n === 0) print(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
