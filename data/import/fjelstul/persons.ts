import { NAME_ORDER } from '../../../football/lists.ts';
import type { ImportContext } from '../context.ts';
import { isoDate, text } from '../csv.ts';
import type { StepProgress } from '../progress.ts';
import type { FjelstulCountries } from './countries.ts';
import { squadPosition } from './positions.ts';
import { readSource, type SourceRecord } from './source.ts';

/** Player, manager and referee ids by the source's ids (`P-xxxxx`, `M-xxx`, `R-xxx`). */
export interface FjelstulPersons {
  readonly players: ReadonlySet<string>;
  readonly managers: ReadonlySet<string>;
  readonly referees: ReadonlySet<string>;
  player(playerId: string): string;
  manager(managerId: string): string;
  referee(refereeId: string): string;
}

/** One role record of a person in the source. */
interface RoleRecord {
  readonly key: string;
  readonly given: string | null;
  readonly family: string;
  readonly birthDate: string | null;
  /** The country the source states for the person (managers, referees), by name. */
  readonly countryName: string | null;
  readonly link: string | null;
}

/**
 * Persons from players.csv, managers.csv and referees.csv, and their player / manager / referee
 * rows.
 *
 * - Names: given_name -> first_name, family_name -> last_name (all of it: "Luque de Serrallonga"),
 *   name order western (10), as the source writes every name (given, then family). No second names.
 * - A person known by one name ("Pelé", "Ademir": given_name "not applicable") gets that name as
 *   `nickname` (the name they are known by) and as `last_name` (where the source puts it, and what
 *   name searches and cross-source matching use); first_name NULL.
 * - birth_date: players only ("not available" or empty -> NULL); managers and referees have none
 *   here.
 * - country: what the source states for managers and referees (country_name); players.csv has no
 *   nationality, so a player's country is the team of their latest World Cup squad (squads.csv) —
 *   the team they played for, not a guess. Every player is in a squad.
 * - One person, several roles: the source has separate ids per role, and no birth dates for
 *   managers and referees, so name + birth date cannot match them. Records that link the same
 *   Wikipedia article are the same person (102 player+manager pairs, e.g. Beckenbauer; 2
 *   player+referee; 1 manager+referee, Ulises Saucedo): one person with several role rows. Everyone
 *   else is a person of their own.
 * - player.position: the generic position of the latest squad (GK/DF/MF/FW).
 */
export function importPersons(
  ctx: ImportContext,
  dir: string,
  countries: FjelstulCountries,
): FjelstulPersons {
  const roles: RoleFiles = {
    players: readSource(dir, 'players'),
    managers: readSource(dir, 'managers'),
    referees: readSource(dir, 'referees'),
  };
  const latestSquad = latestSquads(dir);
  const records = roleRecords(roles);
  const { personOf, members } = personsOfRecords(records);

  const step = ctx.progress.step('persons', members.size + records.length);
  for (const [key, list] of members) {
    savePerson(ctx, key, list, latestSquad, countries);
    step.tick();
  }
  saveRoles(ctx, roles, latestSquad, personOf, step);
  step.done();

  const merged = [...members.values()].filter((list) => list.length > 1).length;
  ctx.report.note(
    `persons: ${merged} persons have two roles (same Wikipedia article in two files), ` +
      'one person row each',
  );
  return personLookups(ctx, roles);
}

/** The records of the three role files. */
interface RoleFiles {
  readonly players: readonly SourceRecord<'players'>[];
  readonly managers: readonly SourceRecord<'managers'>[];
  readonly referees: readonly SourceRecord<'referees'>[];
}

/** A player's latest World Cup squad: its tournament, team and position code. */
interface Squad {
  readonly tournament: string;
  readonly team: string;
  readonly position: string;
}

/**
 * The latest squad (team and position) of every player, by player id: tournament ids sort by year
 * (WC-1930 < WC-2022).
 */
function latestSquads(dir: string): ReadonlyMap<string, Squad> {
  const latestSquad = new Map<string, Squad>();
  for (const squad of readSource(dir, 'squads')) {
    const seen = latestSquad.get(squad.player_id);
    if (!seen || squad.tournament_id > seen.tournament) {
      latestSquad.set(squad.player_id, {
        tournament: squad.tournament_id,
        team: squad.team_id,
        position: squad.position_code,
      });
    }
  }
  return latestSquad;
}

