// The playground: the game picker, whose turn, moves by clicking, the computer in a worker,
// Bao's sowing animation, save and load. Every rule comes from the WebAssembly binding
// (`Playground`): this file only asks it for legal moves, plays texts and shows its answers.

import { loadEngine } from './engine.js';
import { createComputer } from './computer.js';
import { confirmNewGame, say } from './messages.js';
import { createRecords } from './records.js';
import { $, h, sleep, title } from './dom.js';
import * as history from './history.js';
import { announce, boardHasFocus } from './keyboard.js';
import { nameSides, selectPicker, setGames } from './picker.js';
import { createRenderer, endWords } from './render.js';
import { resultSentence } from './results.js';
import { initFeel, numbersShown, played, reducedMotion, sound } from './feel.js';
import { showRules } from './rules.js';
import { initSpeedPanel } from './speed.js';
import { clearAddress, initOnline } from './online-ui.js';
import * as kazura from './games/kazura.js';
import * as bao from './games/bao.js';
import * as go9 from './games/go9.js';
import * as bind from './games/bind.js';

const GAMES = { kazura, bao, go9, bind };
const SEATS = {
  hh: ['person', 'person'],
  hc: ['person', 'computer'],
  ch: ['computer', 'person'],
  cc: ['computer', 'computer'],
};
const params = new URLSearchParams(location.search);
/** Pause between two computer moves when it plays itself, so people can follow
 * (`?pause=0` plays on at once, for demonstrations and the browser tests). */
const COMPUTER_PAUSE_MS = Number(params.get('pause') ?? 250);
/** The speed slider's last stop: no animation, the move's end at once. */
const INSTANT = 31;

const app = {
  Playground: null,
  pg: null,
  view: null,
  seats: SEATS.hc,
  level: 'normal',
  busy: false, // a move is being animated or the computer is thinking
  thinking: false,
  token: 0, // bumped by a new game, undo or load: a late computer answer is then ignored
  ui: {}, // per-game state of the board (a selected square, the count preview)
  speed: 8,
  skip: false,
  frame: null, // the Bao sowing step on screen
  lastTake: null, // Bind: the square of the piece the last move took
  worker: null,
  // `?seed=N` makes the computer's choices and the random side repeatable (the tests).
  seed: params.has('seed') ? Number(params.get('seed')) : Math.floor(Math.random() * 2 ** 31),
  firstBoard: false,
  start: null, // the game's start as a JSON record, or null when it is unknown
  shown: null, // looking back: { ply, pg, view, lastTake }; null shows the game itself
  paused: false, // the computer against itself, stopped
  lastThink: null, // the computer's last move: { ms, level }
  online: null, // a game played through game-server (online-ui.js), or null
};

// ---- moves --------------------------------------------------------------------------

/** Whether the person whose turn it is may act now. */
function personToAct() {
  const v = app.view;
  return Boolean(v && !app.shown && !v.over && !app.busy
    && (app.online ? app.online.canMove() : app.seats[v.seatToMove] === 'person'));
}

/** The view drawn: the game's, or while looking back the one at the chosen move. */
const drawn = () => app.shown?.view ?? app.view;

/** A click on the board or a move button: plays `text` if a person is to move. */
async function tryMove(text) {
  // Online, the move goes to the server; the board changes when the server says so.
  if (app.online && personToAct()) return app.online.sendMove(text);
  if (!personToAct()) {
    if (app.shown) say(`You are looking back at move ${app.shown.ply}: ▶| returns to the game, or “Play on from here”.`, 'info');
    else if (app.online) say(app.online.whyNot(), 'info');
    else if (app.view?.over) say('The game is over: start a new one, undo, or load a record.', 'info');
    else if (app.thinking) say('The computer is thinking: wait for its move.', 'info');
    else if (app.busy) say('Wait for the sowing to finish (or Skip).', 'info');
    return false;
  }
  return applyMove(text, 'person');
}

/**
 * Plays `text` for `by` (`person` or `computer`); an illegal move shows the engine's reason
 * and changes nothing. A person's move clears the message above the board; the computer's
 * leaves a notice (a loaded record, a restored game) where it is.
 */
