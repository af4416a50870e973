// A game's end in a player's words: "White wins by 44 points." with a second sentence of
// facts ("Count: Black 37, White 81 with komi 7."), written from the view's `outcome.end`
// (the end as data, crates/rules-wasm/src/views/end.rs). The `result:` text of the record
// (`white by 44 points (W+44: …)`) is rulebook's contract, kept for the banner's details.

import { title } from './dom.js';

const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** `3` → `third` (`11th` past ten). */
export const ordinal = (n) => ORDINALS[n] ?? `${n}th`;

const points = (n) => `${n} point${n === 1 ? '' : 's'}`;

/** The other player's name of the view's two (`black` → `white`). */
const otherOf = (v, name) => v.players[1 - v.players.indexOf(name)];

/**
 * The end of the game in `v` (a view that is over) as `{ headline, detail, short }`: two
 * whole sentences with capitals, the second possibly empty; `short`: what the message line
 * above the board says (the headline, with the detail when that is short).
 */
export function resultSentence(v) {
  const o = v.outcome;
  const end = o.end ?? { kind: 'other' };
  const byGame = { go9, kazura, bao, bind }[v.game];
  const said = (end.kind === 'resigned' ? resigned(v, end) : byGame?.(v, end)) ?? {
    // An end this page has no words for: the record's text, as a sentence.
    headline: o.state === 'win' ? `${title(v.players[o.winner])} wins.` : o.state === 'draw' ? 'A draw.' : 'No winner.',
    detail: `${title(o.text)}.`,
  };
  const both = [said.headline, said.detail].filter(Boolean).join(' ');
  return { ...said, short: both.length <= SHORT ? both : said.headline };
}

/** The most the message line shows of a result (three lines on a phone). */
const SHORT = 110;

function resigned(v, end) {
  return { headline: `${title(otherOf(v, end.loser))} wins: ${title(end.loser)} resigned.`, detail: '' };
}

function go9(v, end) {
  if (end.kind === 'count' || end.kind === 'moveLimit') {
    const m = end.margin;
    const headline = m > 0 ? `Black wins by ${points(m)}.` : m < 0 ? `White wins by ${points(-m)}.` : 'A draw: the totals are equal (jigo).';
    const limit = end.kind === 'moveLimit' ? ' The game reached its 300-move limit.' : '';
    return { headline, detail: `Count: Black ${end.black}, White ${end.white} with komi ${end.komi}.${limit}` };
  }
  if (end.kind === 'time') return { headline: `${title(otherOf(v, end.loser))} wins on time: ${title(end.loser)} ran out of time.`, detail: '' };
  if (end.kind === 'agreedDraw') return { headline: 'A draw by agreement.', detail: '' };
  return null;
}

function kazura(v, end) {
  const lengths = v.kazura.groupLengths;
  const list = (name) => (lengths[name].length ? lengths[name].join(', ') : 'none');
  const detail = `Group lengths, longest first: Black ${list('black')}; White ${list('white')}.`;
  const w = end.winner && title(end.winner);
  switch (end.kind) {
    case 'longerGroup':
      return {
        headline: end.rank === 1
          ? `${w} wins with the longest group: ${end.winnerLength} against ${end.loserLength}.`
          : `${w} wins: the ${end.rank === 2 ? 'longest groups' : `${end.rank - 1} longest groups`} tie, and its ${ordinal(end.rank)} longest is ${end.winnerLength} against ${end.loserLength}.`,
        detail,
      };
    case 'moreGroups':
      return { headline: `${w} wins with more groups: the lengths tie, and ${title(otherOf(v, end.winner))} has no ${ordinal(end.rank)} group.`, detail };
    case 'equalLengths':
      return { headline: 'A draw: both colours have groups of the same lengths.', detail };
    default:
      return null;
  }
}

function bao(v, end) {
  const w = end.winner && title(end.winner);
  const l = end.winner && title(otherOf(v, end.winner));
  switch (end.kind) {
    case 'frontEmptied': return { headline: `${w} wins: ${l}’s front row is empty.`, detail: '' };
    case 'ownFrontEmptied': return { headline: `${w} wins: ${l} emptied its own front row.`, detail: '' };
    case 'noMove': return { headline: `${w} wins: ${l} has no legal move.`, detail: '' };
    case 'relayLimit': return { headline: 'No winner: the safety stop ended a move that would not stop sowing.', detail: '' };
    default: return null;
  }
}

function bind(v, end) {
  switch (end.kind) {
    case 'allPlaced': return { headline: `${title(end.winner)} wins: every ${end.winner} piece is placed.`, detail: '' };
    case 'noMove': return { headline: `${title(otherOf(v, end.loser))} wins: ${title(end.loser)} has no legal move.`, detail: '' };
    case 'bothHoldOne': return { headline: 'A draw: both players hold one piece.', detail: '' };
    default: return null;
  }
}
