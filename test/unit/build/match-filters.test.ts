import { describe, expect, it } from 'vitest';
import { manifestEntry } from '../../../build/write/describe.ts';
import { REGISTRY } from '../../../build/registry/index.ts';
import type { CollectionLike } from '../../../build/define/resource.ts';

/**
 * The filters that save a second request on match data: a team of the match, home or away
 * (`team`), on every collection whose records carry a match's home and away teams; and the
 * match's competition, season and date as fields of v1's lineups and macro-events.
 */

const collections = REGISTRY.resources.filter((r): r is CollectionLike => r.kind !== 'document');
const named = (r: CollectionLike, name: string) => r.fields.some((f) => f.name === name);

describe('filters of match data', () => {
  it('every collection with home and away teams filters by a team of the match, home or away', () => {
    const carrying = collections.filter((r) => named(r, 'home_team') && named(r, 'away_team'));
    // Match information, lineups and four macro-events in each of v1's two match types and in
    // v0, and v1's shootouts; of these, the substitutions' own `team` is the team making them.
    expect(carrying.length).toBe(7 + 7 + 6);
    const without: string[] = [];
    for (const r of carrying) {
      const entry = manifestEntry(r);
      const team = entry.kind !== 'document' ? entry.anyOf?.find((f) => f.name === 'team') : null;
      if (named(r, 'team')) {
        expect(r.path).toMatch(/substitutions$/);
        expect(team, r.path).toBeUndefined();
      } else if (team?.fields.join() !== 'home_team,away_team') without.push(r.path);
      else expect(team.type).toBe(r.idType);
    }
    expect(without).toEqual([]);
  });

  it('match information filters by a manager of the match, home or away', () => {
    for (const path of ['v1/clubs/matches/info', 'v1/national/matches/info', 'v0/matches/info']) {
      const entry = manifestEntry(collections.find((c) => c.path === path)!);
      const manager = entry.kind !== 'document' && entry.anyOf?.find((f) => f.name === 'manager');
      expect(manager && manager.fields, path).toEqual(['home_manager', 'away_manager']);
    }
  });

  it("v1's lineups and macro-events carry the match's competition, season and date", () => {
    const kinds = ['lineups', 'goals', 'penalties', 'offenses', 'substitutions', 'shootouts'];
    const paths = ['clubs', 'national'].flatMap((t) => kinds.map((k) => `v1/${t}/matches/${k}`));
    for (const path of paths) {
      const r = collections.find((c) => c.path === path)!;
      const entry = manifestEntry(r);
      const fields = ['competition', 'competition_name', 'season', 'season_name', 'match_date'];
      for (const name of fields) {
        const f = entry.fields.find((x) => x.name === name);
        // Filterable and sortable from the query index, with no pre-rendered collections.
        expect(f?.filter, `${path} ${name}`).toBe('scan');
        expect(entry.sort.fields, path).toContain(name);
      }
    }
    // v0 keeps the original records.
    for (const r of collections.filter((c) => c.version === 'v0' && /events|lineups/.test(c.path)))
      expect(named(r, 'competition') || named(r, 'match_date'), r.path).toBe(false);
  });

  it('refuses a filter on several fields that names a field, or fields of other types', () => {
    const info = collections.find((c) => c.path === 'v1/clubs/matches/info')!;
    const clash = {
      ...info,
      composition: {
        anyOf: [{ name: 'venue', description: '', fields: ['home_team', 'away_team'] }],
      },
    };
    expect(() => manifestEntry(clash)).toThrow(/also the name of a field/);
    const mixed = {
      ...info,
      composition: { anyOf: [{ name: 'who', description: '', fields: ['home_team', 'season'] }] },
    };
    expect(() => manifestEntry(mixed)).toThrow(/one type/);
    const missing = {
      ...info,
      composition: { anyOf: [{ name: 'who', description: '', fields: ['nobody'] }] },
    };
    expect(() => manifestEntry(missing)).toThrow(/one type/);
  });
});
