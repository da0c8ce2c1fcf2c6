/**
 * A Worker that fills the local R2 bucket for `npm run serve -- --runtime worker`: it runs beside
 * the API's Worker in the same local runtime, reachable only through Miniflare's own channel
 * (`getWorker`), never on the port the API listens on, and is never deployed.
 *
 * It exists so that an archive's parts reach the bucket as the raw bytes of a request body.
 * Miniflare's bucket proxy (`getR2Bucket`) sends each argument as base64 inside JSON, a third
 * more bytes that the runtime then parses, and gives its caller no say over the connection; the
 * local run needs to send each part on a connection of its own (`worker-local.ts`).
 */

/** The parts of the Workers R2 API used here (types from `@cloudflare/workers-types`). */
interface R2UploadedPart {
  partNumber: number;
  etag: string;
}
interface R2MultipartUpload {
  readonly uploadId: string;
  uploadPart(part: number, value: ReadableStream<Uint8Array>): Promise<R2UploadedPart>;
  complete(parts: R2UploadedPart[]): Promise<unknown>;
  abort(): Promise<void>;
}
interface R2Bucket {
  head(key: string): Promise<{ customMetadata?: Record<string, string> } | null>;
  createMultipartUpload(
    key: string,
    options: { customMetadata: Record<string, string> },
  ): Promise<R2MultipartUpload>;
  resumeMultipartUpload(key: string, uploadId: string): R2MultipartUpload;
}
/** The runtime's stream that tells R2 how long a body is: R2 refuses a body of unknown length. */
declare const FixedLengthStream: new (length: number) => TransformStream<Uint8Array, Uint8Array>;

/** The loader's bindings: the same bucket as the API's Worker. */
export interface LoaderEnv {
  API: R2Bucket;
}

/**
 * What the loader is asked, one kind per path: the stamp the object was uploaded with, and the
 * steps of a multipart upload. Every request names the object's key in `key`.
 */
export type LoaderStep =
  | { kind: 'stamp' }
  | { kind: 'create'; stamp: string }
  | { kind: 'part'; uploadId: string; part: number; length: number }
  | { kind: 'complete'; uploadId: string }
  | { kind: 'abort'; uploadId: string };

/** The request for `step` on the object `key` (the loader's whole protocol, in one place). */
export function loaderRequest(
  key: string,
  step: LoaderStep,
  body?: Uint8Array<ArrayBuffer> | string,
): { url: string; method: string; body?: Uint8Array<ArrayBuffer> | string } {
  const params = new URLSearchParams({ key, ...stringValues(step) });
  const method = step.kind === 'stamp' ? 'GET' : 'POST';
  return { url: `http://bucket-loader/${step.kind}?${params}`, method, ...(body ? { body } : {}) };
}

function stringValues(step: LoaderStep): Record<string, string> {
  const { kind: _, ...rest } = step;
  return Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, String(value)]));
}

async function answer(request: Request, env: LoaderEnv): Promise<Response> {
  const url = new URL(request.url);
  const param = (name: string) => url.searchParams.get(name) ?? '';
  const key = param('key');
  const kind = url.pathname.slice(1) as LoaderStep['kind'];
  switch (kind) {
    case 'stamp': {
      const head = await env.API.head(key);
      return Response.json({ stamp: head?.customMetadata?.['stamp'] ?? null });
    }
    case 'create': {
      const upload = await env.API.createMultipartUpload(key, {
        customMetadata: { stamp: param('stamp') },
      });
      return Response.json({ uploadId: upload.uploadId });
    }
    case 'part': {
      // The body's length is lost on its way through Miniflare's channel: it is said again.
      const sized = request.body!.pipeThrough(new FixedLengthStream(Number(param('length'))));
      const upload = env.API.resumeMultipartUpload(key, param('uploadId'));
      return Response.json(await upload.uploadPart(Number(param('part')), sized));
    }
    case 'complete': {
      const parts = (await request.json()) as R2UploadedPart[];
      await env.API.resumeMultipartUpload(key, param('uploadId')).complete(parts);
      return new Response(null, { status: 204 });
    }
    case 'abort':
      await env.API.resumeMultipartUpload(key, param('uploadId')).abort();
      return new Response(null, { status: 204 });
    default:
      kind satisfies never;
      return new Response(`No step ${kind}`, { status: 404 });
  }
}

export default {
  async fetch(request: Request, env: LoaderEnv): Promise<Response> {
    try {
      return await answer(request, env);
    } catch (e) {
      return new Response(String(e), { status: 500 });
    }
  },
};
