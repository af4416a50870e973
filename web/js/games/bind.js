// Bind: pieces on squares, pieces in hand, and moves in two clicks — the first square of a
// line (an opponent piece to take, or an end of Black's first line), then its last square.
// A single placement (rule 5) is one click; a forced pass is a button.

import { h, s } from '../dom.js';
import { UNIT, frame } from './grid.js';

/** The legal moves that start at square `i`: lines from it, and placements on it. */
function movesFrom(b, i) {
  return b.moves.filter((m) => m.from === i || (m.kind === 'line' && m.takes === null && m.to === i));
}

/** The far end of line `m` seen from square `i`. */
const farEnd = (m, i) => (m.from === i ? m.to : m.from);

export function board(v, app) {
  const b = v.bind;
  const size = b.size;
  const f = frame({ size, columns: b.columns, background: '#c9b48a', lines: false, label: `Bind ${size}×${size} board` });
  const squares = f.layer('squares');
  const act = app.personToAct();
  const selected = app.ui.selected ?? null;
  const starts = new Set();
  if (act) for (const m of b.moves) if (m.kind !== 'pass') for (const i of [m.from, ...(m.kind === 'line' && m.takes === null ? [m.to] : [])]) starts.add(i);
  const fromHere = selected === null ? [] : movesFrom(b, selected).filter((m) => m.kind === 'line');
  const ends = new Map(fromHere.map((m) => [farEnd(m, selected), m]));
  const covered = new Set(fromHere.flatMap((m) => m.squares));
  for (let i = 0; i < b.cells.length; i++) {
    const [x, y] = f.at(i);
    let fill = (i + Math.floor(i / size)) % 2 ? '#f0e2c0' : '#e8d6ae';
    if (covered.has(i)) fill = '#cfe8dc';
    squares.append(s('rect', {
      x: x - UNIT / 2 + 1, y: y - UNIT / 2 + 1, width: UNIT - 2, height: UNIT - 2, rx: 4, fill,
    }));
  }
  const pieces = f.layer('pieces');
  for (let i = 0; i < b.cells.length; i++) {
    if (!b.cells[i]) continue;
    const [x, y] = f.at(i);
    const black = b.cells[i] === 1;
    pieces.append(s('circle', {
      cx: x, cy: y, r: UNIT * 0.36, fill: black ? '#1d1d1d' : '#f7f7f2',
      stroke: black ? '#000' : '#6b675e', 'stroke-width': 1.5, 'data-piece': black ? 'black' : 'white',
    }));
  }
  const marks = f.layer('marks');
  const ring = (i, colour, width, data) => {
    const [x, y] = f.at(i);
    marks.append(s('rect', {
      x: x - UNIT / 2 + 3, y: y - UNIT / 2 + 3, width: UNIT - 6, height: UNIT - 6, rx: 5,
      fill: 'none', stroke: colour, 'stroke-width': width, ...data,
    }));
  };
  const cross = (i, data) => {
    const [x, y] = f.at(i);
    const d = UNIT * 0.2;
    marks.append(s('g', data,
      s('line', { x1: x - d, y1: y - d, x2: x + d, y2: y + d, stroke: '#d23b2a', 'stroke-width': 4, 'stroke-linecap': 'round' }),
      s('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d, stroke: '#d23b2a', 'stroke-width': 4, 'stroke-linecap': 'round' })));
  };
  if (selected === null) {
    for (const i of starts) ring(i, '#2f9e6e', 3, { 'data-lit': f.name(i) });
  } else {
    ring(selected, '#1f6f5c', 4.5, { 'data-selected': f.name(selected) });
    const taken = fromHere.find((m) => m.takes === selected);
    if (taken) cross(selected, { 'data-takes': f.name(selected) });
    for (const i of ends.keys()) ring(i, '#e0a800', 4, { 'data-end': f.name(i) });
  }
  if (app.lastTake !== null && app.lastTake !== undefined && v.lastMove) {
    const [x, y] = f.at(app.lastTake);
    marks.append(s('circle', { cx: x + UNIT * 0.3, cy: y - UNIT * 0.3, r: UNIT * 0.11, fill: '#d23b2a', 'data-took': f.name(app.lastTake) }));
  }
  // The last move: a blue dot on each square it filled.
  const lastSquares = new Set(lastMoveSquares(v.lastMove, b));
  for (const i of lastSquares) {
    const [x, y] = f.at(i);
    marks.append(s('circle', { cx: x - UNIT * 0.3, cy: y - UNIT * 0.3, r: UNIT * 0.09, fill: '#2b6cb0', 'data-last': f.name(i) }));
  }
  const lit = new Set(selected === null ? starts : ends.keys());
  f.hits((i) => click(v, app, f, i), (i) => {
    const words = [['empty', 'black piece', 'white piece'][b.cells[i]]];
    if (lastSquares.has(i)) words.push('placed by the last move');
    if (i === app.lastTake && v.lastMove) words.push('its piece was just taken');
    if (act) {
      if (selected === i) words.push('selected: choose where the line ends, or press Escape');
      else if (selected !== null && ends.has(i)) words.push('a line can end here');
      else if (selected === null && starts.has(i)) {
        const takes = b.moves.some((m) => m.takes === i);
        words.push(takes ? 'can be taken' : b.cells[i] ? 'can start a line' : 'you can place here');
      }
    }
    return { text: words.join(', '), legal: lit.has(i) };
  });
  return f.svg;
}

/** The squares `text` (`C3-E3`, `E5`) filled: a line's squares from end to end, or one. */
function lastMoveSquares(text, b) {
  if (!text || text === 'pass') return [];
  const index = (name) => {
    const col = b.columns.indexOf(name[0]);
    const row = Number(name.slice(1)) - 1;
    return col < 0 || !(row >= 0) ? null : row * b.size + col;
  };
  const ends = text.split('-').map(index);
  if (ends.some((i) => i === null)) return [];
  if (ends.length === 1) return ends;
  const [a, z] = ends;
  const dc = Math.sign((z % b.size) - (a % b.size));
  const dr = Math.sign(Math.floor(z / b.size) - Math.floor(a / b.size));
  const squares = [a];
  for (let i = a; i !== z && squares.length <= b.size;) {
    i += dr * b.size + dc;
    squares.push(i);
  }
  return squares;
}

function click(v, app, f, i) {
  const b = v.bind;
  if (!app.personToAct()) return app.tryMove(f.name(i));
  const selected = app.ui.selected ?? null;
  if (selected === null) {
    const starting = movesFrom(b, i);
    if (starting.length === 0) return app.tryMove(f.name(i)); // the engine says why not
    if (starting.every((m) => m.kind === 'place')) return app.tryMove(starting[0].move);
    app.ui.selected = i;
    const takes = starting.find((m) => m.takes === i);
    app.say(takes
      ? `Take the piece on ${f.name(i)}: now choose where the line ends.`
      : `Line from ${f.name(i)}: now choose where it ends.`, 'info');
    app.redraw();
    return undefined;
  }
  app.ui.selected = null;
  if (i === selected) {
    app.say(null);
    app.redraw();
    return undefined;
  }
  const line = movesFrom(b, selected).find((m) => m.kind === 'line' && farEnd(m, selected) === i);
  return app.tryMove(line ? line.move : `${f.name(selected)}-${f.name(i)}`);
}

export function info(v, app) {
  const b = v.bind;
  const rows = ['black', 'white'].map((colour, c) => h('div', { class: 'row' },
    h('span', { class: 'name' }, h('span', { class: `dot ${colour}` }), colour === 'black' ? 'Black' : 'White'),
    h('span', { 'data-hand': colour, text: `in hand ${b.hands[c]} · on the board ${b.onBoard[c]}` })));
  if (!v.over) {
    const lines = b.moves.filter((m) => m.kind === 'line');
    const takes = [...new Set(lines.map((m) => m.takes).filter((t) => t !== null))];
    if (b.firstMoveDue[v.toMove] && v.toMove === 0) {
      rows.push(h('div', { class: 'note', text: 'Black opens with a line of three: click one end, then the other.' }));
    } else if (takes.length) {
      const names = takes.map((t) => `${b.columns[t % b.size]}${Math.floor(t / b.size) + 1}`);
      rows.push(h('div', { class: 'note', text: `Pieces that can be taken: ${names.join(', ')}. Click one, then the end of the line.` }));
    } else if (b.moves.some((m) => m.kind === 'place')) {
      rows.push(h('div', { class: 'note', text: 'No take is possible: place one piece next to your own.' }));
    }
  }
  if (app.lastTake !== null && app.lastTake !== undefined && v.lastMove) {
    rows.push(h('div', { class: 'note', text: `The last move took the piece on ${b.columns[app.lastTake % b.size]}${Math.floor(app.lastTake / b.size) + 1} (red dot).` }));
  }
  return rows;
}

export function actions(v, app) {
  if (v.over || !v.legal.includes('pass')) return [];
  return [h('button', { type: 'button', id: 'pass', class: 'primary', disabled: !app.personToAct(), onclick: () => app.tryMove('pass') }, 'Pass (one piece in hand)')];
}
