import type { Manifest, ResourceManifest } from '../../../contract/manifest.ts';
import { openLocalArchive } from '../../../contract/node/archive-file.ts';
import { collectionDir, pageFile } from '../../../contract/paths.ts';
import { decodePostings, postingFile } from '../../../contract/query-index.ts';

/**
 * The query set of an archive: for every paginated collection, each filter field's most frequent
 * value alone, pairs of values that occur together on a record, each sort, and the micro-events
 * of a match; beside a pre-rendered page of each collection. The bench times it; the real-data
 * tests check that every answer is a documented 200.
 */

type Reader = Awaited<ReturnType<typeof openLocalArchive>>['reader'];

const decoder = new TextDecoder();

async function json(reader: Reader, file: string): Promise<unknown> {
  const bytes = await reader.read(file);
  return bytes ? JSON.parse(decoder.decode(bytes)) : null;
}

/** The most frequent value of a field, from its posting lists, with its number of records. */
async function mostFrequent(reader: Reader, resource: ResourceManifest, field: string) {
  let best: { key: string; n: number } | null = null;
  for (let g = 0; g < (resource.query?.groups[field] ?? 0); g++) {
    const bytes = await reader.read(postingFile(resource.path, field, g));
    for (const [key, ords] of bytes ? decodePostings(bytes) : [])
      if (!best || ords.length > best.n) best = { key, n: ords.length };
  }
  return best;
}

/** The query set's URLs, by kind. */
export async function querySet(file: string): Promise<Record<string, string[]>> {
  const { reader, close } = await openLocalArchive(file);
  const sets: Record<string, string[]> = { 'pre-rendered page': [], filter: [], pair: [] };
  sets['sort'] = [];
  sets['micro-events of a match'] = [];
  try {
    const manifest = (await json(reader, '_manifest.json')) as Manifest;
    for (const r of manifest.resources) {
      if (!r.query || r.count === 0) continue;
      const base = `/${r.path}`;
      sets['pre-rendered page']!.push(r.count > r.records.default ? `${base}?page=2` : base);
      for (const name of r.sort.fields) sets['sort']!.push(`${base}?sort=-${name}`);
      const fields = r.fields.filter((f) => r.query!.groups[f.name] !== undefined);
      for (const field of fields) {
        const top = await mostFrequent(reader, r, field.name);
        if (!top) continue;
        const value = `${field.name}=${encodeURIComponent(top.key)}`;
        sets['filter']!.push(`${base}?${value}`);
        if (field.filter !== 'indexed') continue;
        // A value of every other field on a record of this one's: a pair that occurs.
        const dir = collectionDir(r.path, { field: field.name, key: top.key });
        const page = (await json(reader, pageFile(dir, 1))) as {
          result: Record<string, unknown>[];
        };
        const record = page?.result[0];
        for (const other of fields) {
          const v = record?.[other.key];
          if (other === field || v === null || v === undefined) continue;
          sets['pair']!.push(`${base}?${value}&${other.name}=${encodeURIComponent(String(v))}`);
        }
      }
      if (r.path.endsWith('/events/all')) {
        const top = await mostFrequent(reader, r, 'match');
        if (top) sets['micro-events of a match']!.push(`${base}?match=${top.key}&records=100`);
      }
    }
  } finally {
    await close();
  }
  return sets;
}
