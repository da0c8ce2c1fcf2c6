import { s } from './dom.ts';
import type { Side } from './timeline.ts';

/**
 * A football pitch in SVG, 105 by 68 units. Event coordinates are 0 to 100 on both axes, seen
 * from the team with the ball attacking to the right; the away team's are turned round so that
 * both teams' events can be drawn on one pitch, home attacking right.
 */
export const LENGTH = 105;
export const WIDTH = 68;

/** Where an event's coordinates fall on the pitch drawing. */
export function place(side: Side, x: number, y: number): { x: number; y: number } {
  const [px, py] = side === 'home' ? [x, y] : [100 - x, 100 - y];
  return { x: (px * LENGTH) / 100, y: (py * WIDTH) / 100 };
}

/** The markings of a pitch, under whatever is drawn on it. */
export function pitch(label: string, ...marks: SVGElement[]): SVGSVGElement {
  const line = { fill: 'none', stroke: 'currentColor', 'stroke-width': 0.4 };
  const box = (x: number, w: number, h: number) =>
    s('rect', { x, y: (WIDTH - h) / 2, width: w, height: h, ...line });
  return s(
    'svg',
    {
      viewBox: `-2 -2 ${LENGTH + 4} ${WIDTH + 4}`,
      role: 'img',
      'aria-label': label,
      class: 'pitch',
    },
    s('title', null, label),
    s('rect', { x: 0, y: 0, width: LENGTH, height: WIDTH, class: 'grass', ...line }),
    s('line', { x1: LENGTH / 2, y1: 0, x2: LENGTH / 2, y2: WIDTH, ...line }),
    s('circle', { cx: LENGTH / 2, cy: WIDTH / 2, r: 9.15, ...line }),
    box(0, 16.5, 40.3),
    box(LENGTH - 16.5, 16.5, 40.3),
    box(0, 5.5, 18.3),
    box(LENGTH - 5.5, 5.5, 18.3),
    box(-1.5, 1.5, 7.32),
    box(LENGTH, 1.5, 7.32),
    ...marks,
  );
}
