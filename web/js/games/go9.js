// 9×9 Go: stones, the last move, superko marks (G-5), the count preview (G-11) and the
// final count with its dead stones (G-9), pass, undo and resign.

import { h, s } from '../dom.js';
import { UNIT, frame, moveNumbers, stone, stoneDefs } from './grid.js';

const STARS = ['C3', 'G3', 'E5', 'C7', 'G7'];

export function board(v, app) {
  const g = v.go9;
  const f = frame({ size: g.size, columns: g.columns, background: '#dcb36c', lines: true, label: '9×9 Go board' });
  f.svg.prepend(stoneDefs());
  const marks = f.layer('marks');
  for (let i = 0; i < g.cells.length; i++) {
    if (STARS.includes(f.name(i))) {
      const [x, y] = f.at(i);
      marks.append(s('circle', { cx: x, cy: y, r: 3.5, fill: '#4a3b22' }));
    }
  }
  const showCount = app.ui.preview || g.counted;
  const dead = new Set(showCount ? g.count.dead : []);
  // Each colour's territory (G-10), shaded at the end and in the count preview.
  const owner = new Map();
  if (showCount) {
    const territory = f.layer('territory');
    for (const [c, points] of g.count.territory.entries()) {
      for (const i of points) {
        owner.set(i, c);
        const [x, y] = f.at(i);
        const d = UNIT * 0.17;
        territory.append(s('rect', {
          x: x - d, y: y - d, width: 2 * d, height: 2 * d, rx: 2,
          fill: c === 0 ? '#1d1d1d' : '#f7f7f2', stroke: c === 0 ? '#000' : '#6b675e', 'stroke-width': 1,
          opacity: 0.8, 'data-territory': c === 0 ? 'black' : 'white',
        }));
      }
    }
  }
  const stones = f.layer('stones');
  const last = v.lastMove && v.lastMove !== 'pass' ? v.lastMove : null;
  for (let i = 0; i < g.cells.length; i++) {
    if (!g.cells[i]) continue;
    stones.append(stone(f.at, i, g.cells[i], dead.has(i) ? { opacity: 0.45, 'data-dead': 'true' } : {}));
    const [x, y] = f.at(i);
    if (dead.has(i)) {
      const d = UNIT * 0.2;
      const colour = g.cells[i] === 1 ? '#fff' : '#a3241b';
      stones.append(
        s('line', { x1: x - d, y1: y - d, x2: x + d, y2: y + d, stroke: colour, 'stroke-width': 3 }),
        s('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d, stroke: colour, 'stroke-width': 3 }),
      );
    } else if (f.name(i) === last) {
      stones.append(s('circle', {
        cx: x, cy: y, r: UNIT * 0.15, fill: 'none', 'stroke-width': 2.5,
        stroke: g.cells[i] === 1 ? '#fff' : '#000', 'data-last': 'true',
      }));
    }
  }
  // Superko (G-5): the points the player to move may not play only because of superko.
  for (const i of v.over ? [] : g.superko) {
    const [x, y] = f.at(i);
    const d = UNIT * 0.17;
    marks.append(s('rect', {
      x: x - d, y: y - d, width: 2 * d, height: 2 * d, fill: 'none',
      stroke: '#a3241b', 'stroke-width': 2.5, 'data-superko': f.name(i),
    }));
  }
  // Legal points, lit faintly for the person to move.
  if (app.personToAct()) {
    const legal = new Set(v.legal);
    for (let i = 0; i < g.cells.length; i++) {
      if (!legal.has(f.name(i))) continue;
      const [x, y] = f.at(i);
      marks.append(s('circle', { cx: x, cy: y, r: 3, fill: '#1f6f5c', opacity: 0.5, 'data-legal': f.name(i) }));
    }
  }
  if (app.numbers) moveNumbers(f, v.moves, g.cells, 0.44);
  const act = app.personToAct();
  const legal = new Set(act ? v.legal : []);
  const superko = new Set(v.over ? [] : g.superko);
  f.hits((i) => app.tryMove(f.name(i)), (i) => {
    const colour = ['empty', 'black stone', 'white stone'][g.cells[i]];
    const words = [colour];
    if (f.name(i) === last) words.push('the last move');
    if (dead.has(i)) words.push('dead, removed in the count');
    if (owner.has(i)) words.push(`${owner.get(i) === 0 ? 'Black' : 'White'}’s territory`);
    if (act && !g.cells[i]) words.push(legal.has(f.name(i)) ? 'legal' : superko.has(i) ? 'forbidden by superko' : 'not legal');
    return { text: words.join(', '), legal: legal.has(f.name(i)) };
  }, act ? v.toMove + 1 : 0);
  return f.svg;
}

export function info(v, app) {
  const g = v.go9;
  const rows = [
    h('div', { class: 'row' },
      h('span', { class: 'name' }, h('span', { class: 'dot black' }), 'Black'),
      h('span', { text: `captured ${g.prisoners[0]}` })),
    h('div', { class: 'row' },
      h('span', { class: 'name' }, h('span', { class: 'dot white' }), 'White'),
      h('span', { text: `captured ${g.prisoners[1]} · komi ${g.count.komi}` })),
    h('div', { class: 'note', text: `Move ${v.ply} of at most ${g.moveLimit}; passes in a row: ${g.passes}.` }),
  ];
  if (g.counted) {
    rows.push(h('div', { class: 'badge', 'data-count': 'final' },
      `Final count: ${g.count.text} (${g.count.result})`,
      g.count.dead.length ? ` — ${g.count.dead.length} dead stone${g.count.dead.length > 1 ? 's' : ''} marked ×` : '',
      '; small squares: each colour’s territory.'));
  } else if (app.ui.preview) {
    rows.push(h('div', { class: 'badge', 'data-count': 'preview' },
      `If it ended now: ${g.count.text} (${g.count.result})`,
      g.count.dead.length ? ` — dead stones marked ×` : '',
      '; small squares: each colour’s territory.'));
  }
  if (!v.over && g.superko.length) {
    rows.push(h('div', { class: 'note', text: `Red squares: forbidden by superko (${g.superko.length}).` }));
  }
  return rows;
}

export function actions(v, app) {
  const buttons = [];
  const act = app.personToAct();
  if (!v.over) {
    const button = h('button', { type: 'button', id: 'pass', disabled: !act }, 'Pass');
    button.addEventListener('click', () => pass(v, app, button));
    buttons.push(button);
  }
  if (!v.go9.counted) {
    buttons.push(h('button', {
      type: 'button', id: 'preview', 'aria-pressed': app.ui.preview ? 'true' : 'false',
      onclick: () => { app.ui.preview = !app.ui.preview; app.rerender(); },
    }, 'Count'));
  }
  return buttons;
}

/**
 * Pass, after a confirmation when the pass may end the game: the opponent passed last (two
 * passes in a row end it), or the opponent is the computer, which may pass back.
 */
function pass(v, app, button) {
  const ends = v.go9.passes >= 1;
  const computerNext = app.seatIsComputer(1 - v.seatToMove);
  if ((!ends && !computerNext) || button.dataset.armed === 'true') {
    app.tryMove('pass');
    return;
  }
  button.dataset.armed = 'true';
  button.textContent = ends ? 'Pass and end the game?' : 'Pass? (if the computer passes too, the game ends)';
  button.classList.add('warn');
  app.say(ends
    ? 'Your opponent has just passed: a second pass ends the game and it is counted. Click again to pass.'
    : 'If the computer passes back, the game ends at once and is counted. Click again to pass.', 'info');
  setTimeout(() => {
    if (button.isConnected && button.dataset.armed === 'true') {
      button.dataset.armed = 'false';
      button.textContent = 'Pass';
      button.classList.remove('warn');
    }
  }, 5000);
}
