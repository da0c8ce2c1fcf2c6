import type { Db } from '../db.ts';

/** The targets a package names by a person's full name and birth date. */
export type PersonTarget = 'person' | 'player' | 'manager' | 'referee' | 'lineup';

/** A row named by a person: its id, and the person's birth date. */
interface Named {
  readonly id: string;
  readonly birth: string | null;
}

/** The person's name and birth date of each row of `role`, by joins to `person_name`. */
const ROLE_ROWS = (role: string) =>
  `SELECT n.full_name AS name, p.birth_date AS birth, r.id FROM "${role}" r
  JOIN person p ON p.id = r.person JOIN person_name n ON n.id = p.id`;

/** The query of each target's rows with their names; a lineup's, of one match. */
const ROWS: Readonly<Record<PersonTarget, string>> = {
  person: `SELECT n.full_name AS name, p.birth_date AS birth, p.id FROM person p
    JOIN person_name n ON n.id = p.id`,
  player: ROLE_ROWS('player'),
  manager: ROLE_ROWS('manager'),
  referee: ROLE_ROWS('referee'),
  lineup: `SELECT n.full_name AS name, p.birth_date AS birth, l.id FROM lineup l
    JOIN player pl ON pl.id = l.player JOIN person p ON p.id = pl.person
    JOIN person_name n ON n.id = p.id WHERE l.match = ?`,
};

/**
 * The rows a package names by a person's full name, read once for each file rather than once a
 * row: a full name is a view of the person's parts, which no index finds. A lineup's are read for
 * one match at a time, so memory holds one match's players whatever the size.
 */
export interface People {
  /** The ids of the rows of `target` named `name` (born on `birth`, where given). */
  named(target: PersonTarget, name: string, birth: string | null, match: string | null): string[];
  /** The ids of the persons named `name` and born on `birth` exactly (a null date included). */
  keyed(name: string, birth: string | null): string[];
  /** Forgets what was read: the rows of the file before are in the database now. */
  reset(): void;
}

/** The names of `db`'s people, read as they are asked for. */
export function people(db: Db): People {
  const read = new Map<string, Map<string, Named[]>>();
  const rows = (target: PersonTarget, match: string | null): Map<string, Named[]> => {
    const key = target === 'lineup' ? `lineup\0${match}` : target;
    let byName = read.get(key);
    if (byName) return byName;
    if (target === 'lineup')
      for (const k of read.keys()) if (k.startsWith('lineup')) read.delete(k);
    const statement = db.prepare<unknown[], Named & { name: string }>(ROWS[target]);
    byName = new Map();
    for (const row of target === 'lineup' ? statement.iterate(match) : statement.iterate()) {
      const list = byName.get(row.name) ?? [];
      list.push({ id: row.id, birth: row.birth });
      byName.set(row.name, list);
    }
    read.set(key, byName);
    return byName;
  };
  return {
    named: (target, name, birth, match) =>
      (rows(target, match).get(name) ?? [])
        .filter((r) => birth === null || r.birth === birth)
        .map((r) => r.id),
    keyed: (name, birth) =>
      (rows('person', null).get(name) ?? []).filter((r) => r.birth === birth).map((r) => r.id),
    reset: () => read.clear(),
  };
}
