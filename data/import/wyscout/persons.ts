import { POSITION as P } from '../../../football/codes.ts';
import { NAME_ORDER } from '../../../football/lists.ts';
import type { ImportContext } from '../context.ts';
import { nameKey } from '../written-names.ts';
import { unescape, type WyPlayer } from './source.ts';
import type { WyscoutTeams } from './teams.ts';

/**
 * Wyscout's role codes -> generic position ids (the list has no generic forward: Central Forward).
 */
const POSITION: Readonly<Record<string, number>> = {
  GK: P.goalkeeper,
  DF: P.defender,
  MD: P.midfielder,
  FW: P.centralForward,
};

/** A player another source already has, as the matching sees it. */
interface Known {
  readonly player: string;
  readonly birthDate: string | null;
  readonly country: string | null;
  readonly key: string;
  readonly tokens: ReadonlySet<string>;
}

/** Player ids by Wyscout player id, and how many were found in the database. */
export interface WyscoutPlayers {
  /** The player id of a Wyscout player id, or null when players.json does not list it. */
  player(wyId: number): string | null;
  /** The birth date the source gives a player (to match lineups of merged matches). */
  birthDate(wyId: number): string | null;
  /** The player's name parts (`nameParts`), to match lineups of merged matches. */
  names(wyId: number): ReadonlySet<string>;
}

/**
 * Players as persons. Names are unescaped (about 700 carry literal `\uXXXX` text) and kept as the
 * source splits them: firstName, middleName (second_name), lastName; `shortName` becomes the
 * nickname when it is a name the player goes by ("Neymar", "Isco") rather than an abbreviation ("N.
 * Kanté"). Country: the player's national team where the source names one, else the passport
 * country.
 *
 * One real person = one record: before creating anyone, a player another source already has is used
 * (their rows are left as written):
 * 1. born the same day and sharing a name of three letters or more ("Cristiano Ronaldo dos Santos
 *    Aveiro" and "Cristiano Ronaldo", both born 1985-02-05), when exactly one such player exists;
 * 2. otherwise the same full name and country, when exactly one: results lists name scorers without
 *    birth dates, and sources disagree on some dates (Hotaru Yamaguchi: 1990-06-10 here, 1990-10-06
 *    in Fjelstul).
 */
export function importPlayers(
  ctx: ImportContext,
  players: readonly WyPlayer[],
  teams: WyscoutTeams,
  nationalTeams: ReadonlySet<number>,
): WyscoutPlayers {
  const candidates = matchCandidates(knownPlayers(ctx), players, teams, nationalTeams);
  const mergedWith = mergedPlayers(candidates);
  const ids = new Map<number, string>();
  const births = new Map<number, string | null>();
  const parts = new Map<number, ReadonlySet<string>>();
  let merged = 0;
  const step = ctx.progress.step('players', players.length);
  for (const candidate of candidates) {
    const { p, names, own } = candidate;
    births.set(p.wyId, names.birthDate);
    parts.set(p.wyId, own);
    const known = mergedWith(candidate);
    if (known !== null) {
      ids.set(p.wyId, known.player);
      merged += 1;
    } else ids.set(p.wyId, savePlayer(ctx, candidate));
    step.tick();
  }
  step.done();
  ctx.report.note(
    `player: ${merged.toLocaleString('en')} of ${players.length.toLocaleString('en')} players ` +
      'were already in the database ' +
      '(same birth date and a shared name, or same name and country) ' +
      'and were merged, not duplicated',
  );
  return {
    player: (wyId) => ids.get(wyId) ?? null,
    birthDate: (wyId) => births.get(wyId) ?? null,
    names: (wyId) => parts.get(wyId) ?? new Set(),
  };
}

/** A player of the source with the player of another source it may be. */
interface Candidate {
  readonly p: WyPlayer;
  readonly names: Names;
  readonly country: string;
  /** The player's name parts (`nameParts` of the full and the short name). */
  readonly own: ReadonlySet<string>;
  /** The other source's player it matches, if exactly one does. */
  readonly found: Known | null;
  /** The number of name parts shared with `found` (0 without one). */
  readonly score: number;
}

/** The players the other sources have written, as the matching sees them. */
function knownPlayers(ctx: ImportContext): Known[] {
  return ctx.db
    .prepare<
      [string],
      {
        player: string;
        birth_date: string | null;
        country: string | null;
        full_name: string;
        first_name: string | null;
        last_name: string | null;
      }
    >(
      `SELECT pl.id AS player, p.birth_date, p.country, n.full_name, p.first_name, p.last_name
      FROM player pl JOIN person p ON p.id = pl.person JOIN person_name n ON n.id = p.id
      WHERE pl.source <> ?`,
    )
    .all(ctx.source)
    .map((row): Known => {
      const key = nameKey(row.full_name);
      const names = [row.full_name, row.first_name ?? '', row.last_name ?? ''].join(' ');
      return {
        player: row.player,
        birthDate: row.birth_date,
        country: row.country,
        key,
        tokens: nameParts(names),
      };
    });
}

