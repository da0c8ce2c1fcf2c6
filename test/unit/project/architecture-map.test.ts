import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_FOLDERS, ROOT } from '../../helpers/code/import-graph.ts';

/**
 * `docs/architecture.md` is the map of the code: its folders, the rooms of the build, and where
 * each common change goes, file by file. A path it names that no longer exists would send a
 * reader to nothing, so every one is checked.
 */
const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
const ROOTS = /^(build|cli|contract|data|dev|docs|football|lib|runtimes|server|site|test)\//;
/** Every path of the project the page names in code spans (globs and placeholders aside). */
const named = (text: string) =>
  [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!.replace(/\/$/, ''))
    .filter((path) => ROOTS.test(`${path}/`) && !/[*<{]/.test(path));
const section = (title: string) => {
  const start = doc.indexOf(`## ${title}`);
  return doc.slice(start, doc.indexOf('\n## ', start + 1));
};

describe('docs/architecture.md', () => {
  it('names only paths that exist', () => {
    expect(named(doc).filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('maps each common change to its files', () => {
    const map = section('Where a change goes');
    for (const change of ['A resource', 'A field of matches', 'A runtime', 'A static host'])
      expect(map).toContain(`**${change}`);
    expect(map).toContain('**An importer');
    expect(named(map).length).toBeGreaterThan(40);
  });

  it('lists every folder of code and every room of the build', () => {
    const folders = section('The folders');
    const code = readdirSync(ROOT).filter((name) => CODE_FOLDERS.some((f) => f === name));
    expect(code.sort()).toEqual([...CODE_FOLDERS].sort());
    for (const folder of code) expect(folders).toContain(`| \`${folder}/\` |`);
    const rooms = readdirSync(join(ROOT, 'build'), { withFileTypes: true }).filter((e) =>
      e.isDirectory(),
    );
    for (const room of rooms) expect(folders).toContain(`\`build/${room.name}/\``);
  });
});
