// Bao (NYAKUA trial A): four rows of eight pits, the hands, the NYUMBA, lit start pits, the
// direction / entry / NYUMBA stop-use choice, and the sowing animated from the engine's
// observer steps.
//
// Seen from south (the bottom): north's back row, north's front row, south's front row,
// south's back row. Each player numbers its pits from its own left, so south's F1 is at
// the left and north's F1 at the right, and each F(i) faces the other's F(9−i).

import { h, s } from '../dom.js';

const U = 46;
const LEFT = 12;
const TOP = 34;
const WIDTH = 8 * U + 2 * LEFT;
const HEIGHT = 4 * U + 2 * TOP + 10;
const NAMES = ['south', 'north'];

/** Where `owner`'s pit (`F3`, `B6`) is drawn: its column and screen row (0 top). */
function place(owner, pit) {
  const front = pit[0] === 'F';
  const index = Number(pit.slice(1)) - 1;
  const col = owner === 0 ? index : 7 - index;
  const row = owner === 0 ? (front ? 2 : 3) : front ? 1 : 0;
  const x = LEFT + col * U + U / 2;
  const y = TOP + row * U + U / 2 + (row >= 2 ? 10 : 0);
  return { x, y, row, col };
}

/** The screen direction of a first lap going `direction` from a pit in `row` of `owner`. */
function arrow(owner, row, direction) {
  // Rightward (R) runs F1→F8 along the front row and back along the back row: clockwise on
  // screen for both players.
  const rightOnScreen = (owner === 0) === (row === 'F');
  const goesRight = direction === 'R' ? rightOnScreen : !rightOnScreen;
  return goesRight ? '→' : '←';
}

