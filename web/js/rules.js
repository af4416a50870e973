// A short rules card per game, in our own words (the full rules and every decision are on
// the game's page under docs/), shown in the page's rules dialog.

import { h } from './dom.js';

const CARDS = {
  kazura: {
    title: 'Kazura',
    points: [
      'Black and White take turns placing one stone on an empty point. Nothing is ever captured.',
      'A stone may not close a loop: it may not touch two stones of its own colour that are already joined to each other. So every group (stones joined along the lines) is a tree.',
      'A group’s length is the number of stones on its longest path. The gold line shows each colour’s longest path.',
      'Right after Black’s first stone, White may swap: take over that stone and let the opener play White.',
      'A colour that cannot place passes. When neither can place, each colour lists its group lengths from longest to shortest and the lists are compared entry by entry: the first difference wins.',
      'The page says "decided" as soon as one colour’s longest group is longer than anything the other can still build.',
    ],
  },
  bao: {
    title: 'Bao (NYAKUA trial A)',
    points: [
      'Each player owns two rows of eight pits (front row F1–F8 facing the opponent, back row B1–B8) and starts with 6 kete in F5 (the NYUMBA, drawn square), 2 in F6, 2 in F7 and 22 in hand. South moves first.',
      'While kete remain in hand (NAMUA), a move puts one kete from the hand into a front pit. If that pit and the opposite pit both hold kete, the opposite pit is captured: its kete are sown into your own ring from an end of your front row (F1 or F8). A capture must be made when one is possible.',
      'Otherwise the move is a takata: add one kete to a front pit, lift it and sow it one kete per pit, left or right, around your own ring of 16 pits.',
      'When a lap ends in a pit that was empty, the move ends. When it ends in an occupied pit, you lift that pit and sow on (a relay), or capture again in a capture move. An owned NYUMBA with 6 or more can stop a move (you may choose to stop or to use it).',
      'When both hands are empty (MTAJI), moves start from any own pit with 2 or more kete.',
      'You win when the opponent’s front row is empty, or when the opponent has no legal move. Emptying your own front row loses.',
      'On the board: lit pits can start a move; click one, then choose the direction or the entry if several are offered.',
    ],
  },
  go9: {
    title: '9×9 Go (Ttakji rules)',
    points: [
      'Black and White take turns placing a stone on an empty point, or pass. Black moves first.',
      'A chain of stones with no empty neighbour left after the opponent’s move is captured. A move that leaves its own chain without liberties is forbidden unless it captures.',
      'A move may not recreate any earlier board position of the game (superko; such points are marked with a red square).',
      'Two passes in a row, or the 300th move, end the game. It is counted by area: your stones plus the empty points only you surround, after removing stones that lie inside the opponent’s unconditionally safe territory. White adds 7 (komi); equal totals are a draw.',
      'At the end the board shades each empty point by its owner and marks dead stones with ×. "Count" shows the same count during the game.',
    ],
  },
  bind: {
    title: 'Bind',
    points: [
      'Every piece starts in hand; the board is empty. Black opens with a line of three pieces on three empty squares in a row or column; White’s first move places exactly three too.',
      'The usual move: take one opponent piece off the board (it goes back to its owner’s hand), put your piece on its square, and add one or two more in a straight line from there into empty squares. Afterwards every opponent piece on the board must still touch another opponent piece.',
      'If such a move exists you must make one. Only otherwise do you place a single piece next to one of your own. With neither, you lose.',
      'A player with exactly one piece in hand must pass.',
      'The first player to place every piece (an empty hand) wins. If both hold exactly one piece, the game is a draw.',
      'On the board: click the piece to take (or an end of Black’s first line), then where the line ends.',
    ],
  },
};

/** Each game's page of the full rules, as the built page serves it (web/dist.mjs). */
const FULL_RULES = { kazura: 'rules/kazura.md', bao: 'rules/bao-nyakua.md', go9: 'rules/go9.md', bind: 'rules/bind.md' };

/** Fills the rules dialog with `game`'s card and opens it, at its top. */
export function showRules(game) {
  const card = CARDS[game];
  document.getElementById('rules-title').textContent = `Rules: ${card.title}`;
  document.getElementById('rules-text').replaceChildren(
    h('ul', {}, card.points.map((point) => h('li', { text: point }))),
    h('p', { class: 'note' },
      h('a', { href: FULL_RULES[game], target: '_blank', rel: 'noopener', id: 'full-rules' }, 'The full rules'),
      ', with every decision the engine follows (a text page, in a new tab).'),
  );
  const dialog = document.getElementById('rules-dialog');
  if (!dialog.open) dialog.showModal();
  // The card is read from its top: the focus on the title, not on "Close" at the end.
  document.getElementById('rules-title').focus({ preventScroll: true });
  dialog.scrollTop = 0;
}
