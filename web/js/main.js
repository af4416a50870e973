// The playground: the game picker, whose turn, moves by clicking, the computer in a worker,
// Bao's sowing animation, save and load. Every rule comes from the WebAssembly binding
// (`Playground`): this file only asks it for legal moves, plays texts and shows its answers.

import { loadEngine } from './engine.js';
import { $, h, sleep, title } from './dom.js';
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
  seed: Math.floor(Math.random() * 2 ** 31),
  firstBoard: false,
};

// ---- moves --------------------------------------------------------------------------

/** Whether the person whose turn it is may act now. */
function personToAct() {
  const v = app.view;
  return Boolean(v && !v.over && !app.busy && app.seats[v.seatToMove] === 'person');
}

/** A click on the board or a move button: plays `text` if a person is to move. */
async function tryMove(text) {
  if (!personToAct()) {
    if (app.view?.over) say('The game is over: start a new one or load a record.', 'info');
    else if (app.thinking) say('The computer is thinking: wait for its move.', 'info');
    return false;
  }
  return applyMove(text);
}

/** Plays `text`; an illegal move shows the engine's reason and changes nothing. */
async function applyMove(text) {
  const before = app.view;
  let steps = [];
  try {
    if (before.game === 'bao') steps = JSON.parse(app.pg.playAnimated(text));
    else app.pg.play(text);
  } catch (error) {
    say(error.message);
    return false;
  }
  say(null);
  app.ui.selected = null;
  hideChooser();
  if (before.game === 'bind') {
    const played = before.bind.moves.find((m) => m.move === text.toUpperCase());
    app.lastTake = played?.takes ?? null;
  }
  if (steps.length) await animate(steps);
  refresh();
  return true;
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
    drawBoard();
    renderStatus();
    // The last step (the position after the move) stays up as long as the others.
    if (!app.skip && app.speed < INSTANT) await sleep(1000 / app.speed);
  }
  app.frame = null;
  app.busy = false;
  $('skip').disabled = true;
}

/** Reads the view again after a change, redraws, and lets the computer move if it is due. */
function refresh() {
  app.view = JSON.parse(app.pg.view());
  render();
  scheduleComputer();
}

// ---- the computer -------------------------------------------------------------------

function makeWorker() {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', onComputerAnswer);
  worker.addEventListener('error', (event) => say(`The computer stopped: ${event.message}`));
  return worker;
}

function scheduleComputer() {
  const v = app.view;
  if (!v || v.over || app.busy || app.seats[v.seatToMove] !== 'computer') return;
  const id = ++app.token;
  app.busy = true;
  app.thinking = true;
  renderStatus();
  renderActions();
  const ask = () => {
    if (id !== app.token) return;
    app.worker.postMessage({ id, record: app.pg.recordJson(), level: app.level, seed: app.seed++ });
  };
  // When the computer plays itself, pause a moment so that each move can be seen.
  if (app.seats[0] === 'computer' && app.seats[1] === 'computer') setTimeout(ask, COMPUTER_PAUSE_MS);
  else ask();
}

async function onComputerAnswer({ data }) {
  if (data.id !== app.token) return; // an answer for a game that has changed since
  app.thinking = false;
  app.busy = false;
  if (data.error) {
    say(`The computer could not move: ${data.error}`);
    render();
    return;
  }
  app.lastThinkMs = data.ms;
  if (data.move === null) {
    render();
    return;
  }
  const ok = await applyMove(data.move);
  if (!ok) render();
}

/** Stops a computer that is thinking (its answer would belong to another position). */
function cancelComputer() {
  app.token++;
  if (app.thinking) {
    app.worker.terminate();
    app.worker = makeWorker();
  }
  app.thinking = false;
  app.busy = false;
  app.skip = true;
}

// ---- starting, undo, resign, save, load --------------------------------------------

function startGame(options) {
  cancelComputer();
  let game;
  try {
    game = new app.Playground(JSON.stringify(options));
  } catch (error) {
    say(error.message);
    return;
  }
  adopt(game);
}

/** Makes `game` the game on screen. */
function adopt(game) {
  app.pg?.free();
  app.pg = game;
  app.ui = {};
  app.lastTake = null;
  app.frame = null;
  say(null);
  hideChooser();
  refresh();
}

function readSetup() {
  app.seats = SEATS[$('players').value];
  app.level = $('level').value;
}

