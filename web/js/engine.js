// Fetches and compiles the WebAssembly rules once per page (the computer's workers get the
// compiled module from the page) and presents them as the class `Playground`.
//
// The module (crates/rules-wasm, built by web/build.sh) exports plain functions, its ABI
// (crates/rules-wasm/src/abi.rs): a call's texts go into an input buffer that Rust sizes
// (`input(len)` answers its address), each as its UTF-8 length (4 bytes, little-endian)
// and bytes; the export is called with the game's handle and the numbers; it returns a
// status (OK: the answer is the output's text; NOTHING: `undefined`; ERROR: the output is
// the message, thrown as an `Error`) and leaves the answer at `output()`, `output_len()`.
// The games stay in Rust, in a table named by handle; a freed or unknown handle is an
// error there, never a crash.

const WASM = new URL('../pkg/rules_wasm_bg.wasm', import.meta.url);
const OK = 0;
const NOTHING = 1;
const ERROR = -1;

let compiled;
let ready;

/**
 * Resolves to the compiled module (a `WebAssembly.Module`), fetched and compiled once per
 * page: the page's workers get it from `shareEngine` instead of fetching it again.
 */
export function compileEngine() {
  compiled ??= fetchAndCompile();
  return compiled;
}

/**
 * Resolves to the `Playground` class once the module is instantiated: from `module` when
 * given (a worker's copy, posted by the page), else from `compileEngine`.
 */
export function loadEngine(module) {
  ready ??= (module ? Promise.resolve(module) : compileEngine())
    .then((compiledModule) => WebAssembly.instantiate(compiledModule, {}))
    .then((instance) => playgroundClass(instance.exports));
  return ready;
}

/**
 * Posts the compiled module to `worker` as `{ kind: 'engine', module }` (or
 * `{ kind: 'engine', error }`), so that a worker never fetches the wasm itself.
 */
export function shareEngine(worker) {
  compileEngine().then(
    (module) => worker.postMessage({ kind: 'engine', module }),
    (error) => worker.postMessage({ kind: 'engine', error: String(error?.message ?? error) }),
  );
  return worker;
}

/** Fetches and compiles the module (it imports nothing). */
async function fetchAndCompile() {
  const response = await fetch(WASM);
  if (!response.ok) throw new Error(`${WASM}: ${response.status} ${response.statusText}`);
  // Streaming compilation needs the wasm MIME type; any other server gets the slow path.
  return response.headers.get('Content-Type')?.startsWith('application/wasm')
    ? WebAssembly.compileStreaming(response)
    : WebAssembly.compile(await response.arrayBuffer());
}

/** The class `Playground` on the module's exports `wasm`. */
function playgroundClass(wasm) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  /** The last call's answer. (The memory may have grown: take a fresh view each time.) */
  const output = () =>
    decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.output() >>> 0, wasm.output_len() >>> 0));

  /** Calls `exported(...numbers)` with `texts` in the input buffer; returns its status. */
  const invoke = (exported, texts, numbers) => {
    const bytes = texts.map((text) => encoder.encode(String(text)));
    const total = bytes.reduce((sum, b) => sum + 4 + b.length, 0);
    const at = wasm.input(total) >>> 0;
    const memory = new DataView(wasm.memory.buffer, at, total);
    const into = new Uint8Array(wasm.memory.buffer, at, total);
    let offset = 0;
    for (const b of bytes) {
      memory.setUint32(offset, b.length, true);
      into.set(b, offset + 4);
      offset += 4 + b.length;
    }
    const status = exported(...numbers);
    if (status === ERROR) throw new Error(output());
    return status;
  };

  /** A method's answer: its text, or `undefined`. */
  const answer = (status) => (status === OK ? output() : undefined);

  /** Frees the games the page dropped without `free()`. */
  const registry = new FinalizationRegistry((game) => wasm.playground_free(game));

  /** Marks a `new Playground` made by `load` (only this module can). */
  const LOADED = Symbol('loaded');

  /**
   * One game of any of the four: `new Playground('{"game":"go9"}')`,
   * `Playground.load(text)`. Errors are thrown as `Error`s whose message is the engine's.
   */
  class Playground {
    /** The game's handle in the module's table; `undefined` once freed. */
    #game;

    /** A new game from the picker's options as JSON. */
    constructor(options, loaded, game) {
      this.#game = loaded === LOADED ? game : invoke(wasm.playground_new, [options], []);
      registry.register(this, this.#game, this);
    }

    /** Reads and replays a record of any game (JSON, or SGF for go9). */
    static load(text) {
      return new Playground(undefined, LOADED, invoke(wasm.playground_load, [text], []));
    }

    /**
     * The four games as the catalog describes them, as JSON text: an array of `{game,
     * longName, players, calls, sgf}` (players in lower case, first mover first).
     */
    static games() {
      return answer(invoke(wasm.playground_games, [], []));
    }

    /** The longest record `load` reads, in bytes (4 MiB). */
    static maxRecordBytes() {
      return wasm.playground_max_record_bytes() >>> 0;
    }

    /** Calls the method `exported` of this game with `texts` and `numbers`. */
    #call(exported, texts = [], ...numbers) {
      return answer(invoke(exported, texts, [this.#game ?? -1, ...numbers]));
    }

    /** The view data as JSON text. */
    view() { return this.#call(wasm.playground_view); }

    /** Plays a move given in the game's notation; throws the engine's reason. */
    play(text) { return this.#call(wasm.playground_play, [text]); }

    /** Plays a move; its steps as JSON text (Bao's sowing; `[]` for the other games). */
    playAnimated(text) { return this.#call(wasm.playground_play_animated, [text]); }

    /** Takes back the last move (go9) and returns it. */
    undo() { return this.#call(wasm.playground_undo); }

    /** The player in `seat` (0 or 1) resigns. */
    resign(seat) { return this.#call(wasm.playground_resign, [], seat); }

    /** The computer's move at `level` (`easy`, `normal`, `hard`); `undefined` once over. */
    computerMove(level, seed) { return this.#call(wasm.playground_computer_move, [level], seed); }

    /** Starts the computer's search at `level` (text) with `seed`; the level's budget as JSON. */
    thinkStart(level, seed) { return this.#call(wasm.playground_think_start, [level], seed); }

    /** Adds `playouts` playouts to the search; its report as JSON (best, playouts, winRate). */
    think(playouts) { return this.#call(wasm.playground_think, [], playouts); }

    /** The JSON record, as `rulebook` writes and replays it. */
    recordJson() { return this.#call(wasm.playground_record_json); }

    /** go9's SGF record with the players' names. */
    recordSgf(black, white) { return this.#call(wasm.playground_record_sgf, [black, white]); }

    /** The plies of `games` random games from this position (the speed figures). */
    randomPlayouts(games, seed) {
      return Number(this.#call(wasm.playground_random_playouts, [], games, seed));
    }

    /** Frees the game in the module; any later call throws. */
    free() {
      const game = this.#game;
      if (game === undefined) return;
      this.#game = undefined;
      registry.unregister(this);
      invoke(wasm.playground_free, [], [game]);
    }
  }
  if (Symbol.dispose) Playground.prototype[Symbol.dispose] = Playground.prototype.free;

  return Playground;
}
