// The computer player, off the page's thread: it receives the game as its JSON record,
// replays it through the rules and answers with the move its search chooses. The search
// grows in short steps (`think`) and stops on this worker's clock when the level's time
// (hard: about a second) or its playouts are spent, so a move takes in the browser what it
// takes natively. It also measures the engine's speed for the page's speed panel.

import { loadEngine } from './engine.js';

// The page posts the compiled module first (`shareEngine`): a worker never fetches the wasm.
let received;
const engine = new Promise((resolve, reject) => {
  received = { resolve, reject };
});

/** Each step of the search aims at this many milliseconds, so the clock is read often. */
const STEP_MS = 20;
/** A guard for a level with no time budget: no move thinks longer than this. */
const GUARD_MS = 10_000;

/**
 * The computer's move in `game` at `level`: `{ move, playouts, winRate }` (the move's win
 * rate for the computer, by its search). Steps start small and
 * grow or shrink to take about STEP_MS each.
 */
function think(game, level, seed, started) {
  const budget = JSON.parse(game.thinkStart(level, seed));
  const limitMs = Math.min(budget.ms ?? GUARD_MS, GUARD_MS);
  const limitPlayouts = budget.playouts ?? Number.MAX_SAFE_INTEGER;
  let step = 64;
  let report = { best: null, playouts: 0 };
  for (;;) {
    const before = performance.now();
    const played = report.playouts;
    report = JSON.parse(game.think(Math.max(1, Math.min(step, limitPlayouts - played))));
    const took = performance.now() - before;
    const spent = performance.now() - started;
    // Done: the budget is spent, or the position offers no choice (no playout was played).
    if (report.playouts >= limitPlayouts || spent >= limitMs || report.playouts === played) break;
    const rate = (report.playouts - played) / Math.max(took, 0.5);
    step = Math.max(16, Math.min(50_000, Math.round(rate * Math.min(STEP_MS, limitMs - spent))));
  }
  return { move: report.best ?? null, playouts: report.playouts, winRate: report.winRate };
}

/** Random games per second of `options`' game for about `ms` milliseconds. */
function speed(Playground, options, ms) {
  const game = new Playground(JSON.stringify(options));
  let games = 0;
  let plies = 0;
  const started = performance.now();
  try {
    while (performance.now() - started < ms) {
      plies += game.randomPlayouts(20, games);
      games += 20;
    }
  } finally {
    game.free();
  }
  const seconds = (performance.now() - started) / 1000;
  return { gamesPerSecond: games / seconds, pliesPerSecond: plies / seconds };
}

self.addEventListener('message', async ({ data }) => {
  if (data.kind === 'engine') {
    if (data.module) received.resolve(loadEngine(data.module));
    else received.reject(new Error(data.error));
    return;
  }
  const { id } = data;
  try {
    const Playground = await engine;
    if (data.kind === 'speed') {
      self.postMessage({ id, speed: speed(Playground, data.options, data.ms) });
      return;
    }
    const started = performance.now();
    const game = Playground.load(data.record);
    try {
      const { move, playouts, winRate } = think(game, data.level, data.seed, started);
      self.postMessage({ id, move, playouts, winRate, ms: performance.now() - started });
    } finally {
      game.free();
    }
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
});
