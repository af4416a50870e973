// The game's history: its start, games rebuilt at any earlier move (undo in every game,
// stepping back and forward), and the game kept in the browser's storage across a reload.
// Every rebuilt game is the start replayed move by move through the rules.

const STORAGE_KEY = 'board-game-rules-playground/v1';

/**
 * The start of `game` (a Playground whose view is `view`), as a JSON record to load, or
 * `null` when it cannot be found (a Bao record that begins from a set-up position).
 * A game begun from the picker starts from its options; a loaded one is checked: its moves
 * replayed from the options' start must give the same board, otherwise (go9 from a set-up)
 * its own undo leads back to its start.
 */
export function findStart(Playground, game, view) {
  const fresh = new Playground(JSON.stringify(view.options));
  const record = fresh.recordJson();
  try {
    for (const move of view.moves) fresh.play(move);
    const replayed = JSON.parse(fresh.view());
    if (replayed.diagram === view.diagram || sameBoard(replayed, view)) return record;
  } catch {
    // The moves do not replay from the plain start: the record began from a set-up.
  } finally {
    fresh.free();
  }
  if (view.game !== 'go9') return null;
  const copy = Playground.load(game.recordJson());
  try {
    for (let i = 0; i < view.moves.length; i++) copy.undo();
    return copy.recordJson();
  } catch {
    return null;
  } finally {
    copy.free();
  }
}

/** Whether two views show the same board (a game ended by resignation prints its end). */
function sameBoard(a, b) {
  return JSON.stringify(a[a.game]) === JSON.stringify(b[b.game]);
}

/**
 * The game from `start` (a JSON record) with the first `plies` of `moves` played, and for
 * Bind the square of the piece its last move took (drawing data, from the legal move's
 * description before it was played).
 */
export function rebuild(Playground, start, moves, plies) {
  const game = Playground.load(start);
  let lastTake = null;
  try {
    for (let i = 0; i < plies; i++) {
      if (i === plies - 1) lastTake = takenBy(game, moves[i]);
      game.play(moves[i]);
    }
  } catch (error) {
    game.free();
    throw error;
  }
  return { game, lastTake };
}

function takenBy(game, move) {
  const view = JSON.parse(game.view());
  if (view.game !== 'bind') return null;
  return view.bind.moves.find((m) => m.move === move)?.takes ?? null;
}

/** Keeps the game on screen, its players and level in the browser's storage. */
export function save(state) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled (a private window): the game is simply not kept.
  }
}

/** The kept game (`{ record, players, level }`), or `null`. */
export function restore() {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Forgets the kept game (it could not be restored). */
export function forget() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