function undo() {
  cancelComputer();
  try {
    app.pg.undo();
    let view = JSON.parse(app.pg.view());
    // Against the computer, take back its reply too, so the person is to move again.
    const person = app.seats.includes('person');
    while (person && view.canUndo && app.seats[view.seatToMove] === 'computer') {
      app.pg.undo();
      view = JSON.parse(app.pg.view());
    }
    say(null);
  } catch (error) {
    say(error.message);
  }
  app.ui = { preview: app.ui.preview };
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
  cancelComputer();
  try {
    app.pg.resign(seat);
  } catch (error) {
    say(error.message);
  }
  refresh();
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function fileStem() {
  const o = app.view.options;
  const detail = o.size ? `${o.size}x${o.size}` : o.ruleset ?? o.variant ?? '';
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return [o.game, detail, stamp].filter(Boolean).join('-');
}

function saveJson() {
  download(`${fileStem()}.json`, app.pg.recordJson(), 'application/json');
}

function saveSgf() {
  const name = (seat) => (app.seats[seat] === 'computer' ? `Computer (${app.level})` : 'Person');
  download(`${fileStem()}.sgf`, app.pg.recordSgf(name(0), name(1)), 'application/x-go-sgf');
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
  adopt(game);
  selectPicker(app.view.options);
  say(`Loaded ${file.name}: ${app.view.moves.length} moves replayed through the rules.`, 'info');
}

/** Shows `options` in the game picker when it lists them. */
function selectPicker(options) {
  const wanted = JSON.stringify(options);
  for (const option of $('game').options) {
    if (JSON.stringify(JSON.parse(option.value)) === wanted) option.selected = true;
  }
}

// ---- drawing ------------------------------------------------------------------------

/** A message under the status line: an engine's refusal (`error`) or a note (`info`). */
function say(text, kind = 'error') {
  const box = $('message');
  box.hidden = !text;
  box.textContent = text ?? '';
  box.className = `message ${kind === 'info' ? 'info' : ''}`;
}

function showChooser(heading, buttons) {
  const box = $('chooser');
  box.replaceChildren(h('div', { class: 'what', text: heading }), ...buttons,
    h('button', { type: 'button', onclick: () => { hideChooser(); app.ui.selected = null; drawBoard(); } }, 'Cancel'));
  box.hidden = false;
}

function hideChooser() {
  $('chooser').hidden = true;
  $('chooser').replaceChildren();
}

/** Who sits in `seat`, in words: "you" and "the computer", or "player 1" and "player 2". */
function seatName(seat) {
  if (app.seats[seat] === 'computer') {
    return app.seats[1 - seat] === 'computer' ? `computer ${seat + 1}` : 'the computer';
  }
  return app.seats.includes('computer') ? 'you' : `player ${seat + 1}`;
}

/** What the game modules may use. */
const api = {
  seatName,
  get view() { return app.view; },
  get ui() { return app.ui; },
  get frame() { return app.frame; },
  get lastTake() { return app.lastTake; },
  personToAct,
  tryMove,
  say,
  showChooser,
  hideChooser,
  redraw: () => drawBoard(),
  rerender: () => render(),
};

function render() {
  const v = app.view;
  renderStatus();
  const banner = $('banner');
  banner.hidden = !v.over;
  if (v.over) {
    const o = v.outcome;
    $('banner-title').textContent = o.state === 'win'
      ? `${title(v.players[o.winner])} wins`
      : o.state === 'draw' ? 'A draw' : 'No winner';
    $('result-text').textContent = o.text;
  }
  drawBoard();
  $('info').replaceChildren(...GAMES[v.game].info(v, api));
  renderActions();
  $('save-sgf').hidden = v.game !== 'go9';
  $('anim').hidden = v.game !== 'bao';
  $('move-count').textContent = v.moves.length;
  $('moves').replaceChildren(...v.moves.map((m) => h('li', { text: m })));
  $('diagram').textContent = v.diagram;
}

function drawBoard() {
  const v = app.view;
  const svg = GAMES[v.game].board(v, api);
  svg.dataset.game = v.game;
  svg.dataset.ply = v.ply;
  if (app.frame) svg.dataset.step = app.frame.step;
  $('board').replaceChildren(svg);
  if (!app.firstBoard) {
    app.firstBoard = true;
    performance.mark('first-board');
  }
}

function renderStatus() {
  const v = app.view;
  const status = $('status');
  if (!v) return;
  if (app.frame) {
    const f = app.frame;
    const where = f.pit ? ` ${['S', 'N'][f.owner]}${f.pit}` : '';
    const flying = f.inFlight ? `, ${f.inFlight} in hand` : '';
    status.replaceChildren(`Sowing: step ${f.index} of ${f.total} — ${stepWords[f.step] ?? f.step}${where}${flying}`);
    return;
  }
  if (v.over) {
    status.replaceChildren(`Game over after ${v.ply} moves`);
    return;
  }
  const mover = v.players[v.toMove];
  const who = app.thinking ? `${seatName(v.seatToMove)} is thinking` : seatName(v.seatToMove);
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
  const buttons = [...GAMES[v.game].actions(v, api)];
  const person = app.seats.includes('person');
  if (v.game === 'go9' && person && !(app.seats[0] === 'computer' && app.seats[1] === 'computer')) {
    buttons.push(h('button', {
      type: 'button', id: 'undo', disabled: !v.canUndo || (app.busy && !app.thinking),
      onclick: undo,
    }, app.seats.includes('computer') ? 'Undo my last move' : 'Undo'));
  }
  if (v.canResign && person) {
    const button = h('button', { type: 'button', class: 'warn', id: 'resign', disabled: app.busy && !app.thinking }, 'Resign');
    button.addEventListener('click', () => resign(button));
    buttons.push(button);
  }
  $('actions').replaceChildren(...buttons);
}

// ---- start --------------------------------------------------------------------------

async function main() {
  app.Playground = await loadEngine();
  app.worker = makeWorker();
  $('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    readSetup();
    startGame(JSON.parse($('game').value));
  });
  $('players').addEventListener('change', () => {
    // Changing who plays takes effect at once, in the game on the board too.
    readSetup();
    cancelComputer();
    render();
    scheduleComputer();
  });
  $('level').addEventListener('change', () => { app.level = $('level').value; });
  const showSpeed = () => {
    app.speed = Number($('speed').value);
    $('speed-value').textContent = app.speed >= INSTANT ? 'instant' : `${app.speed} steps/s`;
  };
  $('speed').addEventListener('input', showSpeed);
  showSpeed();
  $('skip').addEventListener('click', () => { app.skip = true; });
  $('save-json').addEventListener('click', saveJson);
  $('save-sgf').addEventListener('click', saveSgf);
  $('load').addEventListener('change', (event) => load(event.target));
  readSetup();
  startGame(JSON.parse($('game').value));
}

// For the browser tests and the console: read-only looks at the game on screen.
window.playground = {
  view: () => app.view && JSON.parse(app.pg.view()),
  record: () => app.pg.recordJson(),
  busy: () => app.busy,
  personToAct: () => personToAct(),
  seats: () => [...app.seats],
  thinkingMs: () => app.lastThinkMs,
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
