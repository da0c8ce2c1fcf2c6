import { describe, expect, it } from 'vitest';
import type { RangeSource } from '../../../contract/archive-reader.ts';
import { coalescing, JOIN_GAP, JOIN_SPAN } from '../../../server/client/coalesce.ts';

/**
 * The client's reads joined (`server/client/coalesce.ts`): reads asked for in one turn that lie
 * near each other go out as one, and a read within a recent one is answered from it; every read
 * still gets exactly its bytes.
 */

/** A source of `length` bytes (each its offset's low byte) recording the reads it is asked. */
function recorded(length: number, fail?: (offset: number) => boolean) {
  const reads: [number, number][] = [];
  const source: RangeSource = {
    length,
    async read(offset, size) {
      reads.push([offset, offset + size]);
      if (fail?.(offset)) throw new Error(`no bytes at ${offset}`);
      return Uint8Array.from({ length: Math.min(size, length - offset) }, (_, i) => offset + i);
    },
  };
  return { source, reads };
}

const bytesOf = (offset: number, end: number) =>
  Uint8Array.from({ length: end - offset }, (_, i) => (offset + i) & 0xff);

describe('reads joined', () => {
  it('joins the reads of one turn that lie within the gap, each given its own bytes', async () => {
    const { source, reads } = recorded(10 * JOIN_SPAN);
    const joined = coalescing(source);
    const asked: [number, number][] = [
      [5000, 6000],
      [100, 200],
      [6000 + JOIN_GAP, 6100 + JOIN_GAP],
      // Too far from the others: a read of its own.
      [8 * JOIN_SPAN, 8 * JOIN_SPAN + 10],
    ];
    const got = await Promise.all(asked.map(([a, b]) => joined.read(a, b - a)));
    got.forEach((bytes, i) => expect(bytes).toEqual(bytesOf(...asked[i]!)));
    expect(reads).toEqual([
      [100, 6100 + JOIN_GAP],
      [8 * JOIN_SPAN, 8 * JOIN_SPAN + 10],
    ]);
  });

  it('never joins past the span, and leaves a read of another turn alone', async () => {
    const { source, reads } = recorded(10 * JOIN_SPAN);
    const joined = coalescing(source);
    const half = JOIN_SPAN / 2;
    await Promise.all([0, 1, 2].map((i) => joined.read(i * half, half)));
    expect(reads).toEqual([
      [0, JOIN_SPAN],
      [JOIN_SPAN, JOIN_SPAN + half],
    ]);
    await joined.read(5 * JOIN_SPAN, 10);
    expect(reads).toHaveLength(3);
  });

  it('answers a read within a recent one, under way or done, from it', async () => {
    const { source, reads } = recorded(JOIN_SPAN);
    // The host answers when the test says so.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const slow: RangeSource = {
      length: source.length,
      read: async (offset, size) => {
        const bytes = source.read(offset, size);
        await held;
        return bytes;
      },
    };
    const joined = coalescing(slow);
    const first = joined.read(1000, 5000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(reads).toHaveLength(1);
    // Asked while the first is under way, then once it is done.
    const within = joined.read(2000, 100);
    answer();
    expect(await within).toEqual(bytesOf(2000, 2100));
    expect(await first).toEqual(bytesOf(1000, 6000));
    expect(await joined.read(1000, 5000)).toEqual(bytesOf(1000, 6000));
    expect(reads).toEqual([[1000, 6000]]);
  });

  it('fails every read of a failed one, and asks again for the next', async () => {
    let failing = true;
    const { source, reads } = recorded(JOIN_SPAN, () => failing);
    const joined = coalescing(source);
    const both = [joined.read(0, 10), joined.read(20, 10)];
    for (const read of both) await expect(read).rejects.toThrow('no bytes at 0');
    failing = false;
    expect(await joined.read(0, 10)).toEqual(bytesOf(0, 10));
    expect(reads).toEqual([
      [0, 30],
      [0, 10],
    ]);
  });

  it('reads nothing past the end', async () => {
    const { source, reads } = recorded(100);
    const joined = coalescing(source);
    expect(await joined.read(90, 50)).toEqual(bytesOf(90, 100));
    expect(await joined.read(100, 5)).toEqual(new Uint8Array(0));
    expect(reads).toEqual([[90, 100]]);
  });
});
