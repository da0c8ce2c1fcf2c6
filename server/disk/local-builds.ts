import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createArchiveHandler } from '../core/archive-handler.ts';
import { archiveBudget } from '../core/cache-budget.ts';
import { CACHE_BYTES, createHandler, type FileSource, type Handler } from '../core/handler.ts';
import { Unavailable } from '../core/health.ts';
import { MANIFEST_FILE, type Manifest } from '../../contract/manifest.ts';
import { fileStamp, openLocalArchive } from '../../contract/node/archive-file.ts';
import { nodeFiles } from './node-files.ts';
import type { Served } from './config.ts';

/**
 * A build on the local disk as a server answers from it while builds are published over it: the
 * Node preview server, and the Deno and Bun adapters through their `node:fs`. Each request is
 * answered from one build, its manifest and its files, and a publish is followed without a
 * restart: a tree's `--out` link flipped to a new build, an archive renamed over the old.
 */

/** The builds a server answers from: the current one, and how to let go of it. */
export interface LocalBuilds {
  /** The build to answer the next request from. */
  current(): Build;
  /** Lets go of the build open now once its requests are done (the server is closing). */
  close(): void;
}

/**
 * Which build the folder `root` holds: its path and its manifest's inode, size and time; empty
 * while it has no manifest.
 */
export function buildStamp(root: string): string {
  const stat = statSync(join(root, MANIFEST_FILE), { throwIfNoEntry: false });
  return stat ? `${root}:${fileStamp(stat)}` : '';
}

/** What `npm run serve` hands a runtime: a folder or an archive, followed as it is published. */
export function follow(source: Served, cacheBytes = CACHE_BYTES): Promise<LocalBuilds> {
  return source.kind === 'archive'
    ? followArchive(source.path, cacheBytes)
    : Promise.resolve(followTree(source.path, cacheBytes));
}

/**
 * A file of a tree's build went missing because a publish replaced that build (it moves the old
 * folder aside at once): the request is answered again from the new build.
 */
class BuildReplaced extends Error {}

/**
 * Makes an answer with the build current when the request arrives, held until the answer is
 * made: an archive replaced meanwhile is closed only after it. An answer that lost its tree to a
 * publish midway is made again, once, from the build that replaced it.
 */
export async function withBuild<T>(
  builds: LocalBuilds,
  answer: (build: Build) => Promise<T>,
): Promise<T> {
  for (let again = false; ; again = true) {
    const build = builds.current();
    const release = build.hold();
    try {
      return await answer(build);
    } catch (e) {
      if (again || !(e instanceof BuildReplaced)) throw e;
    } finally {
      release();
    }
  }
}

/** Answers a fetch-API request from the current build (`withBuild`). */
export const answerFrom = (builds: LocalBuilds, request: Request): Promise<Response> =>
  withBuild(builds, (build) => build.handler.fetch(request));

/** One published build as a server answers from it. */
export interface Build {
  handler: Handler;
  /** Marks a request as being answered by this build; the returned function, as done. */
  hold(): () => void;
}

/**
 * The build the served folder holds now. `--out` is a link that a publish flips to another
 * build's folder and then moves the old folder aside at once (`build/archive/publish.ts`), so every
 * request looks at the link: one `lstat`, since a flip renames a new link over the old and so
 * changes its inode, and a `realpath` only when it changed. A plain folder rebuilt in place keeps
 * its path: its manifest is checked at most once a second.
 */
