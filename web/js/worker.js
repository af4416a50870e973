// The computer player, off the page's thread: it receives the game as its JSON record,
// replays it through the rules and answers with the move its search chooses.

import { loadEngine } from './engine.js';

const engine = loadEngine();

self.addEventListener('message', async ({ data }) => {
  const { id, record, level, seed } = data;
  try {
    const Playground = await engine;
    const started = performance.now();
    const game = Playground.load(record);
    const move = game.computerMove(level, seed) ?? null;
    game.free();
    self.postMessage({ id, move, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
});
