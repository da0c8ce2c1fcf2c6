import type { Competition } from './index-file.ts';

/**
 * The competitions the home page leads with, before the list of all: the ones people look for
 * first, named as the data names them (every source that has the men's World Cup names it alike).
 * A curated list, not a rule: what is well known is not in the data. A build without them leads
 * with what it has.
 */
export const FEATURED: readonly { title: string; names: readonly string[] }[] = [
  { title: 'World Cups', names: ["FIFA Men's World Cup", "FIFA Women's World Cup"] },
  {
    title: 'Continental championships',
    names: [
      'UEFA Euro',
      'Copa América',
      'African Cup of Nations',
      'AFC Asian Cup',
      'Gold Cup',
      'Oceania Nations Cup',
    ],
  },
];

/** The order of the organisers of international competitions: the world body first. */
const BODIES = ['FIFA', 'AFC', 'CAF', 'CONCACAF', 'CONMEBOL', 'OFC', 'UEFA'];

/** A group of the list of all competitions: national teams by organiser, clubs by country. */
export interface Group {
  title: string;
  competitions: Competition[];
}

/** A group's title, and where it goes: national teams first, then by organiser. */
interface Place {
  title: string;
  order: [type: number, organiser: number, name: string];
}

/**
 * Every competition in groups: national teams' by the body that organises them (the world body,
 * then each confederation, then those no confederation organises), then clubs' by the
 * confederation or the country that organises them; each group's competitions as the index
 * lists them, by name.
 */
export function groups(competitions: readonly Competition[]): Group[] {
  const byTitle = new Map<string, { place: Place; competitions: Competition[] }>();
  for (const c of competitions) {
    const place = placeOf(c);
    const group = byTitle.get(place.title);
    if (group) group.competitions.push(c);
    else byTitle.set(place.title, { place, competitions: [c] });
  }
  const compare = (a: Place['order'], b: Place['order']) =>
    a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]);
  return [...byTitle.values()]
    .sort((a, b) => compare(a.place.order, b.place.order))
    .map(({ place, competitions }) => ({ title: place.title, competitions }));
}

/** The group of a competition. */
function placeOf(c: Competition): Place {
  const type = c.matchType === 'national' ? 0 : 1;
  const kind = type === 0 ? 'National teams' : 'Clubs';
  const { organiser } = c;
  switch (organiser.kind) {
    case 'confederation': {
      const at = BODIES.indexOf(organiser.name);
      const rank = at >= 0 ? at : BODIES.length;
      return { title: `${kind}: ${organiser.name}`, order: [type, rank, organiser.name] };
    }
    case 'country':
      return {
        title: `${kind}: ${organiser.name}`,
        order: [type, BODIES.length + 1, organiser.name],
      };
    case 'none':
      return { title: `${kind}: other competitions`, order: [type, BODIES.length + 2, ''] };
    default:
      return organiser satisfies never;
  }
}
