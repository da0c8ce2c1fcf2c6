import { readFileSync } from 'node:fs';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { explorerSchemaTypes, SCHEMA_FILE } from '../../../cli/openapi-types.ts';

/**
 * The explorer's types of the API's records (`site/explorer/api-schema.ts`, which `records.ts`
 * picks from) are what `npm run openapi:types` generates from the OpenAPI document of the
 * registry as it is now: a change to a record's fields that leaves them stale fails here, naming
 * the command that mends it. They are types only, so the explorer's bundle holds none of them.
 */

const committed = readFileSync(SCHEMA_FILE, 'utf8');

/** The first line where `now` differs from `was`, both shown; null where they are the same. */
function firstDifference(was: string, now: string): string | null {
  if (was === now) return null;
  const [a, b] = [was.split('\n'), now.split('\n')];
  const at = a.findIndex((line, i) => line !== b[i]);
  const line = at === -1 ? a.length : at;
  const [before, after] = [a[line], b[line]].map((text) => JSON.stringify(text));
  return `line ${line + 1}: committed ${before}, generated ${after}`;
}

describe('site/explorer/api-schema.ts', () => {
  it('is what npm run openapi:types generates from the registry now', async () => {
    const stale = firstDifference(committed, await explorerSchemaTypes());
    expect(stale, 'stale: run `npm run openapi:types` and commit the file').toBeNull();
  });

  it('holds types only', async () => {
    const { code } = await transform(committed, { loader: 'ts', format: 'esm' });
    expect(code.trim()).toBe('');
  });
});