/**
 * Pass 1 of the matching: each Wyscout player's best match among the other sources' players, with
 * the number of name parts they share. A player's country is found (or created) here, in the
 * order of the players.
 */
function matchCandidates(
  known: readonly Known[],
  players: readonly WyPlayer[],
  teams: WyscoutTeams,
  nationalTeams: ReadonlySet<number>,
): Candidate[] {
  const byBirth = groupBy(
    known.filter((k) => k.birthDate !== null),
    (k) => k.birthDate!,
  );
  const byName = groupBy(known, (k) => `${k.key}|${k.country}`);
  return players.map((p) => {
    const names = namesOf(p);
    const national =
      typeof p.currentNationalTeamId === 'number' && nationalTeams.has(p.currentNationalTeamId)
        ? p.currentNationalTeamId
        : null;
    const country = national !== null ? teams.team(national) : teams.country(p.passportArea);
    const own = nameParts(`${names.full} ${names.short}`);
    const shared = (k: Known) => [...own].filter((t) => k.tokens.has(t)).length;
    const sameDay =
      names.birthDate === null
        ? []
        : (byBirth.get(names.birthDate) ?? []).filter((k) => shared(k) > 0);
    const sameName = [
      ...new Set([
        ...(byName.get(`${nameKey(names.full)}|${country}`) ?? []),
        ...(byName.get(`${nameKey(names.short)}|${country}`) ?? []),
      ]),
    ];
    const found =
      sameDay.length === 1
        ? sameDay[0]!
        : sameDay.length === 0 && sameName.length === 1
          ? sameName[0]!
          : null;
    return { p, names, country, own, found, score: found === null ? 0 : shared(found) };
  });
}

/**
 * Pass 2 of the matching: the other source's player a candidate is merged with, or null. A match
 * is kept only for the one player that shares the most with it (the twins Alexei and Vasili
 * Berezutski share a birth date and a family name; one of them is Fjelstul's).
 */
function mergedPlayers(candidates: readonly Candidate[]): (candidate: Candidate) => Known | null {
  const best = new Map<string, number>();
  for (const c of candidates)
    if (c.found) best.set(c.found.player, Math.max(best.get(c.found.player) ?? 0, c.score));
  const claims = new Map<string, number>();
  for (const c of candidates)
    if (c.found && c.score === best.get(c.found.player))
      claims.set(c.found.player, (claims.get(c.found.player) ?? 0) + 1);
  return ({ found, score }) =>
    found !== null && score === best.get(found.player) && claims.get(found.player) === 1
      ? found
      : null;
}

/** Writes the person and player rows of a player no other source has; returns the player id. */
function savePlayer(ctx: ImportContext, { p, names, country }: Candidate): string {
  const { first, middle, last, short, birthDate } = names;
  const person = ctx.id('person', p.wyId);
  const goesBy =
    short !== '' && !short.includes('.') && nameKey(short) !== nameKey(`${first} ${last}`)
      ? short
      : '';
  ctx.save('person', {
    id: person,
    first_name: first || null,
    second_name: middle || null,
    last_name: last || null,
    second_last_name: null,
    nickname: goesBy || (first === '' && last === '' ? short : ''),
    birth_date: birthDate,
    name_order: NAME_ORDER.western,
    country,
    source: ctx.source,
  });
  const player = ctx.id('player', p.wyId);
  ctx.save('player', {
    id: player,
    person,
    position: POSITION[p.role.code2] ?? null,
    supplier_id: p.wyId,
    source: ctx.source,
  });
  return player;
}

/** A player's names as the source writes them, unescaped, and their birth date. */
interface Names {
  readonly first: string;
  readonly middle: string;
  readonly last: string;
  readonly short: string;
  /** First, middle and last name. */
  readonly full: string;
  readonly birthDate: string | null;
}

/** A player's names as the source writes them, unescaped. */
function namesOf(p: WyPlayer): Names {
  const [first, middle, last, short] = [p.firstName, p.middleName, p.lastName, p.shortName].map(
    (n) => unescape(n).trim(),
  ) as [string, string, string, string];
  return {
    first,
    middle,
    last,
    short,
    full: [first, middle, last].filter(Boolean).join(' '),
    birthDate: p.birthDate || null,
  };
}

/** The name parts of three letters or more, as name keys. */
export function nameParts(names: string): Set<string> {
  return new Set(
    nameKey(names)
      .split(' ')
      .filter((t) => t.length >= 3),
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
