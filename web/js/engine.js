// Loads the WebAssembly rules once (for the page and for the computer's worker).

import init, { Playground } from '../pkg/rules_wasm.js';

let ready;

/** Resolves to the `Playground` class once the module is compiled. */
export function loadEngine() {
  ready ??= init().then(() => Playground);
  return ready;
}
