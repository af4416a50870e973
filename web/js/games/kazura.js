// Kazura: stones joined into trees, each colour's longest paths highlighted, the swap
// offer (K-8), the forced pass (K-6) and "decided" (K-12).

import { h, s } from '../dom.js';
import { UNIT, frame, moveNumbers, stone, stoneDefs } from './grid.js';

export function board(v, app) {
  const k = v.kazura;
  const size = k.size;
  const f = frame({ size, columns: k.columns, background: '#e9d9b0', lines: true, label: `Kazura ${size}×${size} board` });
  f.svg.prepend(stoneDefs());
  for (const line of f.grid.children) line.setAttribute('stroke', '#9c8a63');
  // A longest path is worth drawing from two stones on.
  const onPath = [0, 1].map((c) => new Set(k.longest[c] >= 2 ? k.paths[c] : []));
  // The trees: a line between neighbouring stones of one colour; gold along a longest path.
  const vines = f.layer('vines');
  for (let i = 0; i < k.cells.length; i++) {
    const c = k.cells[i];
    if (!c) continue;
    const right = i % size < size - 1 ? i + 1 : -1;
    const up = i + size < k.cells.length ? i + size : -1;
    for (const j of [right, up]) {
      if (j < 0 || k.cells[j] !== c) continue;
      const [x1, y1] = f.at(i);
      const [x2, y2] = f.at(j);
      const path = onPath[c - 1].has(i) && onPath[c - 1].has(j);
      vines.append(s('line', {
        x1, y1, x2, y2,
        stroke: path ? '#e0a800' : c === 1 ? '#222' : '#8a867c',
        'stroke-width': path ? UNIT * 0.3 : UNIT * 0.2, 'stroke-linecap': 'round',
        ...(path ? { 'data-path': c === 1 ? 'black' : 'white' } : {}),
      }));
    }
  }
  const stones = f.layer('stones');
  const last = ['pass', 'swap', null].includes(v.lastMove) ? null : v.lastMove;
  for (let i = 0; i < k.cells.length; i++) {
    const c = k.cells[i];
    if (!c) continue;
    const path = onPath[c - 1].has(i);
    // Smaller stones than Go's, so that the trees between them show.
    stones.append(stone(f.at, i, c, path ? { scale: 0.34, stroke: '#e0a800', 'stroke-width': 3.5, 'data-on-path': 'true' } : { scale: 0.34 }));
    const [x, y] = f.at(i);
    if (f.name(i) === last) {
      stones.append(s('circle', { cx: x, cy: y, r: UNIT * 0.13, fill: '#d23b2a', 'data-last': 'true' }));
    }
  }
  if (app.personToAct()) {
    const marks = f.layer('legal');
    const legal = new Set(v.legal);
    for (let i = 0; i < k.cells.length; i++) {
      if (!legal.has(f.name(i))) continue;
      const [x, y] = f.at(i);
      marks.append(s('circle', { cx: x, cy: y, r: UNIT * 0.08, fill: '#1f6f5c', opacity: 0.55, 'data-legal': f.name(i) }));
    }
  }
  if (app.numbers) moveNumbers(f, v.moves, k.cells, 0.34);
  const act = app.personToAct();
  const legal = new Set(act ? v.legal : []);
  f.hits((i) => app.tryMove(f.name(i)), (i) => {
    const c = k.cells[i];
    const words = [['empty', 'black stone', 'white stone'][c]];
    if (c) words.push(`in a group of length ${k.lengths[i]}`);
    if (c && onPath[c - 1].has(i)) words.push('on the longest path');
    if (f.name(i) === last) words.push('the last move');
    if (act && !c) words.push(legal.has(f.name(i)) ? 'legal' : 'not legal: it would close a loop');
    return { text: words.join(', '), legal: legal.has(f.name(i)) };
  }, act ? v.toMove + 1 : 0);
  return f.svg;
}

export function info(v, app) {
  const k = v.kazura;
  const colours = ['black', 'white'];
  const rows = colours.map((colour, c) => h('div', { class: 'row' },
    h('span', { class: 'name' }, h('span', { class: `dot ${colour}` }), colour === 'black' ? 'Black' : 'White',
      h('span', { class: 'note', text: `(${app.seatName(v.seats.indexOf(colour))})` })),
    h('span', { text: `longest ${k.longest[c]} · groups [${k.groupLengths[colour].join(' ')}]` })));
  rows.push(h('div', { class: 'note', text: 'Gold: the longest path of each colour’s longest group.' }));
  if (k.swapped) rows.push(h('div', { class: 'note', text: `White swapped: the opener (${app.seatName(0)}) now plays White.` }));
  if (k.decided) {
    const other = k.decided === 'black' ? 1 : 0;
    const c = k.decided === 'black' ? 0 : 1;
    rows.push(h('div', { class: 'badge', 'data-decided': k.decided },
      `Decided: ${k.decided === 'black' ? 'Black' : 'White'} has won for certain — its longest group (${k.longest[c]}) is longer than anything ${colours[other]} can still build (${k.reach[other]}).`));
  }
  if (k.swapOffered && !v.over) {
    rows.push(h('div', { class: 'offer' }, 'White may swap: take over Black’s stone and let the opener play White — or place a stone as usual.'));
  }
  if (k.passForced && !v.over) {
    rows.push(h('div', { class: 'offer' }, `${v.toMove === 0 ? 'Black' : 'White'} has nowhere to place and must pass.`));
  }
  return rows;
}

export function actions(v, app) {
  const buttons = [];
  const act = app.personToAct();
  if (v.kazura.swapOffered && !v.over) {
    buttons.push(h('button', { type: 'button', id: 'swap', class: 'primary', disabled: !act, onclick: () => app.tryMove('swap') }, 'Swap colours'));
  }
  if (v.kazura.passForced && !v.over) {
    buttons.push(h('button', { type: 'button', id: 'pass', class: 'primary', disabled: !act, onclick: () => app.tryMove('pass') }, 'Pass'));
  }
  return buttons;
}
