// The game picker and the records' files: the picker's choices in each game's own words,
// games from records added to it, and file names for saved records.

import { $, h } from './dom.js';

/** Each game's two players, as the picker's "Players" choices name them. */
const SIDES = { kazura: ['Black', 'White'], bao: ['South', 'North'], go9: ['Black', 'White'], bind: ['Black', 'White'] };

/** The picker's "Players" choices in the game's own words (Black and White, South and North). */
export function nameSides(game) {
  const [first, second] = SIDES[game];
  const words = {
    hc: `You first (${first}) against the computer`,
    ch: `You second (${second}) against the computer`,
    hr: `You against the computer, ${first} or ${second} drawn at random`,
  };
  for (const option of $('players').options) if (words[option.value]) option.textContent = words[option.value];
}

/**
 * Shows `options` in the game picker, adding them (under "From a record") when the picker
 * does not list them, so that "New game" starts the same game again.
 */
export function selectPicker(options) {
  const wanted = JSON.stringify(options);
  const picker = $('game');
  for (const option of picker.options) {
    if (JSON.stringify(JSON.parse(option.value)) === wanted) {
      option.selected = true;
      return;
    }
  }
  let group = picker.querySelector('optgroup[data-from-record]');
  if (!group) {
    group = h('optgroup', { label: 'From a record', 'data-from-record': 'true' });
    picker.append(group);
  }
  const option = h('option', { value: wanted, text: gameLabel(options) });
  group.append(option);
  option.selected = true;
}

/** A game's name as the picker writes it: "Kazura 7×7", "Bind 6×6, 10 pieces". */
function gameLabel(o) {
  switch (o.game) {
    case 'kazura': return `Kazura ${o.size}×${o.size}`;
    case 'bao': return `Bao, ${o.ruleset} ruleset`;
    case 'go9': return '9×9 Go (Ttakji rules)';
    case 'bind': return o.variant && o.variant !== 'custom'
      ? `Bind ${o.variant}`
      : `Bind ${o.size}×${o.size}, ${o.pieces} pieces`;
    default: return JSON.stringify(o);
  }
}

/** Offers `text` as a file called `name` to download. */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** A file name for `o`'s game: `go9-20261203-181500`, `kazura-9x9-…`. */
export function fileStem(o) {
  const detail = o.size ? `${o.size}x${o.size}` : o.ruleset ?? o.variant ?? '';
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return [o.game, detail, stamp].filter(Boolean).join('-');
}
