// The engine-speed panel: random games per second of the game on the board, measured in a
// worker of this browser on demand, beside the native figure of web/native-speed.json
// (written by web/native-speed.sh, with its machine and date).

import { $, h } from './dom.js';
import { shareEngine } from './engine.js';

let native = null;

/** The committed native figures, fetched once. */
async function nativeFigures() {
  native ??= fetch(new URL('../native-speed.json', import.meta.url))
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  return native;
}

const rate = (n) => Math.round(n).toLocaleString('en');

/** Wires the panel; `options()` gives the options of the game on the board. */
export function initSpeedPanel(options) {
  const button = $('measure');
  button.addEventListener('click', async () => {
    const wanted = options();
    button.disabled = true;
    $('speed-figures').replaceChildren(h('dt', { text: 'In this browser' }), h('dd', { text: 'measuring…' }));
    const here = await measure(wanted);
    const figures = await nativeFigures();
    const same = figures?.games?.find((row) => JSON.stringify(row.options) === JSON.stringify(wanted));
    const rows = [
      h('dt', { text: 'In this browser' }),
      h('dd', { 'data-speed': 'browser', text: `${rate(here.gamesPerSecond)} games/s (${rate(here.pliesPerSecond)} moves/s)` }),
    ];
    if (same) {
      rows.push(
        h('dt', { text: 'Native build' }),
        h('dd', { 'data-speed': 'native', text: `${rate(same.gamesPerSecond)} games/s — the browser runs at ${Math.round((100 * here.gamesPerSecond) / same.gamesPerSecond)} % of it` }),
        h('dd', { class: 'note', text: `measured ${figures.measured} on ${figures.machine} (${figures.command})` }),
      );
    } else {
      rows.push(h('dt', { text: 'Native build' }), h('dd', { text: 'no native figure for this board (web/native-speed.json lists the picker’s games)' }));
    }
    $('speed-figures').replaceChildren(...rows);
    button.disabled = false;
  });
}

/** Times `options`' random games for a second in a worker of its own. */
function measure(wanted) {
  return new Promise((resolve, reject) => {
    const worker = shareEngine(new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }));
    worker.addEventListener('message', ({ data }) => {
      worker.terminate();
      if (data.error) reject(new Error(data.error));
      else resolve(data.speed);
    });
    worker.postMessage({ id: 0, kind: 'speed', options: wanted, ms: 1000 });
  });
}