async function applyMove(text, by) {
  const before = app.view;
  let steps = [];
  try {
    if (before.game === 'bao') steps = JSON.parse(app.pg.playAnimated(text));
    else app.pg.play(text);
  } catch (error) {
    say(error.message);
    return false;
  }
  if (by === 'person') say(null); // (online: the server's move is this page's own)
  const mover = before.players[before.toMove];
  const seat = seatName(before.seatToMove);
  app.moveWords = `${title(mover)} (${seat}) played ${text}.`;
  app.ui.selected = null;
  hideChooser();
  if (before.game === 'bind') {
    const played = before.bind.moves.find((m) => m.move === text.toUpperCase());
    app.lastTake = played?.takes ?? null;
  }
  moveSound(before, text);
  // Kept before the sowing is shown: a reload in the middle of it keeps the move.
  keep();
  if (steps.length) await animate(steps);
  refresh();
  return true;
}

/** The sound of a move just played from `before` (Bao's sowing sounds step by step). */
function moveSound(before, text) {
  if (before.game === 'bao' || ['pass', 'swap'].includes(text.toLowerCase())) return;
  let captured = false;
  if (before.game === 'go9') {
    const after = JSON.parse(app.pg.view()).go9.prisoners;
    captured = after[0] + after[1] > before.go9.prisoners[0] + before.go9.prisoners[1];
  } else if (before.game === 'bind') {
    captured = app.lastTake !== null;
  }
  sound(captured ? 'capture' : 'place');
}

/** Shows Bao's sowing step by step at the chosen speed; "Skip" jumps to the end. */
async function animate(steps) {
  app.busy = true;
  app.skip = false;
  $('skip').disabled = false;
  for (let i = 0; i < steps.length; i++) {
    const last = i === steps.length - 1;
    if ((app.skip || app.speed >= INSTANT) && !last) continue;
    app.frame = { ...steps[i], index: i + 1, total: steps.length };
    if (steps[i].step === 'capture') sound('capture');
    else if (['place', 'sow', 'addition', 'relay'].includes(steps[i].step)) sound('sow');
    drawBoard();
    renderStatus();
    // The last step (the position after the move) stays up as long as the others.
    if (!app.skip && app.speed < INSTANT) await sleep(1000 / app.speed);
  }
  app.frame = null;
  app.busy = false;
  $('skip').disabled = true;
}

/** Reads the view again after a change, redraws, keeps the game, and lets the computer move if it is due. */
function refresh() {
  app.view = JSON.parse(app.pg.view());
  render();
  if (app.moveWords) {
    const v = app.view;
    announce(v.over ? `${app.moveWords} ${endWords(v)}` : app.moveWords);
    if (v.over) showResult(v);
    app.moveWords = null;
  }
  keep();
  computer.schedule();
}

/** Keeps the game on screen in the browser's storage (not an online game: the server keeps it). */
function keep() {
  if (app.online) return;
  const end = app.view?.outcome?.end;
  // Bao's resignation is the page's call, not in its record: kept beside it.
  const resigned = end?.call === 'page' ? app.view.seats.indexOf(end.loser) : undefined;
  history.save({ record: app.pg.recordJson(), players: $('players').value, seats: app.seats, level: app.level, resigned });
}

/** Whether a game a person plays is under way (which "New game" asks before discarding). */
function gameInProgress() {
  const v = app.view;
  return Boolean(v && !v.over && (app.online || v.moves.length > 0 && app.seats.includes('person')));
}

/** Saving, loading and restoring records (records.js). */
const records = createRecords({
  app, SEATS, adopt, readSetup, cancelComputer: () => computer.cancel(),
});

/** The computer player (computer.js), made once the rules are loaded. */
let computer;

// ---- starting, undo, resign, save, load --------------------------------------------

function startGame(options) {
  computer.cancel();
  let game;
  try {
    game = new app.Playground(JSON.stringify(options));
  } catch (error) {
    say(error.message);
    return;
  }
  adopt(game, { fresh: true });
}

/** Makes `game` the game on screen, a new start (`fresh`) or a game loaded or restored. */
function adopt(game, { fresh = false } = {}) {
  computer.forget();
  app.pg?.free();
  app.pg = game;
  app.ui = {};
  app.lastTake = null;
  app.frame = null;
  app.paused = false;
  app.lastThink = null;
  leaveHistory();
  const view = JSON.parse(game.view());
  app.start = fresh ? game.recordJson() : history.findStart(app.Playground, game, view);
  if (!fresh) app.lastTake = lastTakeOf(view);
  say(null);
  hideChooser();
  nameSides(view.game);
  refresh();
}

