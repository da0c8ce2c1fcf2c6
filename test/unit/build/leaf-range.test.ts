import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assembleArchive } from '../../../build/archive/assemble.ts';
import {
  discardArchive,
  publishArchive,
  stageArchive,
  stagedWriter,
} from '../../../build/archive/publish.ts';
import { SegmentSink } from '../../../build/output/archive-sink.ts';
import { openLocalArchive } from '../../../contract/node/archive-file.ts';

/**
 * The assembler writes the leaves of the index in runs, one a thread: the archive must be the
 * same bytes on any number of threads, and every file must read back through it.
 */

const root = mkdtempSync(join(tmpdir(), 'football-leaves-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Files of pages, records and other groups, in two segments, as a build's tasks write them. */
const files = new Map<string, string>();
for (let i = 0; i < 3000; i++) {
  const record = { id: i, name: `Player ${i}`, uri: `/v1/players/${i}` };
  files.set(`v1/players/${i}.json`, JSON.stringify({ meta: {}, result: [record] }));
  files.set(`v1/matches/_by/team/${i % 97}/_page/${i}.json`, JSON.stringify({ result: [record] }));
}

/** Writes `files` into two segments in `scratch`; their paths without extension. */
function segments(scratch: string): string[] {
  const bases = [join(scratch, '0'), join(scratch, '1')];
  const sinks = bases.map((base) => new SegmentSink(base));
  [...files].forEach(([file, text], i) => sinks[i % 2]!.write(file, Buffer.from(text)));
  for (const sink of sinks) sink.commit();
  return bases;
}

/** Assembles `files` into an archive named `name`, with the leaves on `threads` threads. */
async function assembled(name: string, threads: number): Promise<string> {
  const file = join(root, name);
  const staging = stageArchive(file);
  try {
    await assembleArchive(segments(staging.scratch), stagedWriter(staging), {
      threads,
      filesPerThread: 1000,
    });
    // The runs' scratch files are gone once the archive is written.
    expect(readdirSync(staging.scratch).filter((f) => f.startsWith('.leaves'))).toEqual([]);
    publishArchive(staging);
  } finally {
    discardArchive(staging);
  }
  return file;
}

describe('the leaves of the index, written on several threads', () => {
  it('make the archive one thread makes, byte for byte, and read back every file', async () => {
    const one = await assembled('one.archive', 1);
    for (const threads of [2, 4]) {
      const many = await assembled(`threads-${threads}.archive`, threads);
      expect(readFileSync(many).equals(readFileSync(one))).toBe(true);
    }
    const { reader, close } = await openLocalArchive(await assembled('read.archive', 4));
    try {
      expect(reader.header.files).toBe(files.size);
      for (const [file, text] of files)
        expect(Buffer.from((await reader.read(file))!).toString()).toBe(text);
    } finally {
      await close();
    }
  });
});
