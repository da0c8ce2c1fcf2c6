import { all, firstPage, get, withQuery } from './api.ts';
import { h, minute, s, type Child } from './dom.ts';
import { pitch, place } from './pitch.ts';
import type {
  ActionModifier,
  Goal,
  Lineup,
  Links,
  MatchInfo,
  Offense,
  Penalty,
  Segment,
  ShootoutKick,
  Substitution,
  Touch,
} from './records.ts';
import { href, type Route } from './routes.ts';
import { roundOf, scoreOf } from './season.ts';
import { timeline, type Moment, type Side } from './timeline.ts';
import { day, empty, section, sources, table } from './view.ts';

/** The path a record's links name at `names`; a missing link is an error in the API. */
function link(links: Links, ...names: string[]): string {
  let at: string | Links | undefined = links;
  for (const name of names) at = typeof at === 'object' ? at[name] : undefined;
  if (typeof at !== 'string') throw new Error(`The record has no link ${names.join('.')}.`);
  return at;
}

/** Action types of shots (`/v1/actions`): shot, free-kick shot, penalty. */
const SHOT_ACTIONS = [100, 33, 35];
/** Action types of passes (`/v1/actions`), 80 to 86: cross, hand, head, high, launch, simple, smart. */
const isPass = (t: Touch) => t.actionType >= 80 && t.actionType <= 86;
const SHOT_OUTCOMES = ['Goal', 'Saved', 'Blocked', 'Off target', 'Hit woodwork', 'Own goal'];

/** One match: score, facts, timeline, lineups, match state and, with micro-events, a pitch map. */
export async function matchView(route: Extract<Route, { view: 'match' }>): Promise<Child[]> {
  const infoPath = `/v1/${route.matchType}/matches/${route.id}/info`;
  const [match] = (await get<MatchInfo[]>(infoPath)).result;
  if (!match) throw new Error(`${infoPath} has no record.`);
  const paths = {
    lineups: link(match.link, 'lineups'),
    goals: link(match.link, 'goals'),
    offenses: link(match.link, 'offenses'),
    penalties: link(match.link, 'penalties'),
    substitutions: link(match.link, 'substitutions'),
    shootouts: link(match.link, 'shootouts'),
    segments: link(match.link, 'analytics', 'match', 'segments'),
    touches: link(match.link, 'events', 'touches'),
    actions: link(match.link, 'events', 'actions'),
  };
  const [lineups, goals, offenses, penalties, substitutions, kicks, segments, touches] =
    await Promise.all([
      all<Lineup>(paths.lineups),
      all<Goal>(paths.goals),
      all<Offense>(paths.offenses),
      all<Penalty>(paths.penalties),
      all<Substitution>(paths.substitutions),
      all<ShootoutKick>(paths.shootouts),
      get<Segment[]>(paths.segments),
      get<Touch[]>(withQuery(paths.touches, { records: 1 })),
    ]);
  const sideOf = (team: string): Side => (team === match.homeTeam ? 'home' : 'away');
  const moments = timeline(match.homeTeam, { goals, offenses, penalties, substitutions });
  return [
    h(
      'p',
      { class: 'crumbs' },
      h('a', { href: href({ view: 'home' }) }, 'Competitions'),
      ' › ',
      h(
        'a',
        {
          href: href({
            view: 'season',
            matchType: route.matchType,
            competition: match.competition,
            season: match.season,
            page: 1,
          }),
        },
        `${match.competitionName} ${match.seasonName}`,
      ),
    ),
    scoreboard(match),
    facts(match, infoPath),
    section(
      'Timeline',
      [paths.goals, paths.offenses, paths.penalties, paths.substitutions],
      moments.length
        ? h('ol', { class: 'timeline' }, moments.map(momentItem))
        : empty('The sources record no goal, card, penalty or substitution for this match.'),
    ),
    kicks.length ? shootout(kicks, sideOf, paths.shootouts) : null,
    lineupSection(match, lineups, paths.lineups),
    stateSection(match, segments.result, paths.segments),
    (touches.meta.totalRecords ?? 0) > 0 ? await pitchSection(match, lineups, paths, sideOf) : null,
  ];
}

