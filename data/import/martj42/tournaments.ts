import { CONFEDERATION_ID, type ConfederationCode } from '../../../football/lists.ts';
import { ensureIntlCompetition, MENS_WORLD_CUP } from '../competitions.ts';
import type { ImportContext } from '../context.ts';

/**
 * Tournaments a confederation (or FIFA) organises, by the file's name. Everything else (friendlies,
 * invitational cups, regional unions' cups such as the AFF or COSAFA Cup, multi-sport games) has no
 * confederation as organiser: NULL.
 */
const ORGANISER: Readonly<Record<string, ConfederationCode>> = {
  'FIFA World Cup': 'FIFA',
  'FIFA World Cup qualification': 'FIFA',
  'Confederations Cup': 'FIFA',
  'FIFA Series': 'FIFA',
  'FIFA 75th Anniversary Cup': 'FIFA',
  'UEFA Euro': 'UEFA',
  'UEFA Euro qualification': 'UEFA',
  'UEFA Nations League': 'UEFA',
  'African Cup of Nations': 'CAF',
  'African Cup of Nations qualification': 'CAF',
  'AFC Asian Cup': 'AFC',
  'AFC Asian Cup qualification': 'AFC',
  'AFC Challenge Cup': 'AFC',
  'AFC Challenge Cup qualification': 'AFC',
  'AFC Solidarity Cup': 'AFC',
  'CONCACAF Championship': 'CONCACAF',
  'CONCACAF Championship qualification': 'CONCACAF',
  'CONCACAF Nations League': 'CONCACAF',
  'CONCACAF Nations League qualification': 'CONCACAF',
  'Gold Cup': 'CONCACAF',
  'Gold Cup qualification': 'CONCACAF',
  'Copa América': 'CONMEBOL',
  'Oceania Nations Cup': 'OFC',
  'Oceania Nations Cup qualification': 'OFC',
};

/** The file's names of competitions other sources hold under another name. */
const SHARED_NAME: Readonly<Record<string, string>> = { 'FIFA World Cup': MENS_WORLD_CUP };

/**
 * Tournaments -> international competitions, one per tournament name ("Friendly" is one
 * competition, as the file treats it). The men's World Cup is the competition the other sources
 * hold. Ids are shared by name (competitions.ts), so a later source naming the same tournament
 * finds it. Returns a lookup of competition ids by tournament name.
 */
export function importTournaments(
  ctx: ImportContext,
  names: Iterable<string>,
): (tournament: string) => string {
  const ids = new Map<string, string>();
  for (const name of [...new Set(names)].sort()) {
    const organiser = ORGANISER[name];
    ids.set(
      name,
      ensureIntlCompetition(
        ctx,
        SHARED_NAME[name] ?? name,
        organiser ? CONFEDERATION_ID[organiser] : null,
      ),
    );
  }
  ctx.report.note(
    'competition: one per tournament name of the file; the organising confederation where one organises it, NULL otherwise (friendlies, invitational and regional cups)',
  );
  return (tournament) => {
    const id = ids.get(tournament);
    if (!id) throw new Error(`unknown tournament ${tournament}`);
    return id;
  };
}