export function followTree(dir: string, cacheBytes = CACHE_BYTES): LocalBuilds {
  const path = resolve(dir);
  let build: (Build & { root: string; stamp: string }) | null = null;
  let checked = 0;
  const currentRoot = rootNamed(path);
  const current = () => {
    const root = currentRoot();
    if (root === null) {
      if (build) return build;
      throw new Unavailable(`${path} does not exist`);
    }
    const now = Date.now();
    if (build && build.root === root && now - checked < 1000) return build;
    checked = now;
    const stamp = buildStamp(root);
    if (build && (stamp === build.stamp || stamp === '')) return build;
    try {
      const manifest = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as Manifest;
      const handler = createHandler({ manifest, files: replaceable(root), cacheBytes });
      build = { root, stamp, handler, hold: () => () => {} };
    } catch (e) {
      if (!build) throw new Unavailable(`${path} holds no build that can be read (${String(e)})`);
    }
    return build;
  };
  /**
   * The files of the build in `root`. A file missing once the link names another build was moved
   * away with its build: `BuildReplaced` has the request answered again. Only a missing file
   * costs the look at the link.
   */
  const replaceable = (root: string): FileSource => {
    const files = nodeFiles(root);
    return {
      async read(file) {
        const bytes = await files.read(file);
        if (bytes === null && currentRoot() !== root) throw new BuildReplaced(file);
        return bytes;
      },
    };
  };
  return { current, close: () => {} };
}

/**
 * The folder `path` names now, looked at on each call, or null while it is missing (a publish
 * moving it): one `lstat`, and a `realpath` only when the link changed.
 */
function rootNamed(path: string): () => string | null {
  let link: { ino: number; mtimeMs: number; root: string } | null = null;
  return () => {
    let stat;
    try {
      stat = lstatSync(path, { throwIfNoEntry: false });
    } catch {
      return null; // unreadable for a moment: the current build answers
    }
    if (!stat) return null;
    if (!stat.isSymbolicLink()) return path;
    if (link?.ino !== stat.ino || link.mtimeMs !== stat.mtimeMs) {
      let root: string;
      try {
        root = realpathSync(path);
      } catch {
        return null; // replaced between the two calls: the next request looks again
      }
      link = { ino: stat.ino, mtimeMs: stat.mtimeMs, root };
    }
    return link.root;
  };
}

/**
 * The archive `file` holds now. A new archive is renamed over the old one (`build/archive/publish.ts`):
 * the server checks the file once a second and, when it is another, opens it and answers new
 * requests from it; the old one is closed when its last request is done. An archive that fails to
 * open is reported once and tried again every second while the last good one keeps serving: the
 * entry point of an archive in parts can arrive before its parts (as `rsync` copies them).
 */
export async function followArchive(file: string, cacheBytes = CACHE_BYTES): Promise<LocalBuilds> {
  let build = await openArchiveBuild(file, cacheBytes);
  let checked = Date.now();
  /** The stamp of a file that did not open: reported once, not every second it is tried. */
  let refused = '';
  let opening = false;
  let closed = false;
  const close = () => {
    closed = true;
    build.retire();
  };
  const current = () => {
    const now = Date.now();
    if (now - checked >= 1000 && !opening) {
      checked = now;
      const stat = statSync(file, { throwIfNoEntry: false });
      const stamp = stat && fileStamp(stat);
      if (stamp && stamp !== build.stamp) {
        opening = true;
        openArchiveBuild(file, cacheBytes)
          .then(
            (next) => {
              build.retire();
              build = next;
              if (closed) next.retire();
            },
            (e: Error) => {
              if (refused !== stamp)
                console.error(`${file} changed but does not open; serving the last good one: ${e}`);
              refused = stamp;
            },
          )
          .finally(() => (opening = false));
      }
    }
    return build;
  };
  return { current, close };
}

/** An archive opened as a build: its router, and a count of the requests it answers. */
interface ArchiveBuild extends Build {
  /** Identifies the file opened. */
  stamp: string;
  /** Closes the archive once the requests it is answering are done. */
  retire(): void;
}

async function openArchiveBuild(file: string, cacheBytes: number): Promise<ArchiveBuild> {
  const budget = archiveBudget(cacheBytes);
  const archive = await openLocalArchive(file, budget.index, budget.blocks);
  let handler: Handler;
  try {
    handler = await createArchiveHandler(archive.reader, budget.router);
  } catch (e) {
    await archive.close();
    throw e;
  }
  let users = 0;
  let retired = false;
  const closeIfDone = () => {
    if (retired && users === 0) void archive.close();
  };
  return {
    stamp: archive.stamp,
    handler,
    hold() {
      users++;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        users--;
        closeIfDone();
      };
    },
    retire() {
      retired = true;
      closeIfDone();
    },
  };
}