function scoreboard(m: MatchInfo): HTMLElement {
  return h(
    'header',
    { class: 'scoreboard' },
    h(
      'h1',
      null,
      h('span', { class: 'team home' }, m.homeTeamName),
      h('span', { class: 'score' }, scoreOf(m)),
      h('span', { class: 'team away' }, m.awayTeamName),
    ),
    m.shootoutWinnerName
      ? h('p', { class: 'detail' }, `${m.shootoutWinnerName} won the shootout.`)
      : null,
  );
}

function facts(m: MatchInfo, path: string): HTMLElement {
  const rows: [string, Child][] = [
    ['Date', `${day(m.matchDate)}${m.kickoffTime ? `, ${m.kickoffTime.slice(0, 5)}` : ''}`],
    ['Round', roundOf(m)],
    ['Venue', m.venueName],
    ['Referee', m.refereeName],
    ['Managers', `${m.homeManagerName ?? 'unknown'} and ${m.awayManagerName ?? 'unknown'}`],
    ['Attendance', m.attendance === null ? null : m.attendance.toLocaleString('en-GB')],
  ];
  return h(
    'section',
    { class: 'facts', 'aria-label': 'Match facts' },
    h(
      'dl',
      null,
      rows.map(([term, value]) => [h('dt', null, term), h('dd', null, value ?? 'not recorded')]),
    ),
    sources(path),
  );
}

const playerLink = (id: string | null, name: string | null) =>
  id ? h('a', { href: href({ view: 'player', id }) }, name ?? 'unknown') : (name ?? 'unknown');

function momentItem(moment: Moment): HTMLElement {
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
    case 'missed-penalty': {
      const { penalty } = moment;
      tag = h('span', { class: 'tag missed' }, 'Penalty');
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
    h('span', { class: 'what' }, tag, ' ', text),
  );
}

