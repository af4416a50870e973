// 9×9 Go: stones, the last move, superko marks (G-5), the count preview (G-11) and the
// final count with its dead stones (G-9), pass, undo and resign.

import { h, s } from '../dom.js';
import { UNIT, frame, stone, stoneDefs } from './grid.js';

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
  f.hits((i) => app.tryMove(f.name(i)));
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
      g.count.dead.length ? ` — ${g.count.dead.length} dead stone${g.count.dead.length > 1 ? 's' : ''} marked ×` : ''));
  } else if (app.ui.preview) {
    rows.push(h('div', { class: 'badge', 'data-count': 'preview' },
      `If it ended now: ${g.count.text} (${g.count.result})`,
      g.count.dead.length ? ` — dead stones marked ×` : ''));
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
    buttons.push(h('button', {
      type: 'button', id: 'pass', disabled: !act,
      onclick: () => app.tryMove('pass'),
    }, 'Pass'));
  }
  if (!v.go9.counted) {
    buttons.push(h('button', {
      type: 'button', id: 'preview', 'aria-pressed': Boolean(app.ui.preview),
      onclick: () => { app.ui.preview = !app.ui.preview; app.rerender(); },
    }, app.ui.preview ? 'Hide count' : 'Count preview'));
  }
  return buttons;
}
