import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../../build/openapi/openapi.ts';
import { call, demo, handlerFor } from '../../helpers/http/api.ts';

/**
 * A TypeScript client generated from the demo's `/openapi.json` (openapi-typescript, as a client
 * project would) type-checks against real answers: one page and one record of every collection,
 * each match document, the roots, OPTIONS and errors are written as literals typed with the
 * generated response types, and the project's TypeScript compiles them in one run, strictly. An
 * answer with a key the document does not declare (literals get excess property checks), a null
 * where it says none, or a value off its enum fails to compile. So do sort names it does not
 * give.
 */

const { dist, manifest } = demo();
const api = handlerFor(dist);
const folder = mkdtempSync(join(tmpdir(), 'football-api-client-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The project's own compiler. */
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** The generated types, and a response body type by path, method and status. */
const PRELUDE = `import type { paths } from './api';

/** The JSON body of an answer, as the generated client types it (never when undocumented). */
type Body<P extends keyof paths, M extends keyof paths[P], S extends number = 200> =
  paths[P][M] extends { responses: infer R }
    ? S extends keyof R
      ? R[S] extends { content: { 'application/json': infer B } }
        ? B
        : never
      : never
    : never;

/** The query parameters of an operation. */
type Query<P extends keyof paths> = paths[P] extends {
  get: { parameters: { query?: infer Q } };
}
  ? NonNullable<Q>
  : never;
`;

/** One typed answer: a constant of the body type of `template`'s `method` at `status`. */
interface Typed {
  template: string;
  method: 'get' | 'options';
  status: number;
  body: unknown;
}

/** Fetches `target` and types its answer with the operation at `template`. */
async function answer(
  template: string,
  target: string,
  method: 'get' | 'options' = 'get',
  status = 200,
): Promise<Typed> {
  const reply = await call(api, target, { method: method.toUpperCase() });
  expect(reply.status, target).toBe(status);
  return { template, method, status, body: reply.json };
}

/** The answers to type: a page and a record of every resource, and the other bodies. */
async function answers(): Promise<Typed[]> {
  const out: Typed[] = [
    await answer('/v1/', '/v1/'),
    await answer('/v0/', '/v0/'),
    await answer('/v1/persons', '/v1/persons', 'options'),
    await answer('/v1/persons', '/v1/persons?no_such_parameter=1', 'get', 400),
    await answer('/v1/persons/{id}', `/v1/persons/${'f'.repeat(32)}`, 'get', 404),
  ];
  const matches = new Map<string, string>();
  for (const r of manifest.resources) {
    if (r.kind === 'document') continue;
    const page = await answer(`/${r.path}`, `/${r.path}`);
    out.push(page);
    const record = (page.body as { result: { id: string | number }[] }).result[0]!;
    out.push(await answer(`/${r.path}/{id}`, `/${r.path}/${record.id}`));
    if (r.kind === 'parent-record' && !matches.has(r.version))
      matches.set(r.version, String(record.id));
  }
  for (const r of manifest.resources) {
    if (r.kind !== 'document') continue;
    const { path, name, param } = r.parent;
    const id = matches.get(r.version)!;
    out.push(await answer(`/${path}/{${param}}/${name}`, `/${path}/${id}/${name}`));
    out.push(await answer(`/${path}/{${param}}/${name}`, `/${path}/${id}/${name}`, 'options'));
    if (r.document.time)
      out.push(await answer(`/${path}/{${param}}/${name}`, `/${path}/${id}/${name}?time=45+2`));
  }
  return out;
}

/** The module that assigns every answer to its generated type, and queries to theirs. */
function checks(typed: Typed[]): string {
  const lines = typed.map(
    ({ template, method, status, body }, i) =>
      `export const a${i}: Body<${JSON.stringify(template)}, '${method}', ${status}> = ` +
      `${JSON.stringify(body)};`,
  );
  return `${PRELUDE}
${lines.join('\n')}

// Sort takes its names, each ascending or with - descending, as a list.
export const q0: Query<'/v1/persons'> = { sort: ['-last_name', 'birth_date'], birth_date: '19*' };
// @ts-expect-error -- not a sort field of persons
export const q1: Query<'/v1/persons'> = { sort: ['height'] };
// @ts-expect-error -- not a filter of persons
export const q2: Query<'/v1/persons'> = { height: '1' };
`;
}

describe('a client generated from /openapi.json', () => {
  it('types every real answer it is given', async () => {
    const source = readFileSync(join(dist, OPENAPI_FILE), 'utf8');
    const types = astToString(await openapiTS(JSON.parse(source) as never));
    writeFileSync(join(folder, 'api.ts'), types);
    const typed = await answers();
    // One page and one record of each collection, at least.
    expect(typed.length).toBeGreaterThan(2 * 175);
    writeFileSync(join(folder, 'check.ts'), checks(typed));
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          skipLibCheck: true,
          types: [],
        },
        files: ['check.ts'],
      }),
    );
    const run = await promisify(execFile)(process.execPath, [TSC, '-p', folder], {
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      () => '',
      (e: { stdout?: string }) => e.stdout ?? String(e),
    );
    expect(run.split('\n').slice(0, 20).join('\n')).toBe('');
  }, 300_000);
});
