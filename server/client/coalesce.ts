import type { RangeSource } from '../../contract/archive-reader.ts';

/**
 * Reads asked for in the same turn of the event loop, joined into one where they lie near each
 * other, and reads within the span of a recent one, answered from it. An answer's reads go out
 * together (the pages of a composed answer, the parts of the index they need), and over HTTP
 * each is a round trip: a browser keeps six connections to a host over HTTP/1.1, so twenty reads
 * at once wait in line for each other, while one read of their span costs one round trip and a
 * few kilobytes more. A record within another is read twice by one answer (to check it belongs,
 * then to send it) when the router's caches do not hold it; answers asked for at once need the
 * same parts of the index.
 */

/** Reads no further apart than this are joined: the bytes between them are read and dropped. */
export const JOIN_GAP = 64 * 1024;
/** No joined read spans more than this: a read this large already costs more than a round trip. */
export const JOIN_SPAN = 1024 * 1024;

/** The bytes of the recent reads kept, under way or done, to answer reads within their spans. */
const RECENT_BYTES = 2 * 1024 * 1024;

interface Wanted {
  offset: number;
  end: number;
  resolve(bytes: Uint8Array): void;
  reject(error: unknown): void;
}

/** `source` with the reads of one turn joined (`JOIN_GAP`, `JOIN_SPAN`). */
export function coalescing(source: RangeSource): RangeSource {
  let queue: Wanted[] = [];
  /** Recent reads, newest last; a failed one is dropped, so the next asks the host again. */
  const recent: { start: number; end: number; bytes: Promise<Uint8Array> }[] = [];
  let held = 0;
  const forget = (at: number) => {
    const [read] = recent.splice(at, 1);
    held -= read!.end - read!.start;
  };
  const send = (group: Wanted[], start: number, end: number) => {
    const bytes = source.read(start, end - start);
    const read = { start, end, bytes };
    // A larger read is one file, not asked for twice.
    if (end - start <= JOIN_SPAN) {
      recent.push(read);
      held += end - start;
      while (held > RECENT_BYTES) forget(0);
    }
    bytes.then(
      (got) => {
        for (const want of group) want.resolve(got.subarray(want.offset - start, want.end - start));
      },
      (error: unknown) => {
        const at = recent.indexOf(read);
        if (at >= 0) forget(at);
        for (const want of group) want.reject(error);
      },
    );
  };
  const flush = () => {
    const batch = queue.sort((a, b) => a.offset - b.offset);
    queue = [];
    for (const { group, start, end } of joined(batch)) send(group, start, end);
  };
  return {
    length: source.length,
    read(offset, length) {
      const end = Math.min(offset + length, source.length);
      if (end <= offset) return Promise.resolve(new Uint8Array(0));
      const within = recent.findLast((read) => read.start <= offset && end <= read.end);
      if (within)
        return within.bytes.then((got) => got.subarray(offset - within.start, end - within.start));
      return new Promise((resolve, reject) => {
        // A timer, not a microtask: the reads of one answer are asked for at different depths
        // of its promises, all within the turn.
        if (queue.length === 0) setTimeout(flush, 0);
        queue.push({ offset, end, resolve, reject });
      });
    },
  };
}

/** One read that answers a group of wanted ones: the span from its first start to its last end. */
interface Joined {
  group: Wanted[];
  start: number;
  end: number;
}

/** Reads wanted, in order of offset, joined into the fewest `JOIN_GAP` and `JOIN_SPAN` allow. */
function joined(batch: readonly Wanted[]): Joined[] {
  const reads: Joined[] = [];
  let group: Wanted[] = [];
  let [start, end] = [0, 0];
  for (const want of batch) {
    const joins = want.offset <= end + JOIN_GAP && Math.max(end, want.end) - start <= JOIN_SPAN;
    if (group.length > 0 && !joins) {
      reads.push({ group, start, end });
      group = [];
    }
    if (group.length === 0) [start, end] = [want.offset, want.end];
    else end = Math.max(end, want.end);
    group.push(want);
  }
  if (group.length > 0) reads.push({ group, start, end });
  return reads;
}
