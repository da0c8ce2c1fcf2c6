import type { MatchType } from '../index-file.ts';
import { PASSES, SHOTS } from '../../../football/event-families.ts';
import { SHOT_OUTCOMES } from '../../../football/events.ts';
import { OUTCOME } from '../../../football/outcome.ts';
import { all, firstPage, get, linkAt, withQuery } from '../api.ts';
import { h, minute, s, type Child } from '../dom.ts';
import { pitch, place } from '../pitch.ts';
import {
  SCORED,
  type ActionModifier,
  type Goal,
  type Lineup,
  type MatchInfo,
  type Offense,
  type Penalty,
  type Segment,
  type ShootoutKick,
  type Substitution,
  type Touch,
} from '../records.ts';
import { href, type Official, type Route } from '../routes.ts';
import { roundOf, scoreOf } from './season.ts';
import { runningScore, timeline, type Moment, type Side } from '../timeline.ts';
import {
  count,
  day,
  empty,
  facts,
  section,
  sources,
  table,
  teamLink,
  thousands,
  unseen,
} from '../view.ts';

/** The actions drawn as passes: those the statistics count as passes, set pieces included. */
const PASS_ACTIONS = new Set(PASSES);
const OUTCOME_CLASSES = [...SHOT_OUTCOMES.labels, 'Other'];
const slug = (label: string) => label.toLowerCase().replace(/ /g, '-');

/** The match's teams, to say whose an event is. */
interface Teams {
  sideOf(team: string | null): Side;
  name(side: Side): string;
}

/** One match: score, facts, timeline, lineups, match state and, with micro-events, a pitch map. */
export async function matchView(route: Extract<Route, { view: 'match' }>): Promise<Child[]> {
  const infoPath = `/v1/${route.matchType}/matches/${route.id}/info`;
  const [match] = (await get<MatchInfo[]>(infoPath)).result;
  if (!match) throw new Error(`${infoPath} has no record.`);
  const paths = matchPaths(match);
  const anyTouch = withQuery(paths.touches, { records: 1 });
  // The pitch map's shots are asked for with the rest, not once the match is known to have
  // on-ball events: the page waits for one wave of calls fewer. Unused when it has none.
  const shots = shotsOf(paths);
  shots.catch(() => {});
  const [lineups, goals, offenses, penalties, substitutions, kicks, segments, touches] =
    await Promise.all([
      all<Lineup>(paths.lineups),
      all<Goal>(paths.goals),
      all<Offense>(paths.offenses),
      all<Penalty>(paths.penalties),
      all<Substitution>(paths.substitutions),
      all<ShootoutKick>(paths.shootouts),
      get<Segment[]>(paths.segments),
      get<Touch[]>(anyTouch),
    ]);
  const teams = teamsOf(match);
  const moments = timeline(match.homeTeam, { goals, offenses, penalties, substitutions });
  return [
    matchCrumbs(match, route.matchType),
    scoreboard(match),
    matchFacts(match, route.matchType, infoPath),
    timelineSection(moments, paths, teams),
    kicks.length ? shootout(kicks, teams, paths.shootouts) : null,
    lineupSection(match, lineups, paths.lineups),
    stateSection(match, segments.result, paths.segments),
    (touches.meta.totalRecords ?? 0) > 0
      ? pitchSection(match, lineups, { ...paths, anyTouch }, teams, await shots)
      : section(
          'Pitch map',
          [anyTouch],
          empty('The sources have no on-ball events for this match, so it has no pitch map.'),
        ),
  ];
}

/** The paths of a match's records, as its links name them. */
function matchPaths(match: MatchInfo) {
  const at = (...names: string[]) => linkAt(match.link, ...names);
  return {
    lineups: at('lineups'),
    goals: at('goals'),
    offenses: at('offenses'),
    penalties: at('penalties'),
    substitutions: at('substitutions'),
    shootouts: at('shootouts'),
    segments: at('analytics', 'match', 'segments'),
    touches: at('events', 'touches'),
    actions: at('events', 'actions'),
  };
}

/** The paths of a match's records (`matchPaths`). */
type MatchPaths = ReturnType<typeof matchPaths>;

