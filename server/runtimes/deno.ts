import type { RangeSource } from '../archive.ts';
import type { FileSource } from '../handler.ts';
import { isSafeRelativePath } from '../paths.ts';
import { WEB_CODEC } from '../web-codec.ts';
import { archiveRouter, guarded, treeRouter } from '../web-router.ts';
import { serveConfig } from './config.ts';

/**
 * The router on Deno: `Deno.serve` and Deno's file API. Run by `npm run serve -- --runtime deno`,
 * which passes the folder or archive and the address in the environment (`config.ts`).
 */

/** The few Deno APIs used here (Deno's own types are not part of this project's build). */
interface DenoFile {
  seek(offset: number, whence: 0): Promise<number>;
  read(into: Uint8Array): Promise<number | null>;
  stat(): Promise<{ size: number }>;
}
declare const Deno: {
  env: { toObject(): Record<string, string> };
  readFile(path: string): Promise<Uint8Array>;
  open(path: string): Promise<DenoFile>;
  errors: Record<'NotFound' | 'IsADirectory' | 'NotADirectory', new () => Error>;
  serve(
    options: { port: number; hostname: string; onListen(address: { port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

/** A built folder through `Deno.readFile`; a path that is not a file is a missing file. */
function denoFiles(root: string): FileSource {
  const absent = [Deno.errors.NotFound, Deno.errors.IsADirectory, Deno.errors.NotADirectory];
  return {
    async read(file) {
      if (!isSafeRelativePath(file)) return null;
      try {
        return await Deno.readFile(`${root}/${file}`);
      } catch (e) {
        if (absent.some((kind) => e instanceof kind)) return null;
        throw e;
      }
    },
  };
}

/** An archive through one open file; reads take turns, since each seeks before it reads. */
async function denoRanges(path: string): Promise<RangeSource> {
  const file = await Deno.open(path);
  const { size } = await file.stat();
  let turn = Promise.resolve();
  const readAt = async (offset: number, length: number) => {
    const bytes = new Uint8Array(length);
    await file.seek(offset, 0);
    let got = 0;
    while (got < length) {
      const n = await file.read(bytes.subarray(got));
      if (n === null) break;
      got += n;
    }
    return bytes.subarray(0, got);
  };
  return {
    length: size,
    read(offset, length) {
      const result = turn.then(() => readAt(offset, length));
      turn = result.then(
        () => {},
        () => {},
      );
      return result;
    },
  };
}

const config = serveConfig(Deno.env.toObject());
const router =
  config.source.kind === 'archive'
    ? await archiveRouter(await denoRanges(config.source.path), WEB_CODEC)
    : await treeRouter(denoFiles(config.source.path));
Deno.serve(
  { port: config.port, hostname: config.host, onListen: ({ port }) => config.listening(port) },
  guarded((request) => router.fetch(request)),
);