export function board(v, app) {
  const b = v.bao;
  const f = app.frame;
  const counts = f ?? b;
  const svg = s('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'group', 'aria-label': 'Bao board, seen from south', xmlns: 'http://www.w3.org/2000/svg',
  });
  svg.append(s('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 12, fill: '#6e4523' }));
  svg.append(s('rect', { x: 4, y: TOP - 4, width: WIDTH - 8, height: 2 * U + 8, rx: 9, fill: '#7f5230' }));
  svg.append(s('rect', { x: 4, y: TOP + 2 * U + 6, width: WIDTH - 8, height: 2 * U + 8, rx: 9, fill: '#7f5230' }));
  const hand = (owner, y) => s('text', {
    x: WIDTH / 2, y, fill: '#f6e7c8', 'font-size': 15, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'aria-hidden': 'true',
    'data-hand': NAMES[owner],
    text: `${NAMES[owner]} · hand ${counts.hands[owner]}${counts.pending[owner] ? ` · pending ${counts.pending[owner]}` : ''}${v.toMove === owner && !v.over ? ' · to move' : ''}`,
  });
  svg.append(hand(1, TOP / 2), hand(0, HEIGHT - TOP / 2 + 2));

  const act = app.personToAct() && !f;
  const lit = new Set(act ? Object.keys(b.choices) : []);
  const selected = app.ui.selected ?? null;
  // The last move's start pit (`F3R`, `F4R:stop`), on the side of the player who made it.
  const lastPit = !f && v.lastMove && v.lastMove !== 'pass' ? v.lastMove.slice(0, 2) : null;
  const lastOwner = (v.toMove + 1) % 2;
  const overlay = [];
  for (const owner of [0, 1]) {
    for (const [r, row] of ['F', 'B'].entries()) {
      for (let index = 0; index < 8; index++) {
        const pit = `${row}${index + 1}`;
        const { x, y } = place(owner, pit);
        const count = counts.pits[owner][r][index];
        const nyumba = pit === 'F5' && counts.nyumbaOwned[owner];
        const isLit = owner === v.toMove && lit.has(pit);
        const isStep = f && f.pit === pit && f.owner === owner;
        const isSelected = selected === pit && owner === v.toMove;
        const isLast = lastPit === pit && owner === lastOwner;
        const attrs = {
          fill: count ? '#3d2612' : '#4a2f17',
          stroke: isStep ? '#ffb000' : isSelected ? '#ffffff' : isLit ? '#7fe0b0' : '#2a1a0c',
          'stroke-width': isStep || isSelected ? 5 : isLit ? 4 : 2,
        };
        const shape = nyumba
          ? s('rect', { x: x - U * 0.4, y: y - U * 0.4, width: U * 0.8, height: U * 0.8, rx: 6, ...attrs })
          : s('circle', { cx: x, cy: y, r: U * 0.4, ...attrs });
        const g = s('g', {
          'data-pit': `${owner === 0 ? 'S' : 'N'}${pit}`, 'data-count': count,
          ...(isLit ? { 'data-lit': 'true' } : {}),
          ...(nyumba ? { 'data-nyumba': 'owned' } : {}),
          role: 'button',
          'aria-label': `${NAMES[owner]} ${pit}${nyumba ? ' (owned NYUMBA)' : ''}: ${count} kete${isLit ? ', can start a move' : ''}${isSelected ? ', selected: choose below, or press Escape' : ''}${isLast ? ', the last move started here' : ''}`,
          'data-key': `${owner === 0 ? 'S' : 'N'}${pit}`, 'data-row': place(owner, pit).row, 'data-col': place(owner, pit).col,
          'data-legal': isLit ? 'true' : 'false',
          style: 'cursor: pointer',
          onclick: () => click(v, app, owner, pit),
        }, shape);
        svg.append(g);
        // The count and the pit's name are drawn over the button, not inside it (its label
        // says both), and let clicks through.
        svg.append(s('g', { 'aria-hidden': 'true', 'pointer-events': 'none' },
          s('text', {
            x, y: y - 3, fill: count ? '#fff3d6' : '#9c7b56', 'font-size': count > 9 ? 16 : 18, 'font-weight': 600,
            'text-anchor': 'middle', 'dominant-baseline': 'central', text: count,
          }),
          s('text', {
            x, y: y + U * 0.25, fill: '#b99a70', 'font-size': 8.5, 'text-anchor': 'middle',
            'dominant-baseline': 'central', text: pit,
          })));
        if (isLast) {
          g.append(s('circle', { cx: x + U * 0.3, cy: y - U * 0.3, r: 4.5, fill: '#ffcf4d', stroke: '#2a1a0c', 'data-last': `${owner === 0 ? 'S' : 'N'}${pit}` }));
        }
        if (isStep && f.inFlight) overlay.push({ x, y, owner });
      }
    }
  }
  // The kete in hand during a sowing, drawn last so no pit covers it, in plain text (no
  // emoji: a machine without an emoji font draws an empty box).
  for (const { x, y, owner } of overlay) {
    const label = `${f.inFlight} in hand`;
    const width = 8 + label.length * 6.6;
    const ly = owner === 0 ? y + U * 0.5 + 2 : y - U * 0.5 - 2;
    const cx = Math.min(Math.max(x, width / 2 + 2), WIDTH - width / 2 - 2);
    svg.append(s('g', { 'data-in-hand': f.inFlight, 'aria-hidden': 'true' },
      s('rect', { x: cx - width / 2, y: ly - 9, width, height: 18, rx: 9, fill: '#2a1a0c', stroke: '#ffcf4d', 'stroke-width': 1.5 }),
      s('text', {
        x: cx, y: ly, fill: '#ffcf4d', 'font-size': 12, 'font-weight': 700,
        'text-anchor': 'middle', 'dominant-baseline': 'central', text: label,
      })));
  }
  return svg;
}

function click(v, app, owner, pit) {
  if (app.frame) return;
  if (!app.personToAct()) {
    app.tryMove(`${pit}L`);
    return;
  }
  app.hideChooser();
  const mover = v.toMove;
  if (owner !== mover) {
    app.say(`That pit is ${NAMES[owner]}'s: ${NAMES[mover]} is to move, and moves start from its own pits.`);
    return;
  }
  const moves = v.bao.choices[pit];
  if (!moves) {
    // Not lit: the engine says why a move from here is not legal.
    app.tryMove(`${pit}L`);
    return;
  }
  if (moves.length === 1) {
    app.tryMove(moves[0].move);
    return;
  }
  app.ui.selected = pit;
  app.redraw();
  const kind = moves[0].kind;
  const heading = kind === 'capture'
    ? `Capture with ${pit}: choose the entry (the side the captured kete are sown from)${moves.some((m) => m.choice) ? ' and whether to stop at or use the NYUMBA' : ''}.`
    : `Sow from ${pit}: choose the direction.`;
  app.say(null);
  app.showChooser(heading, moves.map((m) => {
    const row = kind === 'capture' ? 'F' : pit[0];
    const entry = kind === 'capture' ? ` from ${m.direction === 'R' ? 'F1' : 'F8'}` : '';
    const choice = m.choice === 'stop' ? ', stop at the NYUMBA' : m.choice === 'use' ? ', use the NYUMBA' : '';
    return h('button', {
      type: 'button', class: 'primary', 'data-move': m.move,
      onclick: () => app.tryMove(m.move),
    }, `${arrow(mover, row, m.direction)} ${m.move}${entry}${choice}`);
  }));
}

export function info(v) {
  const b = v.bao;
  const rows = [0, 1].map((p) => h('div', { class: 'row' },
    h('span', { class: 'name' }, h('span', { class: `dot ${NAMES[p]}` }), p === 0 ? 'South' : 'North'),
    h('span', { text: `hand ${b.hands[p]}${b.pending[p] ? ` · pending ${b.pending[p]}` : ''} · NYUMBA ${b.nyumbaOwned[p] ? 'owned' : 'lost'}` })));
  rows.push(h('div', { class: 'note', text: `Phase ${b.phase.toUpperCase()} · turn ${b.turn} · ruleset ${b.ruleset}. Lit pits can start a move; a square pit is an owned NYUMBA.` }));
  return rows;
}

export function actions(v, app) {
  if (v.over || !v.legal.includes('pass')) return [];
  return [h('button', { type: 'button', id: 'pass', class: 'primary', disabled: !app.personToAct(), onclick: () => app.tryMove('pass') }, 'Pass (empty hand)')];
}