/** The match's teams, by side. */
const teamsOf = (match: MatchInfo): Teams => ({
  sideOf: (team) => (team === match.homeTeam ? 'home' : 'away'),
  name: (side) => (side === 'home' ? match.homeTeamName : match.awayTeamName),
});

/** The way back: the competitions, and the match's season. */
function matchCrumbs(match: MatchInfo, matchType: MatchType): HTMLElement {
  return h(
    'p',
    { class: 'crumbs' },
    h('a', { href: href({ view: 'home' }) }, 'Competitions'),
    ' › ',
    h(
      'a',
      {
        href: href({
          view: 'season',
          matchType,
          competition: match.competition,
          season: match.season,
          page: 1,
        }),
      },
      `${match.competitionName} ${match.seasonName}`,
    ),
  );
}

/** The match's goals, cards, penalties and substitutions, in match-time order. */
function timelineSection(moments: Moment[], paths: MatchPaths, teams: Teams): HTMLElement {
  const events = [paths.goals, paths.offenses, paths.penalties, paths.substitutions];
  return section(
    'Timeline',
    events.map(firstPage),
    moments.length
      ? h(
          'ol',
          { class: 'timeline' },
          moments.map((m) => momentItem(m, teams)),
        )
      : empty('The sources record no goal, card, penalty or substitution for this match.'),
  );
}

function scoreboard(m: MatchInfo): HTMLElement {
  return h(
    'header',
    { class: 'scoreboard' },
    // The spaces between the parts keep the heading's text (and the page's title) readable.
    h(
      'h1',
      null,
      h('span', { class: 'team home' }, m.homeTeamName),
      ' ',
      h('span', { class: 'score' }, scoreOf(m)),
      ' ',
      h('span', { class: 'team away' }, m.awayTeamName),
    ),
    m.shootoutWinnerName
      ? h('p', { class: 'detail' }, `${m.shootoutWinnerName} won the shootout.`)
      : null,
  );
}

/** A link to a manager's or a referee's page, or their name (or "unknown") without an id. */
const officialLink = (role: Official, id: string | null, name: string | null) =>
  id
    ? h('a', { href: href({ view: 'official', role, id }) }, name ?? 'unknown')
    : (name ?? 'unknown');

function matchFacts(m: MatchInfo, matchType: MatchType, path: string): HTMLElement {
  const team = (id: string, name: string) => teamLink(matchType, id, name);
  const rows: [string, Child][] = [
    ['Teams', [team(m.homeTeam, m.homeTeamName), ' and ', team(m.awayTeam, m.awayTeamName)]],
    ['Date', `${day(m.matchDate)}${m.kickoffTime ? `, ${m.kickoffTime.slice(0, 5)}` : ''}`],
    ['Round', roundOf(m)],
    ['Venue', m.venueName],
    ['Referee', m.referee ? officialLink('referee', m.referee, m.refereeName) : null],
    [
      'Managers',
      [
        officialLink('manager', m.homeManager, m.homeManagerName),
        ' and ',
        officialLink('manager', m.awayManager, m.awayManagerName),
      ],
    ],
    ['Attendance', m.attendance === null ? null : thousands(m.attendance)],
  ];
  return facts('Match facts', rows, path);
}

/** A link to a player's page, or their name (or "unknown") where the source gives no id. */
export const playerLink = (id: string | null, name: string | null) =>
  id ? h('a', { href: href({ view: 'player', id }) }, name ?? 'unknown') : (name ?? 'unknown');

