/** What one write did to a row. */
export type WriteOutcome = 'new' | 'updated' | 'present' | 'deleted';

/** Per-table counts of one import. */
export interface TableCounts {
  /** Rows this import added. */
  new: number;
  /**
   * Rows that were already there (from an earlier import of this or another source) and that this
   * import changed.
   */
  updated: number;
  /** Rows that were already there, unchanged: merged with what the database had. */
  present: number;
  /** Rows this import removed (a package's rows marked `_deleted`, and what hung from them). */
  deleted: number;
}

/** Source records that were not imported, grouped by table and reason. */
export interface SkipEntry {
  readonly table: string;
  readonly reason: string;
  count: number;
}

/**
 * The summary of one import: rows written per table (new / updated / already present), source
 * records skipped and why, and notes on what the source does not have (so an empty column is
 * explained).
 */
export class ImportReport {
  readonly tables = new Map<string, TableCounts>();
  readonly skipped: SkipEntry[] = [];
  readonly notes: string[] = [];
  seconds = 0;

  constructor(
    readonly format: string,
    readonly path: string,
  ) {}

  /** Counts one row write (or `n` alike, for rows written in bulk). */
  count(table: string, outcome: WriteOutcome, n = 1): void {
    let counts = this.tables.get(table);
    if (!counts) this.tables.set(table, (counts = { new: 0, updated: 0, present: 0, deleted: 0 }));
    counts[outcome] += n;
  }

  /**
   * Records `count` source records of `table` that were skipped for `reason` (same reason: one
   * entry).
   */
  skip(table: string, reason: string, count = 1): void {
    if (count <= 0) return;
    const entry = this.skipped.find((e) => e.table === table && e.reason === reason);
    if (entry) entry.count += count;
    else this.skipped.push({ table, reason, count });
  }

  /**
   * Records something the reader of the summary should know (a gap in the source, a mapping
   * choice).
   */
  note(text: string): void {
    this.notes.push(text);
  }

  /** Counts of one table (zeros when nothing was written). */
  of(table: string): TableCounts {
    return this.tables.get(table) ?? { new: 0, updated: 0, present: 0, deleted: 0 };
  }

  /** A plain-text summary for the command line. */
  summary(): string {
    const lines: string[] = [];
    const names = [...this.tables.keys()];
    const width = Math.max(12, ...names.map((n) => n.length));
    const num = (n: number) => n.toLocaleString('en').padStart(9);
    // The column of deletions only where there are some: source importers never delete.
    const deletes = [...this.tables.values()].some((c) => c.deleted > 0);
    const heads = ['new', 'updated', 'present', ...(deletes ? ['deleted'] : [])];
    lines.push(`${'table'.padEnd(width)} ${heads.map((h) => h.padStart(9)).join(' ')}`);
    for (const [name, c] of this.tables) {
      const counts = [c.new, c.updated, c.present, ...(deletes ? [c.deleted] : [])];
      lines.push(`${name.padEnd(width)} ${counts.map(num).join(' ')}`);
    }
    lines.push(
      '(present: already in the database, merged; updated: already there, changed by this import)',
    );
    if (this.skipped.length > 0) {
      lines.push('', 'Skipped:');
      for (const s of this.skipped)
        lines.push(`  ${s.table}: ${s.count.toLocaleString('en')} ${s.reason}`);
    }
    if (this.notes.length > 0) {
      lines.push('', 'Notes:');
      for (const n of this.notes) lines.push(`  - ${n}`);
    }
    return lines.join('\n');
  }
}