function shootout(
  kicks: ShootoutKick[],
  sideOf: (team: string) => Side,
  path: string,
): HTMLElement {
  const rows = kicks.map((k) => [
    String(k.shootoutRound),
    sideOf(k.playerTeam) === 'home' ? 'Home' : 'Away',
    playerLink(k.player, k.playerName),
    h('span', { class: k.outcome === 1 ? 'scored' : 'missed' }, k.outcomeType),
  ]);
  return section(
    'Penalty shootout',
    [path],
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
  let home = 0;
  let away = 0;
  let at = 0;
  const bars: SVGElement[] = [];
  const rows = segments.map((seg) => {
    home += seg.homeGoals;
    away += seg.awayGoals;
    const lead = home > away ? 'home' : home < away ? 'away' : 'level';
    const label = `From ${minute(seg.startTimeMins, seg.startStoppageMins)} for ${seg.duration} min: ${home}–${away}, ${seg.homePlayersOn.length} v ${seg.awayPlayersOn.length}`;
    bars.push(
      s(
        'rect',
        {
          x: (at / total) * 100,
          y: 0,
          width: (seg.duration / total) * 100,
          height: 10,
          class: `lead-${lead}`,
        },
        s('title', null, label),
      ),
    );
    at += seg.duration;
    return [
      minute(seg.startTimeMins, seg.startStoppageMins),
      `${seg.duration} min`,
      `${seg.homePlayersOn.length} v ${seg.awayPlayersOn.length}`,
      `${seg.homeGoals}–${seg.awayGoals}`,
      `${home}–${away}`,
    ];
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
        'aria-label': `Who led through the match: ${m.homeTeamName} in blue, ${m.awayTeamName} in orange, level in grey`,
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

async function pitchSection(
  m: MatchInfo,
  lineups: Lineup[],
  paths: { touches: string; actions: string },
  sideOf: (team: string) => Side,
): Promise<HTMLElement> {
  const shotPaths = SHOT_ACTIONS.map((type) => withQuery(paths.touches, { action_type: type }));
  const outcomePath = withQuery(paths.actions, { modifier_category: 'Shot Outcome' });
  const [shots, outcomes] = await Promise.all([
    Promise.all(shotPaths.map((p) => all<Touch>(p))).then((lists) => lists.flat()),
    all<ActionModifier>(outcomePath),
  ]);
  const outcomeOf = new Map(outcomes.map((o) => [o.action, o.modifierDesc]));
  const marks = shots.flatMap((shot) => {
    if (shot.x === null || shot.y === null || shot.team === null) return [];
    const outcome = outcomeOf.get(shot.action) ?? 'Other';
    const at = place(sideOf(shot.team), shot.x, shot.y);
    const slug = SHOT_OUTCOMES.includes(outcome)
      ? outcome.toLowerCase().replace(/ /g, '-')
      : 'other';
    const label = `${shot.playerName ?? 'Unknown'}, ${shot.actionDesc.toLowerCase()}: ${outcome}`;
    return [
      s('circle', { cx: at.x, cy: at.y, r: 1.4, class: `shot ${slug}` }, s('title', null, label)),
    ];
  });
  const legend = h(
    'ul',
    { class: 'legend' },
    [...SHOT_OUTCOMES, 'Other'].map((o) =>
      h('li', null, h('span', { class: `swatch ${o.toLowerCase().replace(/ /g, '-')}` }), o),
    ),
  );
  const passes = h('div', { class: 'passes' });
  const choice = h(
    'select',
    { id: 'pass-player' },
    h('option', { value: '' }, 'Choose a player'),
    [m.homeTeam, m.awayTeam].map((team) =>
      h(
        'optgroup',
        { label: team === m.homeTeam ? m.homeTeamName : m.awayTeamName },
        lineups
          .filter((l) => l.playerTeam === team)
          .map((l) => h('option', { value: l.player }, l.playerName)),
      ),
    ),
  );
  choice.addEventListener('change', () => {
    const player = choice.value;
    const lineup = lineups.find((l) => l.player === player);
    passes.replaceChildren(player && lineup ? h('p', { role: 'status' }, 'Loading passes…') : '');
    if (!player || !lineup) return;
    const path = withQuery(paths.touches, { player });
    all<Touch>(path).then(
      (touches) =>
        passes.replaceChildren(
          passMap(touches.filter(isPass), lineup, sideOf(lineup.playerTeam)),
          sources(firstPage(path)),
        ),
      (error: unknown) =>
        passes.replaceChildren(h('p', { class: 'error', role: 'alert' }, String(error))),
    );
  });
  return section(
    'Pitch map',
    [],
    h('p', null, `${m.homeTeamName} attack to the right, ${m.awayTeamName} to the left.`),
    h(
      'figure',
      null,
      pitch(`Shots of ${m.homeTeamName} and ${m.awayTeamName}, by outcome`, ...marks),
      h('figcaption', null, `${shots.length} shots, by outcome`, legend),
    ),
    sources(...shotPaths.map(firstPage), firstPage(outcomePath)),
    h('h3', null, 'Passes of one player'),
    h('p', null, h('label', { for: 'pass-player' }, 'Player '), choice),
    passes,
  );
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
    const result = t.outcome === 1 ? 'completed' : t.outcome === 0 ? 'failed' : 'unknown';
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
  const done = touches.filter((t) => t.outcome === 1).length;
  return h(
    'figure',
    null,
    pitch(`Passes of ${lineup.playerName}`, arrowHead(), ...arrows),
    h(
      'figcaption',
      null,
      `${lineup.playerName}: ${touches.length} passes, ${done} completed (green), the others failed (red) or not recorded (grey).`,
    ),
  );
}