function momentItem(moment: Moment, teams: Teams): HTMLElement {
  let tag: HTMLElement;
  let text: Child;
  switch (moment.kind) {
    case 'goal': {
      const { goal } = moment;
      tag = h('span', { class: 'tag goal' }, 'Goal');
      const how = [moment.penalty ? 'penalty' : goal.shotEventType, goal.bodypartName]
        .filter(Boolean)
        .join(', ');
      text = [
        playerLink(goal.player, goal.playerName),
        moment.own ? ' (own goal)' : '',
        how ? ` · ${how}` : '',
      ];
      break;
    }
    case 'card': {
      const { offense } = moment;
      const red = offense.cardType !== 'Yellow';
      tag = h('span', { class: `tag card ${red ? 'red' : 'yellow'}` }, `${offense.cardType} card`);
      text = [
        playerLink(offense.player, offense.playerName),
        offense.foulType ? ` · ${offense.foulType}` : '',
      ];
      break;
    }
    case 'penalty': {
      const { penalty } = moment;
      tag = h('span', { class: 'tag penalty' }, 'Penalty');
      text = [playerLink(penalty.player, penalty.playerName), ` · ${penalty.outcomeType}`];
      break;
    }
    case 'substitution': {
      const { substitution: sub } = moment;
      tag = h('span', { class: 'tag sub' }, 'Substitution');
      text = [
        h('span', { class: 'in' }, 'On: ', playerLink(sub.inPlayer, sub.inPlayerName ?? 'nobody')),
        ' ',
        h('span', { class: 'out' }, 'off: ', playerLink(sub.outPlayer, sub.outPlayerName)),
      ];
      break;
    }
    default:
      return moment satisfies never;
  }
  return h(
    'li',
    { class: moment.side },
    h('span', { class: 'minute' }, minute(moment.timeMins, moment.stoppageMins)),
    h('span', { class: 'what' }, unseen(`${teams.name(moment.side)}: `), tag, ' ', text),
  );
}

function shootout(kicks: ShootoutKick[], teams: Teams, path: string): HTMLElement {
  const rows = kicks.map((k) => [
    String(k.shootoutRound),
    teams.name(teams.sideOf(k.playerTeam)),
    playerLink(k.player, k.playerName),
    h('span', { class: k.outcome === SCORED ? 'scored' : 'missed' }, k.outcomeType),
  ]);
  return section(
    'Penalty shootout',
    [firstPage(path)],
    table('Kicks in order', ['Round', 'Team', 'Taker', 'Outcome'], rows),
  );
}

function lineupSection(m: MatchInfo, lineups: Lineup[], path: string): HTMLElement {
  const team = (id: string, name: string) => {
    const players = lineups.filter((l) => l.playerTeam === id);
    const list = (starting: boolean) =>
      h(
        'ol',
        { class: 'players' },
        players
          .filter((l) => l.isStarting === starting)
          .map((l) =>
            h(
              'li',
              null,
              h('span', { class: 'number' }, l.number ?? ''),
              playerLink(l.player, l.playerName),
              l.isCaptain ? h('abbr', { title: 'Captain', class: 'captain' }, 'C') : null,
              h('span', { class: 'position' }, l.positionName ?? ''),
            ),
          ),
      );
    return h(
      'div',
      { class: 'lineup' },
      h('h3', null, name),
      players.length
        ? [h('h4', null, 'Starting'), list(true), h('h4', null, 'Substitutes'), list(false)]
        : empty('No lineup recorded.'),
    );
  };
  return section(
    'Lineups',
    [firstPage(path)],
    h(
      'div',
      { class: 'lineups' },
      team(m.homeTeam, m.homeTeamName),
      team(m.awayTeam, m.awayTeamName),
    ),
  );
}

/** The score and the players on the pitch through the match, segment by segment. */
function stateSection(m: MatchInfo, segments: Segment[], path: string): HTMLElement {
  if (!segments.length)
    return section('Match state', [path], empty('No match state for this match.'));
  const total = segments.reduce((n, seg) => n + seg.duration, 0) || 1;
  const scores = runningScore(segments);
  let start = 0;
  const bars: SVGElement[] = [];
  const rows = segments.map((seg, i) => {
    const { bar, row } = segmentParts(seg, scores[i]!, start, total);
    bars.push(bar);
    start += seg.duration;
    return row;
  });
  return section(
    'Match state',
    [path],
    s(
      'svg',
      {
        viewBox: '0 0 100 10',
        preserveAspectRatio: 'none',
        class: 'state',
        role: 'img',
        'aria-label':
          `Who led through the match: ${m.homeTeamName} in blue, ` +
          `${m.awayTeamName} in orange, level in grey`,
      },
      ...bars,
    ),
    table(
      'Segments of play between substitutions and expulsions',
      ['From', 'Length', 'Players', 'Goals in it', 'Score after'],
      rows,
    ),
  );
}