/** The role records of every file: players, then managers, then referees. */
function roleRecords({ players, managers, referees }: RoleFiles): RoleRecord[] {
  return [
    ...players.map((p) => ({
      key: p.player_id,
      given: text(p.given_name),
      family: p.family_name.trim(),
      birthDate: isoDate(p.birth_date),
      countryName: null,
      link: wikipedia(p.player_wikipedia_link),
    })),
    ...managers.map((m) => ({
      key: m.manager_id,
      given: text(m.given_name),
      family: m.family_name.trim(),
      birthDate: null,
      countryName: text(m.country_name),
      link: wikipedia(m.manager_wikipedia_link),
    })),
    ...referees.map((r) => ({
      key: r.referee_id,
      given: text(r.given_name),
      family: r.family_name.trim(),
      birthDate: null,
      countryName: text(r.country_name),
      link: wikipedia(r.referee_wikipedia_link),
    })),
  ];
}

/**
 * The person key of every record (`personOf`) and the records of each person (`members`): the
 * first record (players, then managers, then referees) with its link.
 */
function personsOfRecords(records: readonly RoleRecord[]): {
  personOf: ReadonlyMap<string, string>;
  members: ReadonlyMap<string, RoleRecord[]>;
} {
  const ownerOfLink = new Map<string, string>();
  const personOf = new Map<string, string>();
  const members = new Map<string, RoleRecord[]>();
  for (const record of records) {
    let owner = record.key;
    if (record.link !== null) {
      const found = ownerOfLink.get(record.link);
      if (found) owner = found;
      else ownerOfLink.set(record.link, record.key);
    }
    personOf.set(record.key, owner);
    const list = members.get(owner);
    if (list) list.push(record);
    else members.set(owner, [record]);
  }
  return { personOf, members };
}

/** Writes the person row of one person key from its role records. */
function savePerson(
  ctx: ImportContext,
  key: string,
  list: readonly RoleRecord[],
  latestSquad: ReadonlyMap<string, Squad>,
  countries: FjelstulCountries,
): void {
  // Names from the first record with a given name (a manager record may spell out what the player
  // record only has as one name), else from the first record.
  const named = list.find((r) => r.given !== null) ?? list[0]!;
  const stated = list.find((r) => r.countryName !== null)?.countryName ?? null;
  const squadTeam = latestSquad.get(list[0]!.key)?.team;
  const country =
    stated !== null
      ? countries.name(stated)
      : squadTeam !== undefined
        ? countries.team(squadTeam)
        : null;
  ctx.save('person', {
    id: ctx.id('person', key),
    first_name: named.given,
    second_name: null,
    last_name: named.family,
    second_last_name: null,
    nickname: named.given === null ? named.family : '',
    birth_date: list.find((r) => r.birthDate !== null)?.birthDate ?? null,
    name_order: NAME_ORDER.western,
    country,
    source: ctx.source,
  });
}

/** Writes the player, manager and referee rows, each tied to its person. */
function saveRoles(
  ctx: ImportContext,
  { players, managers, referees }: RoleFiles,
  latestSquad: ReadonlyMap<string, Squad>,
  personOf: ReadonlyMap<string, string>,
  step: StepProgress,
): void {
  const person = (key: string) => ctx.id('person', personOf.get(key)!);
  for (const p of players) {
    const squad = latestSquad.get(p.player_id);
    ctx.save('player', {
      id: ctx.id('player', p.player_id),
      person: person(p.player_id),
      position: squad ? squadPosition(squad.position) : null,
      supplier_id: null,
      source: ctx.source,
    });
    step.tick();
  }
  for (const m of managers) {
    ctx.save('manager', {
      id: ctx.id('manager', m.manager_id),
      person: person(m.manager_id),
      supplier_id: null,
      source: ctx.source,
    });
    step.tick();
  }
  for (const r of referees) {
    ctx.save('referee', {
      id: ctx.id('referee', r.referee_id),
      person: person(r.referee_id),
      supplier_id: null,
      source: ctx.source,
    });
    step.tick();
  }
}

/** The ids of each role, and their lookups that fail on an id the source does not have. */
function personLookups(
  ctx: ImportContext,
  { players, managers, referees }: RoleFiles,
): FjelstulPersons {
  const lookup =
    (kind: 'player' | 'manager' | 'referee', ids: ReadonlySet<string>) =>
    (key: string): string => {
      if (!ids.has(key)) throw new Error(`unknown ${kind} id ${key}`);
      return ctx.id(kind, key);
    };
  const playerIds = new Set(players.map((p) => p.player_id));
  const managerIds = new Set(managers.map((m) => m.manager_id));
  const refereeIds = new Set(referees.map((r) => r.referee_id));
  return {
    players: playerIds,
    managers: managerIds,
    referees: refereeIds,
    player: lookup('player', playerIds),
    manager: lookup('manager', managerIds),
    referee: lookup('referee', refereeIds),
  };
}

/** A Wikipedia link of the source, or null ("not available"). */
function wikipedia(value: string): string | null {
  const link = text(value);
  return link !== null && link.startsWith('http') ? link : null;
}