/** Bind's piece taken by the last move of a loaded game, found by rebuilding it. */
function lastTakeOf(view) {
  if (view.game !== 'bind' || !app.start || !view.moves.length) return null;
  const { game, lastTake } = history.rebuild(app.Playground, app.start, view.moves, view.moves.length);
  game.free();
  return lastTake;
}

/** Reads the picker's players and level; "sides drawn at random" draws them now. */
function readSetup() {
  const choice = $('players').value;
  if (choice === 'hr') {
    app.seats = nextRandom() < 0.5 ? SEATS.hc : SEATS.ch;
  } else {
    app.seats = SEATS[choice];
  }
  app.level = $('level').value;
}

/** A number in [0, 1) from the page's seed (mulberry32), so a seeded page repeats. */
function nextRandom() {
  let t = (app.seed = (app.seed + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Whether the computer sits in `seat`. */
const seatIsComputer = (seat) => app.seats[seat] === 'computer';
const againstComputer = () => app.seats.includes('person') && app.seats.includes('computer');

/**
 * Undo: back one move between two people; against the computer, back to the person's
 * previous turn (the computer's reply and the person's move). A game ended by resignation
 * first gets its resignation back. Every game does it the same way: its start replayed.
 */
function undo() {
  if (!app.start) {
    say('This game began from a set-up position the page cannot rebuild, so it has no undo.', 'info');
    return;
  }
  computer.cancel();
  computer.forget();
  const moves = app.view.moves;
  const atPly = (k) => history.rebuild(app.Playground, app.start, moves, k);
  let k = moves.length;
  let target = atPly(k);
  if (!app.view.over || JSON.parse(target.game.view()).over) {
    target.game.free();
    k -= 1;
    if (k < 0) return;
    target = atPly(k);
  }
  while (againstComputer() && k > 0 && seatIsComputer(JSON.parse(target.game.view()).seatToMove)) {
    target.game.free();
    k -= 1;
    target = atPly(k);
  }
  app.pg.free();
  app.pg = target.game;
  app.lastTake = target.lastTake;
  app.ui = { preview: app.ui.preview };
  app.frame = null;
  say(null);
  app.moveWords = null;
  announce(`Taken back: ${moves.length - k} move${moves.length - k === 1 ? '' : 's'}. Move ${k + 1} is next.`);
  refresh();
}

// ---- looking back through the game --------------------------------------------------

/** Shows the game at move `ply` (0: the start); the last move returns to the game itself. */
function showPly(ply) {
  const moves = app.view.moves;
  if (ply >= moves.length || ply < 0) {
    if (app.shown) {
      leaveHistory();
      say(null);
      announce(`Back at the game, move ${moves.length}.`);
      render();
      computer.schedule();
    }
    return;
  }
  if (!app.start) {
    say('This game began from a set-up position the page cannot rebuild, so it cannot be stepped through.', 'info');
    return;
  }
  computer.cancel();
  hideChooser();
  app.ui.selected = null;
  leaveHistory();
  const { game, lastTake } = history.rebuild(app.Playground, app.start, moves, ply);
  app.shown = { ply, pg: game, view: JSON.parse(game.view()), lastTake };
  say(`Looking back at move ${ply} of ${moves.length}: → or ▶ steps on, ▶| returns to the game.`, 'info');
  announce(ply ? `Move ${ply}: ${moves[ply - 1]}.` : 'The start of the game.');
  render();
}

function leaveHistory() {
  app.shown?.pg.free();
  app.shown = null;
}

/** Makes the position looked at the game, dropping the moves after it. */
function playFromHere() {
  if (!app.shown || app.online) return;
  const { ply } = app.shown;
  const { game, lastTake } = history.rebuild(app.Playground, app.start, app.view.moves, ply);
  leaveHistory();
  app.pg.free();
  app.pg = game;
  app.lastTake = lastTake;
  say(`Playing on from move ${ply}; the moves after it are dropped.`, 'info');
  refresh();
}

let resignArmed = null;
function resign(button) {
  const v = app.view;
  // The person resigns: the one to move between two people, otherwise the person's seat.
  const seat = app.seats[0] === 'person' && app.seats[1] === 'person'
    ? v.seatToMove
    : app.seats.indexOf('person');
  if (resignArmed !== button) {
    resignArmed = button;
    button.textContent = `Really resign (${v.seats[seat]})?`;
    setTimeout(() => {
      if (resignArmed === button) {
        resignArmed = null;
        button.textContent = 'Resign';
      }
    }, 4000);
    return;
  }
  resignArmed = null;
  resignSeat(seat, 'You resign.');
}

/** The player in `seat` resigns; `words` go before the result in the live region. */
function resignSeat(seat, words) {
  computer.cancel();
  try {
    app.pg.resign(seat);
  } catch (error) {
    say(error.message);
  }
  refresh();
  if (app.view.over) {
    announce(`${words} ${endWords(app.view)}`);
    showResult(app.view);
  }
}

/** The computer in `seat` gives up a lost game (computer.js, RESIGN). */
function computerResigns(seat) {
  resignSeat(seat, `${title(seatName(seat))} resigns.`);
}

// ---- drawing ------------------------------------------------------------------------

/** The result, in sentences, on the message line (the live region has said it already). */
function showResult(v) {
  say(resultSentence(v).short, 'result', { speak: false });
}

function showChooser(heading, buttons) {
  const box = $('chooser');
  box.replaceChildren(h('div', { class: 'what', text: heading }), ...buttons,
    h('button', { type: 'button', onclick: cancelHalfMove }, 'Cancel'));
  box.hidden = false;
  box.onkeydown = (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    cancelHalfMove();
    document.querySelector('#board [data-key][tabindex="0"]')?.focus();
  };
  if (boardHasFocus()) box.querySelector('button')?.focus({ preventScroll: true });
}

/** Escape or Cancel: drops a half-made move (a selected pit or line end). */
function cancelHalfMove() {
  const open = !$('chooser').hidden || app.ui.selected !== null && app.ui.selected !== undefined;
  hideChooser();
  app.ui.selected = null;
  if (open) {
    say(null);
    announce('Cancelled.');
  }
  drawBoard();
}

function hideChooser() {
  $('chooser').hidden = true;
  $('chooser').replaceChildren();
}

/** Who sits in `seat`, in words: "you" and "the computer", or "player 1" and "player 2". */
function seatName(seat) {
  if (app.online) return app.online.seatName(seat);
  if (app.seats[seat] === 'computer') {
    return app.seats[1 - seat] === 'computer' ? `computer ${seat + 1}` : 'the computer';
  }
  return app.seats.includes('computer') ? 'you' : `player ${seat + 1}`;
}

/** What the game modules may use. */
const api = {
  seatName,
  seatIsComputer,
  get view() { return drawn(); },
  get ui() { return app.ui; },
  get frame() { return app.frame; },
  get numbers() { return numbersShown(); },
  get lastTake() { return app.shown ? app.shown.lastTake : app.lastTake; },
  personToAct,
  tryMove,
  say,
  showChooser,
  hideChooser,
  redraw: () => drawBoard(),
  rerender: () => render(),
};

const { render: renderPage, drawBoard, renderStatus, renderActions } = createRenderer({
  app, api, games: GAMES, drawn, seatName, seatIsComputer, againstComputer, undo, resign, showPly, cancelHalfMove,
});

/** Draws the page; online, the server's words (result, connection, clocks) over it. */
function render() {
  renderPage();
  app.online?.decorate();
}

// ---- online (online-ui.js) ----------------------------------------------------------

/** What online-ui.js may do to the page. */
const onlineHost = {
  pickerOptions: () => JSON.parse($('game').value),
  /** The moves of the game on the board. */
  moves: () => app.view?.moves ?? null,
  /** Makes the server's game the game on screen: its moves replayed through the rules. */
  adoptOnline(options, moves) {
    const game = new app.Playground(JSON.stringify(options));
    try {
      for (const move of moves) game.play(move);
    } catch (error) {
      game.free();
      say(`The server's game does not replay here: ${error.message}`);
      return;
    }
    selectPicker(JSON.parse(game.view()));
    adopt(game);
  },
  /** Plays a move the server committed (`mine`: this page's seat made it). */
  serverMove: (text, mine) => applyMove(text, mine ? 'person' : 'server'),
  render: () => render(),
  say: (text, kind) => say(text, kind),
  /** Enters online mode with `game`, leaving any online game before. */
  enter(game) {
    computer.cancel();
    app.online?.close();
    app.online = game;
    app.seats = ['online', 'online'];
    if (app.view) render();
  },
  /** Back to a game on this screen. */
  leave() {
    leaveOnline();
    readSetup();
    startGame(JSON.parse($('game').value));
  },
};

function leaveOnline() {
  if (!app.online) return;
  app.online.close();
  app.online = null;
  clearAddress();
}

/** The ply shown now (the game's own when not looking back). */
const shownPly = () => (app.shown ? app.shown.ply : app.view.moves.length);

/** Stops the computer playing itself after the move in hand, or lets it go on. */
function togglePause() {
  app.paused = !app.paused;
  if (app.paused) {
    computer.cancel();
    announce('The computer is stopped.');
  } else {
    announce('The computer plays on.');
  }
  render();
  computer.schedule();
}

/** ← and → step through the game, unless a form control or the board has the keys. */
function onPageKey(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target.closest?.('input, select, textarea, #board, dialog')) return;
  if (!app.view || !app.start || app.busy && !app.thinking) return;
  if (event.key === 'ArrowLeft') {
    event.preventDefault();
    showPly(shownPly() - 1);
  } else if (event.key === 'ArrowRight') {
    event.preventDefault();
    showPly(shownPly() + 1);
  }
}

// ---- start --------------------------------------------------------------------------

async function main() {
  app.Playground = await loadEngine();
  setGames(JSON.parse(app.Playground.games()));
  computer = createComputer({
    app, pauseMs: COMPUTER_PAUSE_MS, applyMove, resign: computerResigns, render, renderStatus, renderActions, say,
  });
  $('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    if (!confirmNewGame(gameInProgress())) return;
    leaveOnline();
    readSetup();
    startGame(JSON.parse($('game').value));
  });
  $('about-open').addEventListener('click', () => $('about-dialog').showModal());
  $('players').addEventListener('change', () => {
    if (app.online) return; // applies when “New game” leaves the online game
    // Changing who plays takes effect at once, in the game on the board too.
    readSetup();
    computer.cancel();
    app.paused = false;
    render();
    keep();
    computer.schedule();
  });
  $('game').addEventListener('change', () => nameSides(JSON.parse($('game').value).game));
  $('rules').addEventListener('click', () => showRules(drawn()?.game ?? JSON.parse($('game').value).game));
  $('first').addEventListener('click', () => showPly(0));
  $('back').addEventListener('click', () => showPly(shownPly() - 1));
  $('forward').addEventListener('click', () => showPly(shownPly() + 1));
  $('last').addEventListener('click', () => showPly(app.view.moves.length));
  $('play-here').addEventListener('click', playFromHere);
  $('pause').addEventListener('click', togglePause);
  initSpeedPanel(() => app.view.options);
  document.addEventListener('keydown', onPageKey);
  $('level').addEventListener('change', () => {
    app.level = $('level').value;
    keep();
  });
  const showSpeed = () => {
    app.speed = Number($('speed').value);
    $('speed-value').textContent = app.speed >= INSTANT ? 'instant' : `${app.speed} steps/s`;
  };
  $('speed').addEventListener('input', showSpeed);
  // Less motion asked for: the sowing is shown at once (the slider can slow it again).
  if (reducedMotion()) $('speed').value = String(INSTANT);
  showSpeed();
  initFeel(() => drawBoard());
  $('skip').addEventListener('click', () => { app.skip = true; });
  $('save-json').addEventListener('click', records.saveJson);
  $('save-sgf').addEventListener('click', records.saveSgf);
  $('load').addEventListener('change', (event) => records.load(event.target));
  const online = initOnline(onlineHost);
  if (online.joinFromAddress()) {
    // The picker's game stands on the board until the server's state arrives.
    startGame(JSON.parse($('game').value));
  } else if (!records.restoreKept()) {
    readSetup();
    startGame(JSON.parse($('game').value));
  }
}

// For the browser tests and the console: read-only looks at the game on screen.
window.playground = {
  view: () => app.view && JSON.parse(app.pg.view()),
  record: () => app.pg.recordJson(),
  busy: () => app.busy,
  sounds: () => [...played],
  personToAct: () => personToAct(),
  seats: () => [...app.seats],
  thinkingMs: () => app.lastThinkMs,
  lastThink: () => app.lastThink,
  online: () => app.online?.state ?? null,
  shownPly: () => shownPly(),
  benchPlayouts: (options, games, seed) => {
    const game = new app.Playground(JSON.stringify(options));
    const plies = game.randomPlayouts(games, seed);
    game.free();
    return plies;
  },
};

main().catch((error) => {
  say(`The rules could not be loaded: ${error.message}`);
  throw error;
});