/** The score after a segment, or null where the source cannot give it (`runningScore`). */
type Score = ReturnType<typeof runningScore>[number];

/** Who leads on `score`; unknown where it is not recorded. */
function leadOf(score: Score): 'home' | 'away' | 'level' | 'unknown' {
  if (score === null) return 'unknown';
  return score.home > score.away ? 'home' : score.home < score.away ? 'away' : 'level';
}

/**
 * One segment of the match state: its bar in the strip of who led, `start` minutes into the match's
 * `total`, and its row of the table.
 */
function segmentParts(
  seg: Segment,
  score: Score,
  start: number,
  total: number,
): { bar: SVGElement; row: string[] } {
  const onPitch = (players: string[] | null) => (players ? String(players.length) : '?');
  const after = score ? `${score.home}–${score.away}` : 'not recorded';
  const players = `${onPitch(seg.homePlayersOn)} v ${onPitch(seg.awayPlayersOn)}`;
  const from = minute(seg.startTimeMins, seg.startStoppageMins);
  const bar = s(
    'rect',
    {
      x: (start / total) * 100,
      y: 0,
      width: (seg.duration / total) * 100,
      height: 10,
      class: `lead-${leadOf(score)}`,
    },
    s('title', null, `From ${from} for ${seg.duration} min: ${after}, ${players}`),
  );
  const goals =
    seg.homeGoals === null || seg.awayGoals === null
      ? 'not recorded'
      : `${seg.homeGoals}–${seg.awayGoals}`;
  return { bar, row: [from, `${seg.duration} min`, players, goals, after] };
}

/** A match's shots and their outcomes, and the paths they were read from. */
interface Shots {
  shots: Touch[];
  outcomes: ActionModifier[];
  shotPaths: string[];
  outcomePath: string;
}

async function shotsOf(paths: { touches: string; actions: string }): Promise<Shots> {
  const shotPaths = SHOTS.map((type) => withQuery(paths.touches, { action_type: type }));
  const outcomePath = withQuery(paths.actions, { modifier_category: SHOT_OUTCOMES.category });
  const [shots, outcomes] = await Promise.all([
    Promise.all(shotPaths.map((p) => all<Touch>(p))).then((lists) => lists.flat()),
    all<ActionModifier>(outcomePath),
  ]);
  return { shots, outcomes, shotPaths, outcomePath };
}

function pitchSection(
  m: MatchInfo,
  lineups: Lineup[],
  paths: { touches: string; actions: string; anyTouch: string },
  teams: Teams,
  { shots, outcomes, shotPaths, outcomePath }: Shots,
): HTMLElement {
  const outcomeOf = new Map(outcomes.map((o) => [o.action, o.modifierDesc]));
  const marks = shots.flatMap((shot) => {
    if (shot.x === null || shot.y === null || shot.team === null) return [];
    const outcome = outcomeOf.get(shot.action) ?? 'Other';
    const side = teams.sideOf(shot.team);
    const { x, y } = place(side, shot.x, shot.y);
    const who = `${shot.playerName ?? 'Unknown'} (${teams.name(side)})`;
    const label = `${who}, ${shot.actionDesc.toLowerCase()}: ${outcome}`;
    const kind = OUTCOME_CLASSES.includes(outcome) ? slug(outcome) : 'other';
    return [
      s('circle', { cx: x, cy: y, r: 1.4, class: `shot ${kind} ${side}` }, s('title', null, label)),
    ];
  });
  const legend = h(
    'ul',
    { class: 'legend' },
    OUTCOME_CLASSES.map((o) => h('li', null, h('span', { class: `swatch ${slug(o)}` }), o)),
  );
  // The teams by the ring of their marks, as the outcomes by their fill.
  const sides = h(
    'ul',
    { class: 'legend teams' },
    (['home', 'away'] as const).map((side) =>
      h('li', null, h('span', { class: `swatch other ${side}` }), teams.name(side)),
    ),
  );
  return section(
    'Pitch map',
    [],
    h('p', null, `${m.homeTeamName} attack to the right, ${m.awayTeamName} to the left.`),
    h(
      'figure',
      null,
      pitch(`Shots of ${m.homeTeamName} and ${m.awayTeamName}, by outcome`, ...marks),
      h('figcaption', null, `${count(shots.length, 'shot')}, by outcome and team`, legend, sides),
    ),
    sources(paths.anyTouch, ...shotPaths.map(firstPage), firstPage(outcomePath)),
    passChooser(m, lineups, paths.touches, teams),
  );
}

