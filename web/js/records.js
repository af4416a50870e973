// Records: the game saved as JSON (and SGF for Go), a record loaded from a file and
// replayed through the rules, and the game kept in the browser brought back after a reload.

import { $ } from './dom.js';
import * as history from './history.js';
import { say } from './messages.js';
import { download, fileStem, selectPicker } from './picker.js';

/**
 * The record actions over `host`: `app` (the page's state), `SEATS` (the players' choices),
 * and the page's `adopt(game)`, `readSetup()` and `cancelComputer()`.
 */
export function createRecords({ app, SEATS, adopt, readSetup, cancelComputer }) {
  function saveJson() {
    download(`${fileStem(app.view.options)}.json`, app.pg.recordJson(), 'application/json');
  }

  function saveSgf() {
    const name = (seat) => (app.seats[seat] === 'computer' ? `Computer (${app.level})` : 'Person');
    download(`${fileStem(app.view.options)}.sgf`, app.pg.recordSgf(name(0), name(1)), 'application/x-go-sgf');
  }

  async function load(input) {
    const file = input.files?.[0];
    if (!file) return;
    input.value = '';
    // A record is read whole, so a file past the engine's limit is refused by its size alone.
    const limit = app.Playground.maxRecordBytes();
    if (file.size > limit) {
      say(`${file.name}: longer than ${limit} bytes: no record of these games is near that size`);
      return;
    }
    const text = await file.text();
    let game;
    try {
      game = app.Playground.load(text);
    } catch (error) {
      say(`${file.name}: ${error.message}`);
      return;
    }
    cancelComputer();
    readSetup();
    const moves = JSON.parse(game.view()).moves.length;
    selectPicker(JSON.parse(game.view()));
    adopt(game);
    say(`Loaded ${file.name}: ${moves} moves replayed through the rules.`, 'info');
  }

  /** Brings back the game kept in the browser's storage, if there is one; says so. */
  function restoreKept() {
    const kept = history.restore();
    if (!kept?.record) return false;
    let game;
    try {
      game = app.Playground.load(kept.record);
    } catch {
      history.forget();
      return false;
    }
    if (SEATS[kept.players] || kept.players === 'hr') $('players').value = kept.players;
    if (['easy', 'normal', 'hard'].includes(kept.level)) $('level').value = kept.level;
    readSetup();
    if (Array.isArray(kept.seats) && kept.seats.length === 2) app.seats = kept.seats;
    // Bao's resignation (the page's call) is kept beside the record.
    if (Number.isInteger(kept.resigned)) {
      try {
        game.resign(kept.resigned);
      } catch {
        // The record has ended by its rules since: nothing to resign.
      }
    }
    const view = JSON.parse(game.view());
    selectPicker(view);
    adopt(game);
    say(`Your game was restored from this browser (${view.moves.length} moves). “New game” starts afresh.`, 'info');
    return true;
  }

  return { saveJson, saveSgf, load, restoreKept };
}
