// The message line above the board (an engine's refusal or a note, in a player's words, in
// space kept for it so that the board never moves; also said once through the live region)
// and "New game"'s question before it discards a game in progress.

import { $ } from './dom.js';
import { announce } from './keyboard.js';

/**
 * Shows `text` on the message line: an engine's refusal (`error`), a note (`info`) or the
 * result (`result`); `null` empties it. `speak: false` when the live region has said it.
 */
export function say(text, kind = 'error', { speak = true } = {}) {
  const box = $('message');
  if (text && kind === 'error') text = withoutDecisionIds(text);
  box.textContent = text ?? '';
  box.scrollTop = 0;
  box.dataset.kind = text ? kind : 'none';
  if (text && speak) announce(text);
}

/**
 * An engine's refusal in a player's words: the ids of the project's decisions (`N-8`,
 * `B-10`), which mean nothing to someone who has not read the docs, are left out, and the
 * rules card is pointed to instead.
 */
export function withoutDecisionIds(text) {
  const plain = text
    .replace(/\s*\((?:[KBGN]-\d+(?:,\s*)?)+\)/g, '')
    .replace(/,\s*[KBGN]-\d+/g, '');
  return plain === text ? text : `${plain} — the Rules button explains.`;
}

let disarmTimer = null;

/**
 * Whether "New game" may start now: at once when no game is `inProgress` (none begun,
 * over, or the computer playing itself); otherwise the first press asks, on the button
 * and the message line, and a second within five seconds confirms.
 */
export function confirmNewGame(inProgress) {
  const button = $('start');
  if (!inProgress || button.dataset.armed === 'true') {
    disarmNewGame();
    return true;
  }
  button.dataset.armed = 'true';
  button.textContent = 'Discard this game?';
  button.classList.add('warn');
  say('A game is in progress: press “Discard this game?” to start a new one, or play on.', 'info');
  clearTimeout(disarmTimer);
  disarmTimer = setTimeout(disarmNewGame, 5000);
  return false;
}

function disarmNewGame() {
  const button = $('start');
  clearTimeout(disarmTimer);
  button.dataset.armed = 'false';
  button.textContent = 'New game';
  button.classList.remove('warn');
}
