import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStandingGroups } from '../../../data/import/fjelstul/groups.ts';
import type { SourceRecord } from '../../../data/import/fjelstul/source.ts';

/**
 * The group of a Fjelstul group match, taken from the group standings, on small files written
 * here in the source's shape (the real data's 1982 and 1950 cases are in import-fjelstul.test.ts).
 */
describe('Fjelstul group names from the group standings', () => {
  const root = mkdtempSync(join(tmpdir(), 'football-fjelstul-groups-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;

  /** A dataset folder with these two files. */
  const dataset = (stages: string[], standings: string[]): string => {
    const dir = join(root, String(++count));
    mkdirSync(join(dir, 'data-csv'), { recursive: true });
    writeFileSync(
      join(dir, 'data-csv', 'tournament_stages.csv'),
      ['tournament_id,stage_number,stage_name', ...stages, ''].join('\n'),
    );
    writeFileSync(
      join(dir, 'data-csv', 'group_standings.csv'),
      ['tournament_id,stage_number,stage_name,group_name,team_id', ...standings, ''].join('\n'),
    );
    return dir;
  };
  /** A row of matches.csv, with the columns the lookup reads. */
  const match = (stage: string, group: string, home: string, away: string) =>
    ({
      tournament_id: 'WC-1982',
      stage_name: stage,
      group_name: group,
      home_team_id: home,
      away_team_id: away,
    }) as unknown as SourceRecord<'matches'>;

  const stages = ['WC-1982,1,group stage', 'WC-1982,2,second group stage'];
  const standings = [
    'WC-1982,1,first group stage,Group 1,T-57',
    'WC-1982,1,first group stage,Group 1,T-41',
    'WC-1982,1,first group stage,Group 3,T-06',
    'WC-1982,2,second group stage,Group A,T-57',
    'WC-1982,2,second group stage,Group A,T-06',
    'WC-1982,2,second group stage,Group C,T-41',
  ];

  it("takes the standings' group of both teams in that stage, matched by the stage's number", () => {
    const groups = readStandingGroups(dataset(stages, standings));
    // The second stage's groups are numbered in matches.csv and lettered in the standings.
    expect(groups.of(match('second group stage', 'Group 1', 'T-57', 'T-06'))).toEqual({
      from: 'standings',
      name: 'A',
    });
    // The first stage is "group stage" in matches.csv, "first group stage" in the standings.
    expect(groups.of(match('group stage', 'Group 1', 'T-57', 'T-41'))).toEqual({
      from: 'standings',
      name: '1',
    });
  });

  it("keeps matches.csv's group where the standings do not place both teams in one group", () => {
    const groups = readStandingGroups(dataset(stages, standings));
    // In two groups of the stage.
    expect(groups.of(match('second group stage', 'Group 3', 'T-57', 'T-41'))).toEqual({
      from: 'matches',
      name: '3',
    });
    // A team the standings do not list, and a stage tournament_stages.csv does not know.
    expect(groups.of(match('second group stage', 'Group 2', 'T-57', 'T-99'))).toEqual({
      from: 'matches',
      name: '2',
    });
    expect(groups.of(match('final round', 'not applicable', 'T-57', 'T-06'))).toEqual({
      from: 'matches',
      name: null,
    });
  });

  it('refuses standings that put a team in two groups of one stage, naming file and line', () => {
    const dir = dataset(stages, [...standings, 'WC-1982,2,second group stage,Group B,T-57']);
    expect(() => readStandingGroups(dir)).toThrow(
      /group_standings\.csv.*line 8: T-57 is in two groups \(Group A, Group B\) of stage 2/,
    );
  });
});