/** A choice of player, and a map of the passes of the one chosen. */
function passChooser(m: MatchInfo, lineups: Lineup[], touches: string, teams: Teams): Child[] {
  const passes = h('div', { class: 'passes' });
  const choice = h(
    'select',
    { id: 'pass-player' },
    h('option', { value: '' }, 'Choose a player'),
    [m.homeTeam, m.awayTeam].map((team) =>
      h(
        'optgroup',
        { label: teams.name(teams.sideOf(team)) },
        lineups
          .filter((l) => l.playerTeam === team)
          .map((l) => h('option', { value: l.player }, l.playerName)),
      ),
    ),
  );
  let turn = 0;
  choice.addEventListener('change', () => {
    const lineup = lineups.find((l) => l.player === choice.value);
    // A later choice wins over a slower earlier one.
    const mine = ++turn;
    passes.replaceChildren(lineup ? h('p', { role: 'status' }, 'Loading passes…') : '');
    if (!lineup) return;
    // The chosen lineup's player, as the choice holds it: a lineup without one (the API allows
    // it) cannot be chosen.
    const path = withQuery(touches, { player: choice.value });
    all<Touch>(path).then(
      (list) => {
        if (mine !== turn) return;
        const shown = list.filter((t) => PASS_ACTIONS.has(t.actionType));
        passes.replaceChildren(
          passMap(shown, lineup, teams.sideOf(lineup.playerTeam)),
          sources(firstPage(path)),
        );
      },
      (error: unknown) => {
        if (mine === turn)
          passes.replaceChildren(h('p', { class: 'error', role: 'alert' }, String(error)));
      },
    );
  });
  return [
    h('h3', null, 'Passes of one player'),
    h('p', null, h('label', { for: 'pass-player' }, 'Player '), choice),
    passes,
  ];
}

/** The head of a pass's arrow, in the pass's colour. */
const arrowHead = () =>
  s(
    'defs',
    null,
    s(
      'marker',
      {
        id: 'arrow',
        viewBox: '0 0 10 10',
        refX: 9,
        refY: 5,
        markerWidth: 4,
        markerHeight: 4,
        orient: 'auto-start-reverse',
      },
      s('path', { d: 'M0 0L10 5L0 10z', fill: 'context-stroke' }),
    ),
  );

function passMap(touches: Touch[], lineup: Lineup, side: Side): HTMLElement {
  const arrows = touches.flatMap((t) => {
    if (t.x === null || t.y === null || t.xEnd === null || t.yEnd === null) return [];
    const from = place(side, t.x, t.y);
    const to = place(side, t.xEnd, t.yEnd);
    const result =
      t.outcome === OUTCOME.accurate
        ? 'completed'
        : t.outcome === OUTCOME.notAccurate
          ? 'failed'
          : 'unknown';
    return [
      s(
        'line',
        {
          x1: from.x,
          y1: from.y,
          x2: to.x,
          y2: to.y,
          class: `pass ${result}`,
          'marker-end': 'url(#arrow)',
        },
        s('title', null, `${t.actionDesc}, ${result}`),
      ),
    ];
  });
  const done = touches.filter((t) => t.outcome === OUTCOME.accurate).length;
  return h(
    'figure',
    null,
    pitch(`Passes of ${lineup.playerName}`, arrowHead(), ...arrows),
    h(
      'figcaption',
      null,
      `${lineup.playerName}: ${count(touches.length, 'pass', 'passes')}, `,
      `${done} completed (solid green lines), `,
      'the others failed (dashed red) or not recorded (grey).',
    ),
  );
}
