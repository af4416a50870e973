// Keyboard play and the screen reader's words: one focusable point (or pit) at a time on
// the board (a roving tabindex), moved with the arrow keys, played with Enter or Space;
// Escape cancels a half-made move. One polite live region says what happened.

/** The point or pit that has (or last had) the keyboard focus, by its name. */
let focusKey = null;

/** Says `text` once through the page's polite live region (not the whole board). */
export function announce(text) {
  const region = document.getElementById('announce');
  // Clearing first makes a repeated sentence ("E5 is occupied…") be read again.
  region.textContent = '';
  if (text) setTimeout(() => { region.textContent = text; }, 30);
}

/** The focusable points of `svg`: elements with `data-key`, `data-row` and `data-col`. */
const points = (svg) => [...svg.querySelectorAll('[data-key]')];

/**
 * Makes the freshly drawn board `svg` keyboard-playable: one point in the tab order (the
 * one focused before the redraw, else the first legal target, else the first point), the
 * arrows moving between them by row and column, Enter/Space clicking, Escape calling
 * `onEscape`. `hadFocus`: the board held the focus before the redraw, so it gets it back.
 */
export function attachKeyboard(svg, { hadFocus, onEscape }) {
  // The drawing itself is no stop on the way: only its points are.
  svg.setAttribute('tabindex', '-1');
  const all = points(svg);
  if (!all.length) return;
  const current = all.find((p) => p.dataset.key === focusKey)
    ?? all.find((p) => p.dataset.legal === 'true')
    ?? all[0];
  for (const p of all) p.setAttribute('tabindex', p === current ? '0' : '-1');
  if (hadFocus) current.focus({ preventScroll: true });
  svg.addEventListener('focusin', (event) => {
    const key = event.target?.dataset?.key;
    if (key) focusKey = key;
  });
  svg.addEventListener('keydown', (event) => {
    const here = event.target?.closest?.('[data-key]');
    if (!here) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      here.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
      return;
    }
    const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    const jump = { Home: 'first', End: 'last' }[event.key];
    if (!step && !jump) return;
    event.preventDefault();
    event.stopPropagation();
    const next = jump ? (jump === 'first' ? all[0] : all[all.length - 1]) : neighbour(all, here, step);
    if (!next) return;
    here.setAttribute('tabindex', '-1');
    next.setAttribute('tabindex', '0');
    next.focus({ preventScroll: true });
  });
}

/** The point one step from `here` in screen rows and columns, or `null` at the edge. */
function neighbour(all, here, [dr, dc]) {
  const row = Number(here.dataset.row) + dr;
  const col = Number(here.dataset.col) + dc;
  return all.find((p) => Number(p.dataset.row) === row && Number(p.dataset.col) === col) ?? null;
}

/** Whether the keyboard focus is on a point of the board. */
export function boardHasFocus() {
  return Boolean(document.activeElement?.closest?.('#board'));
}
