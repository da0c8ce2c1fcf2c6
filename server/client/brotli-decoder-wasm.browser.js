// The Brotli decoder's WebAssembly module for the client's bundle, where esbuild embeds its bytes
// (the Import Bytes proposal). JavaScript, not TypeScript: the type checker resolves
// `#brotli-decoder-wasm` to the Node twin (`brotli-decoder-wasm.node.ts`) and has no type for a
// bytes import yet.
import wasm from 'brotli-dec-wasm/web/bg.wasm' with { type: 'bytes' };

export default wasm;
