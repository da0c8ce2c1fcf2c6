import type { DemoContext } from '../context.ts';
import type { DemoMatchHandle } from '../matches/match-handles.ts';
import { readMatchFacts } from './match-facts.ts';
import { pickEventMatches } from './selection.ts';
import { playEvents } from './simulate.ts';

/** A demo match with micro-events: its role (selection.ts), id, key and number of events. */
export interface DemoEventMatch {
  readonly role: string;
  readonly id: string;
  readonly key: string;
  readonly events: number;
}

/**
 * Writes the micro-events of the matches `DEMO_EVENT_MATCHES` picks, made to agree with their
 * line-ups and macro-events as written. Each match draws from a stream of its own (`events:KEY`),
 * so nothing written before changes.
 */
export function insertEvents(
  ctx: DemoContext,
  matches: readonly DemoMatchHandle[],
): DemoEventMatch[] {
  return pickEventMatches(ctx.db, matches).map(({ role, match }) => {
    const rng = ctx.rng(`events:${match.key}`);
    // Each match its own pace, as real ones differ; extra time slows the whole match down a little,
    // so that every match has between about 600 and 1,000 events.
    const facts = readMatchFacts(ctx.db, match.id);
    const log = playEvents(rng, facts, rng.float(0.9, 1.1, 3) * (facts.extraTime ? 1.4 : 1));
    log.write(ctx, match.id, match.key);
    return { role, id: match.id, key: match.key, events: log.size };
  });
}
