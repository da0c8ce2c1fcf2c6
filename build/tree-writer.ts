import { createHash, type Hash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { encodedFile, isSafeRelativePath } from '../server/paths.ts';

/** Two outputs of the build map to the same file: the registry or the data is wrong. */
export class DuplicateOutputError extends Error {
  constructor(readonly file: string) {
    super(
      `Two outputs map to the same file: ${file}. Check the registry paths and the ids in the database.`,
    );
  }
}

/**
 * Writes the files of one build into a fresh folder. Every file is created exclusively, so a second
 * output for the same path fails the build instead of silently replacing the first; no list of
 * written paths is kept, so memory stays flat however many files there are.
 */
export class TreeWriter {
  files = 0;
  bytes = 0;
  /**
   * Folders known to exist, most recent last; bounded, because a build has as many folders as
   * filter values.
   */
  private made = new Set<string>();
  private hash: Hash | null = null;

  constructor(
    readonly root: string,
    private readonly precompress: boolean,
  ) {}

  /** Starts hashing the files that follow (one resource). */
  beginGroup(): void {
    this.hash = createHash('sha1');
  }

  /** Ends the current group and returns its content hash. */
  endGroup(): string {
    const digest = this.hash!.digest('hex');
    this.hash = null;
    return digest;
  }

  /** Writes one file (relative path), with its precompressed variants when enabled. */
  write(file: string, content: string | Buffer): string {
    if (!isSafeRelativePath(file))
      throw new Error(`Refusing to write outside the output folder: ${file}`);
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    this.put(file, data);
    this.hash?.update(file).update('\0').update(data);
    if (this.precompress) {
      this.put(
        encodedFile(file, 'br'),
        brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      );
      this.put(encodedFile(file, 'gzip'), gzipSync(data, { level: 9 }));
    }
    return createHash('sha1').update(data).digest('hex');
  }

  private put(file: string, data: Buffer): void {
    const abs = join(this.root, file);
    const dir = dirname(abs);
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      if (this.made.size >= 4096) this.made.delete(this.made.values().next().value!);
      this.made.add(dir);
    }
    try {
      writeFileSync(abs, data, { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new DuplicateOutputError(file);
      throw e;
    }
    this.files++;
    this.bytes += data.length;
  }
}
