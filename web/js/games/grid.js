// The square boards of Kazura, Go and Bind: coordinates, labels and click targets.
// Point `i` is column `i % size`, row `Math.floor(i / size)` from the bottom (A1 is 0).

import { s } from '../dom.js';

export const UNIT = 40;
/** The smallest a point may be drawn, in CSS pixels: WCAG's 24 px target size. */
export const MIN_TAP = 24;
/** Room for the coordinates around the board, and where their centres sit. */
const LABEL = 14;

/**
 * A board's frame: `svg` (with background and labels), `at(i)` (the centre of point `i`),
 * `name(i)` (its notation), and `hits(onClick)` to add one click target per point.
 * `lines`: draw a Go-style grid of lines through the points; otherwise squares.
 */
export function frame({ size, columns, background, lines, label }) {
  // Stones sit on the outer lines of a Go-style grid, so it needs a wider margin.
  const MARGIN = lines ? 48 : 30;
  const inner = lines ? (size - 1) * UNIT : size * UNIT;
  const width = inner + 2 * MARGIN;
  const offset = lines ? MARGIN : MARGIN + UNIT / 2;
  const at = (i) => [offset + (i % size) * UNIT, offset + (size - 1 - Math.floor(i / size)) * UNIT];
  const name = (i) => `${columns[i % size]}${Math.floor(i / size) + 1}`;
  const svg = s('svg', {
    viewBox: `0 0 ${width} ${width}`,
    role: 'group',
    'aria-label': label,
    xmlns: 'http://www.w3.org/2000/svg',
  });
  // Each point at least MIN_TAP px across however small the window: a board that would be
  // smaller (Kazura 19×19 on a phone) is wider than its box and scrolls inside it.
  svg.style.setProperty('--board-min-width', `${Math.ceil((MIN_TAP * width) / UNIT)}px`);
  svg.append(s('rect', { x: 0, y: 0, width, height: width, rx: 10, fill: background, 'aria-hidden': 'true' }));
  // Only the click targets speak to a screen reader: they carry each point's words.
  const layer = (cls) => {
    const g = s('g', { class: cls, 'aria-hidden': cls === 'hits' ? undefined : 'true' });
    svg.append(g);
    return g;
  };
  const grid = layer('grid');
  if (lines) {
    for (let k = 0; k < size; k++) {
      const p = MARGIN + k * UNIT;
      grid.append(
        s('line', { x1: MARGIN, y1: p, x2: MARGIN + inner, y2: p, stroke: '#4a3b22', 'stroke-width': 1.2 }),
        s('line', { x1: p, y1: MARGIN, x2: p, y2: MARGIN + inner, stroke: '#4a3b22', 'stroke-width': 1.2 }),
      );
    }
  }
  const labels = layer('labels');
  for (let k = 0; k < size; k++) {
    const p = offset + k * UNIT;
    labels.append(
      s('text', { class: 'label', x: p, y: LABEL, text: columns[k] }),
      s('text', { class: 'label', x: p, y: width - LABEL, text: columns[k] }),
      s('text', { class: 'label', x: LABEL, y: p, text: size - k }),
      s('text', { class: 'label', x: width - LABEL, y: p, text: size - k }),
    );
  }
  /**
   * One transparent square per point on top of everything: the click target and the
   * keyboard's focus, carrying the point's name and `describe(i)`'s words for a screen
   * reader (`{ text, legal }`: what stands there, and whether a move there is offered).
   * `preview` (a stone's cell, 1 black or 2 white; 0 for none): a mouse over a legal point
   * shows that stone there, faintly (a touch or a pen shows nothing before it plays).
   */
  const hits = (onClick, describe, preview = 0) => {
    const ghost = preview ? stone(at, 0, preview, { opacity: 0.45, 'data-preview': 'true', 'aria-hidden': 'true', visibility: 'hidden', 'pointer-events': 'none' }) : null;
    if (ghost) svg.append(ghost);
    const g = layer('hits');
    // In reading order (the top row first, each from the left), as a screen reader lists them.
    const order = [];
    for (let row = size - 1; row >= 0; row--) for (let col = 0; col < size; col++) order.push(row * size + col);
    for (const i of order) {
      const [x, y] = at(i);
      const { text, legal } = describe(i);
      g.append(s('rect', {
        class: 'hit', x: x - UNIT / 2, y: y - UNIT / 2, width: UNIT, height: UNIT,
        'data-point': name(i), 'data-key': name(i), 'data-legal': legal ? 'true' : 'false',
        'data-row': size - 1 - Math.floor(i / size), 'data-col': i % size,
        'aria-label': `${name(i)}: ${text}`, role: 'button',
        onclick: () => onClick(i),
        onpointerenter: (event) => {
          if (!ghost || !legal || event.pointerType !== 'mouse') return;
          ghost.setAttribute('cx', x);
          ghost.setAttribute('cy', y);
          ghost.setAttribute('visibility', 'visible');
          ghost.dataset.at = name(i);
        },
        onpointerleave: () => ghost?.setAttribute('visibility', 'hidden'),
      }));
    }
  };
  return { svg, at, name, layer, hits, grid };
}

/**
 * Move numbers on the stones of `cells` (Go, Kazura): each stone gets the number of the
 * move that put it there (the last move on that point: Go reuses captured points), in the
 * layer `numbers` of the frame `f`. `radius`: the stones' radius as a part of UNIT.
 */
export function moveNumbers(f, moves, cells, radius) {
  const byName = new Map();
  moves.forEach((move, k) => byName.set(move, k + 1));
  const layer = f.layer('numbers');
  const font = UNIT * radius * (byName.size >= 100 ? 0.95 : 1.15);
  for (let i = 0; i < cells.length; i++) {
    const number = cells[i] ? byName.get(f.name(i)) : undefined;
    if (number === undefined) continue;
    const [x, y] = f.at(i);
    layer.append(s('text', {
      x, y, 'font-size': font, 'text-anchor': 'middle', 'dominant-baseline': 'central',
      'font-family': 'system-ui, sans-serif', 'font-weight': 600,
      fill: cells[i] === 1 ? '#fff' : '#111', 'data-number': number, text: number,
    }));
  }
}

/** A stone (Go, Kazura): `cell` 1 black, 2 white. */
export function stone(at, i, cell, extra = {}) {
  const [x, y] = at(i);
  const black = cell === 1;
  return s('circle', {
    cx: x, cy: y, r: UNIT * (extra.scale ?? 0.44),
    fill: black ? 'url(#black-stone)' : 'url(#white-stone)',
    stroke: black ? '#000' : '#6b675e', 'stroke-width': 1,
    'data-stone': black ? 'black' : 'white',
    ...extra,
    scale: undefined,
  });
}

/** Gradients that give stones a little depth. */
export function stoneDefs() {
  return s('defs', {},
    s('radialGradient', { id: 'black-stone', cx: '35%', cy: '35%', r: '70%' },
      s('stop', { offset: '0%', 'stop-color': '#5a5a5a' }),
      s('stop', { offset: '100%', 'stop-color': '#0d0d0d' })),
    s('radialGradient', { id: 'white-stone', cx: '35%', cy: '35%', r: '75%' },
      s('stop', { offset: '0%', 'stop-color': '#ffffff' }),
      s('stop', { offset: '100%', 'stop-color': '#d4d1c7' })),
  );
}
