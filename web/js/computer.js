// The computer player of the page: a worker that searches (worker.js), asked for a move
// whenever the computer's seat is to move, cancelled when the game changes under it, and
// giving up a lost 9×9 Go game as a player would (RESIGN below).

import { shareEngine } from './engine.js';

/**
 * When the computer resigns a go9 game: game-core's `ResignRule::STANDARD`, which
 * `rulebook gtp` follows too (docs/go9.md, "Resignation"): at `normal` and `hard` (never
 * `easy`), once its search's win rate has been below `threshold` (strictly) for `streak`
 * of its searches in a row, in a position with `fromPly` plies played or more. A search
 * with no playout (a forced move) tells nothing and ends the run.
 */
export const RESIGN = { games: ['go9'], levels: ['normal', 'hard'], threshold: 0.1, streak: 3, fromPly: 20 };

/**
 * The computer over `host`: `app` (the page's state: view, pg, seats, level, seed, busy,
 * thinking, token, paused, shown, online), `pauseMs` (between two moves when it plays
 * itself), and the page's `applyMove(text, by)`, `resign(seat)`, `render()`,
 * `renderStatus()`, `renderActions()` and `say(text)`. Returns `{ schedule, cancel, forget }`.
 */
export function createComputer(host) {
  const { app } = host;
  /** Per seat: the computer's moves in a row below the resignation threshold. */
  let low = [0, 0];

  function makeWorker() {
    const worker = shareEngine(new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }));
    worker.addEventListener('message', onAnswer);
    worker.addEventListener('error', (event) => host.say(`The computer stopped: ${event.message}`));
    return worker;
  }

  /** Asks the computer for a move when its seat is to move (and nothing stands in the way). */
  function schedule() {
    const v = app.view;
    if (!v || app.online || v.over || app.busy || app.shown || app.paused || app.seats[v.seatToMove] !== 'computer') return;
    const id = ++app.token;
    app.busy = true;
    app.thinking = true;
    host.renderStatus();
    host.renderActions();
    const ask = () => {
      if (id !== app.token) return;
      app.worker.postMessage({ id, record: app.pg.recordJson(), level: app.level, seed: app.seed++ });
    };
    // When the computer plays itself, pause a moment so that each move can be seen.
    if (app.seats[0] === 'computer' && app.seats[1] === 'computer') setTimeout(ask, host.pauseMs);
    else ask();
  }

  /** Whether the answer `data` for the seat to move makes the computer resign now. */
  function resigns(data) {
    const v = app.view;
    const seat = v.seatToMove;
    const counts = RESIGN.games.includes(v.game) && RESIGN.levels.includes(app.level)
      && typeof data.winRate === 'number' && data.playouts > 0;
    low[seat] = counts && data.winRate < RESIGN.threshold ? low[seat] + 1 : 0;
    return low[seat] >= RESIGN.streak && v.ply >= RESIGN.fromPly;
  }

  async function onAnswer({ data }) {
    if (data.id !== app.token) return; // an answer for a game that has changed since
    app.thinking = false;
    app.busy = false;
    if (data.error) {
      host.say(`The computer could not move: ${data.error}`);
      host.render();
      return;
    }
    app.lastThinkMs = data.ms;
    app.lastThink = { ms: data.ms, level: app.level, playouts: data.playouts, winRate: data.winRate };
    if (resigns(data)) {
      host.resign(app.view.seatToMove);
      return;
    }
    if (data.move === null) {
      host.render();
      return;
    }
    const ok = await host.applyMove(data.move, 'computer');
    if (!ok) host.render();
  }

  /** Stops a computer that is thinking (its answer would belong to another position). */
  function cancel() {
    app.token++;
    if (app.thinking) {
      app.worker.terminate();
      app.worker = makeWorker();
    }
    app.thinking = false;
    app.busy = false;
    app.skip = true;
  }

  /** Forgets the win rates seen (a new game, an undo, a loaded record). */
  function forget() {
    low = [0, 0];
  }

  app.worker = makeWorker();
  return { schedule, cancel, forget };
}
