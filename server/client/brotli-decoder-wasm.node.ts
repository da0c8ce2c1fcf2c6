import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The Brotli decoder's WebAssembly module where the client runs from its source on Node (tests,
 * the bench): read from the package. The bundle embeds the same bytes
 * (`brotli-decoder-wasm.browser.js`).
 */
const wasm: Uint8Array = readFileSync(
  createRequire(import.meta.url).resolve('brotli-dec-wasm/web/bg.wasm'),
);

export default wasm;
