import type { ImportContext } from '../context.ts';
import { isoDate } from '../csv.ts';
import { squadPosition } from '../fjelstul/positions.ts';
import { nameKey, type WrittenNames } from '../written-names.ts';
import { DAY_ONE_2026, type SourceSquad } from './source.ts';
import type { OpenfootballTeams } from './teams.ts';

/** The World Cup of the squads file. */
export const SQUADS_YEAR = 2026;

/** The 2026 squad players by country and name. */
export interface Squads {
  /**
   * The player id of `name` in the squad of `country` (a country id): the player with the same name
   * key, else the one squad player whose name is a variant of it (variantOf); undefined when none
   * or several.
   */
  get(country: string, name: string): string | undefined;
  /** The variants `get` accepted: "written name -> squad name", for the report. */
  readonly variants: string[];
}

/**
 * Letters that do not decompose into a base letter and a mark (so nameKey keeps them): their base.
 */
const FOLD: Readonly<Record<string, string>> = {
  ı: 'i',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ß: 'ss',
  þ: 'th',
};

/** A name key with those letters folded too ("Barış Yılmaz" and "Baris Yilmaz" give one key). */
export function foldedKey(name: string): string {
  return nameKey(name).replace(/[ıøæœłđðßþ]/g, (c) => FOLD[c]!);
}

/** Edit distance of two strings, stopping early beyond `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    if (Math.min(...row) > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Whether a scorer's written name is a variant of a squad name, where the match file and the squad
 * file spell a player differently: the folded keys differ by at most two letters ("Mahmoud Abunada"
 * / "Mahmud Abunada", "Mousa Al-Tamari" / "Musa Al-Taamari", "Baris Alper Yilmaz" / "Barış Alper
 * Yılmaz"), or, word by word, each word is the start of the other's ("Maxi Araújo" / "Maximiliano
 * Araújo"), or one name's words are all words of the other ("Diney Borges" / "Diney"). Used only
 * within one team's squad, and only when exactly one squad player fits.
 */
export function variantOf(written: string, squadName: string): boolean {
  const a = foldedKey(written);
  const b = foldedKey(squadName);
  if (distance(a, b, 2) <= 2) return true;
  const wa = a.split(' ');
  const wb = b.split(' ');
  if (wa.length === wb.length && wa.every((w, i) => w.startsWith(wb[i]!) || wb[i]!.startsWith(w)))
    return true;
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  return short.every((w) => long.includes(w));
}

/**
 * 2026/worldcup.squads.json -> players. Each squad player is a player by written name
 * (written-names.ts: a person of the database with that name and birth date, or that name and
 * country, is reused; otherwise a person of this source with the name as written, birth date and
 * the squad's country), with the generic position of the squad (GK, DF, MF, FW). Shirt numbers and
 * clubs are not stored: the model has no squads, and no lineups come with them.
 */
export function importSquads(
  ctx: ImportContext,
  squads: readonly SourceSquad[],
  teams: OpenfootballTeams,
  names: WrittenNames,
): Squads {
  const players = new Map<string, string>();
  const byCountry = new Map<string, { name: string; player: string }[]>();
  const step = ctx.progress.step(
    'squads',
    squads.reduce((n, s) => n + s.players.length, 0),
  );
  for (const squad of squads) {
    const country = teams.team(squad.name, DAY_ONE_2026);
    for (const p of squad.players) {
      const key = `${country}|${nameKey(p.name)}`;
      if (players.has(key)) throw new Error(`squad of ${squad.name}: two players named ${p.name}`);
      const player = names.player(p.name, country, {
        birthDate: p.date_of_birth === undefined ? null : isoDate(p.date_of_birth),
        position: squadPosition(p.pos),
      });
      players.set(key, player);
      byCountry.set(country, [...(byCountry.get(country) ?? []), { name: p.name, player }]);
      step.tick();
    }
  }
  step.done();
  if (squads.length > 0) {
    ctx.report.note(
      `player: 2026 squads: ${players.size} players (${names.merged} matched to an existing person by name and birth date or country, ` +
        `${names.created} new, name as written in nickname); shirt numbers and clubs are not stored (no squad table; the files have no lineups)`,
    );
  }
  const variants: string[] = [];
  return {
    variants,
    get(country, name) {
      const exact = players.get(`${country}|${nameKey(name)}`);
      if (exact !== undefined) return exact;
      const fitting = (byCountry.get(country) ?? []).filter((p) => variantOf(name, p.name));
      if (fitting.length !== 1) return undefined;
      const variant = `${name} -> ${fitting[0]!.name}`;
      if (!variants.includes(variant)) variants.push(variant);
      return fitting[0]!.player;
    },
  };
}
