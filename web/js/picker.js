// The game picker and the records' files: the picker's choices in each game's own words,
// games from records added to it, and file names for saved records.

import { $, h, title } from './dom.js';

/** The games as the catalog describes them, by name: filled by `setGames`. */
let described = {};

/** Takes the games' descriptors (`Playground.games()`, parsed). */
export function setGames(games) {
  described = Object.fromEntries(games.map((g) => [g.game, g]));
}

/** Whether the game writes SGF records (go9). */
export function writesSgf(game) {
  return described[game]?.sgf === true;
}

/** A game's two players, first mover first: `['South', 'North']` for Bao. */
export function sidesOf(game) {
  return (described[game]?.players ?? ['first', 'second']).map(title);
}

/** The picker's "Players" choices in the game's own words (Black and White, South and North). */
export function nameSides(game) {
  const [first, second] = sidesOf(game);
  const words = {
    hc: `You as ${first}, against the computer`,
    ch: `You as ${second}, against the computer`,
    hr: `${first} or ${second} at random, vs the computer`,
  };
  for (const option of $('players').options) if (words[option.value]) option.textContent = words[option.value];
}

/**
 * Shows the game of `view` (its `options`) in the game picker, adding it (under "From a
 * record", named by the catalog's `title`) when the picker does not list it, so that "New
 * game" starts the same game again.
 */
export function selectPicker({ options, title: name }) {
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
  const option = h('option', { value: wanted, text: name });
  group.append(option);
  option.selected = true;
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
