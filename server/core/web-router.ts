import {
  ArchiveError,
  ArchiveReader,
  type Codec,
  type ReadScope,
} from '../../contract/archive-reader.ts';
import { createArchiveHandler } from './archive-handler.ts';
import { archiveBudget } from './cache-budget.ts';
import type { RangeSource } from '../../contract/archive-reader.ts';
import { targetOf, type Handler } from './handler.ts';
import { errorOutcome, unavailableOutcome, type Outcome } from './outcome.ts';
import { isHealthCheck, Unavailable } from './health.ts';

/**
 * What every fetch-API adapter needs besides its runtime's network API: the router over an archive
 * read through the runtime's range reads (the Worker's R2), and the one answer to a failure.
 * Nothing here is specific to a runtime.
 */

/**
 * The router over an archive, read through a runtime's range reads; `cacheBytes`, the memory it
 * may hold (`archiveBudget`); `scope`, what its reads under way may be shared within.
 */
export async function archiveRouter(
  source: RangeSource,
  codec: Codec,
  cacheBytes: number,
  scope?: ReadScope,
): Promise<Handler> {
  const budget = archiveBudget(cacheBytes);
  const reader = await ArchiveReader.open(source, codec, budget.index, scope, budget.blocks);
  return createArchiveHandler(reader, budget.router);
}

/**
 * The JSON error for a request the router failed to answer: a 503 while the server has no build
 * (`Unavailable`) and for a health check that failed (the build cannot be read); otherwise a 500,
 * where a damaged archive says where.
 */
export function failureOutcome(error: unknown, target: string): Outcome {
  if (error instanceof Unavailable) return unavailableOutcome(error.message, target);
  if (isHealthCheck(target))
    return unavailableOutcome(`the build cannot be read (${String(error)})`, target);
  const message =
    error instanceof ArchiveError
      ? `The archive is damaged: ${error.message}.`
      : 'The server failed to answer this request; please report it.';
  return errorOutcome(500, message, target);
}

/** A fetch function that answers any failure of `answer` with the JSON 500, and logs it. */
export function guarded(
  answer: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      return await answer(request);
    } catch (error) {
      // Having no build yet is a state, not a fault: its 503 says so to the client.
      if (!(error instanceof Unavailable)) console.error(error);
      const { status, headers, body } = failureOutcome(error, targetOf(request.url));
      return new Response(body as BodyInit | null, { status, headers });
    }
  };
}
