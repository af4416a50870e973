// Drawing the page from the game: the status line, the board (made keyboard-playable), the
// panel beside it, the buttons of the moment and the move list. `createRenderer` is given
// the page's state and the actions its buttons call.

import { $, h, title } from './dom.js';
import { attachKeyboard, boardHasFocus } from './keyboard.js';
import { writesSgf } from './picker.js';
import { resultSentence } from './results.js';

/**
 * Scrolls the list `box` (and nothing else: not the window, not the page) so that `item`
 * is inside it. `scrollIntoView` would scroll every scrollable ancestor, the window too,
 * and move the board under a finger on a phone.
 */
function scrollListTo(box, item) {
  if (!item) return;
  const at = item.getBoundingClientRect();
  const top = at.top - box.getBoundingClientRect().top - box.clientTop + box.scrollTop;
  const bottom = top + at.height;
  if (top < box.scrollTop) box.scrollTop = top;
  else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight;
}

/** The end in words: "Game over. Black wins by 3 points. Count: …". */
export function endWords(v) {
  const { headline, detail } = resultSentence(v);
  return ['Game over.', headline, detail].filter(Boolean).join(' ');
}

/** Who won, in two or three words for the status line: "White wins", "A draw". */
function shortResult(v) {
  const o = v.outcome;
  return o.state === 'win' ? `${title(v.players[o.winner])} wins` : o.state === 'draw' ? 'a draw' : 'no winner';
}

/**
 * The page's drawing functions over `app` (the state), `api` (what the game modules use),
 * `games` (the game modules) and the page's actions: `drawn`, `seatName`,
 * `seatIsComputer`, `againstComputer`, `undo`, `resign`, `showPly`, `cancelHalfMove`.
 */
export function createRenderer({ app, api, games, drawn, seatName, seatIsComputer, againstComputer, undo, resign, showPly, cancelHalfMove }) {
  function render() {
    const v = drawn();
    const live = app.view;
    renderStatus();
    const banner = $('banner');
    banner.hidden = !live.over;
    if (live.over) {
      const { headline, detail } = resultSentence(live);
      $('banner-title').textContent = headline;
      $('result-detail').textContent = detail;
      $('result-text').textContent = live.outcome.text;
    }
    drawBoard();
    $('info').replaceChildren(...games[v.game].info(v, api), ...thinkNote());
    renderActions();
    $('save-sgf').hidden = !writesSgf(v.game);
    $('anim').hidden = v.game !== 'bao';
    $('numbers').hidden = !['go9', 'kazura'].includes(v.game);
    renderMoves();
    $('diagram').textContent = v.diagram;
  }

  /** How long the computer thought for its last move. */
  function thinkNote() {
    if (!app.lastThink || !app.seats.includes('computer')) return [];
    const { ms, level, playouts } = app.lastThink;
    const runs = playouts ? `, ${playouts.toLocaleString('en')} playouts` : '';
    return [h('div', { class: 'note', id: 'think-time', text: `The computer (${level}) thought ${(ms / 1000).toFixed(2)} s for its last move${runs}.` })];
  }

  /** The move list (each move a button that shows the game after it) and the step buttons. */
  function renderMoves() {
    const moves = app.view.moves;
    const at = app.shown ? app.shown.ply : moves.length;
    $('move-count').textContent = moves.length;
    const item = (ply, text) => h('li', {},
      h('button', {
        type: 'button', class: 'move', 'data-ply': ply, 'aria-current': ply === at ? 'step' : undefined,
        onclick: () => showPly(ply),
      }, text));
    $('moves').replaceChildren(item(0, 'start'), ...moves.map((m, i) => item(i + 1, `${i + 1}. ${m}`)));
    scrollListTo($('moves'), $('moves').querySelector('[aria-current]'));
    const steppable = Boolean(app.start) && !app.busy;
    $('first').disabled = !steppable || at === 0;
    $('back').disabled = !steppable || at === 0;
    $('forward').disabled = !steppable || at >= moves.length;
    $('last').disabled = !steppable || at >= moves.length;
    $('play-here').hidden = !app.shown || app.view.over && app.shown.ply >= moves.length;
  }


  function drawBoard() {
    const v = drawn();
    const hadFocus = boardHasFocus();
    const svg = games[v.game].board(v, api);
    svg.dataset.game = v.game;
    svg.dataset.ply = v.ply;
    if (app.shown) svg.dataset.lookingBack = 'true';
    if (app.frame) svg.dataset.step = app.frame.step;
    $('board').replaceChildren(svg);
    attachKeyboard(svg, { hadFocus, onEscape: cancelHalfMove });
    if (!app.firstBoard) {
      app.firstBoard = true;
      performance.mark('first-board');
    }
  }

  function renderStatus() {
    const v = app.view;
    const status = $('status');
    if (!v) return;
    if (app.shown) {
      status.replaceChildren(`Looking back: move ${app.shown.ply} of ${v.moves.length}`);
      return;
    }
    if (app.frame) {
      const f = app.frame;
      const where = f.pit ? ` ${['S', 'N'][f.owner]}${f.pit}` : '';
      const flying = f.inFlight ? `, ${f.inFlight} in hand` : '';
      status.replaceChildren(`Sowing: step ${f.index} of ${f.total} — ${stepWords[f.step] ?? f.step}${where}${flying}`);
      return;
    }
    if (v.over) {
      status.replaceChildren(`Game over after ${v.ply} moves: ${shortResult(v)}`);
      return;
    }
    const mover = v.players[v.toMove];
    const paused = app.paused && seatIsComputer(v.seatToMove);
    const who = app.thinking ? `${seatName(v.seatToMove)} is thinking` : paused ? `${seatName(v.seatToMove)}, paused` : seatName(v.seatToMove);
    status.replaceChildren(
      h('span', { class: `swatch dot ${mover}` }),
      `${title(mover)} to move`,
      h('span', { class: `who ${app.thinking ? 'thinking' : ''}`, text: `(${who}, move ${v.ply + 1})` }),
    );
  }

  const stepWords = {
    place: 'a kete from the hand into', lift: 'lift', sow: 'sow into', lapEnd: 'the lap ends in',
    capture: 'capture from', relay: 'relay: lift', addition: 'end-pit addition into', end: 'done',
  };

  function renderActions() {
    const v = app.view;
    const buttons = app.shown ? [] : [...games[v.game].actions(v, api)];
    const person = app.seats.includes('person');
    const selfPlay = !person;
    if (person) {
      const busy = app.busy && !app.thinking;
      // A game from a set-up the page cannot rebuild has no undo: the button says so when pressed.
      const undoable = !app.start || (v.moves.length > 0 || v.over) && !busy;
      buttons.push(h('button', {
        type: 'button', id: 'undo', disabled: !undoable,
        onclick: undo,
        'aria-label': againstComputer() ? 'undo my last move (and the computer’s reply)' : 'undo the last move',
      }, 'Undo'));
    }
    // The stop is one lasting button (not redrawn with each move, which would make it hard
    // to click while the computer plays on).
    $('self-play').hidden = !selfPlay || v.over;
    $('pause').setAttribute('aria-pressed', app.paused ? 'true' : 'false');
    $('pause').textContent = app.paused ? 'Resume the computer' : 'Stop the computer';
    if (v.canResign && person && !app.shown) {
      const button = h('button', { type: 'button', class: 'warn', id: 'resign', disabled: app.busy && !app.thinking }, 'Resign');
      button.addEventListener('click', () => resign(button));
      buttons.push(button);
    }
    $('actions').replaceChildren(...buttons);
  }

  return { render, drawBoard, renderStatus, renderActions };
}
