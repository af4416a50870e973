// The rankings dialog (docs/server.md, "Ratings"): a leaderboard per game from
// `GET /leaderboard/{game}`, and a player's page from `GET /players/{name}`: their
// standings, rating history and games, each game's record downloadable.

import { $, h } from './dom.js';

const GAMES = { go9: '9×9 Go', kazura: 'Kazura', bao: 'Bao', bind: 'Bind' };

/** A rating as shown: whole points. */
export const shownRating = (rating) => String(Math.round(rating));

/** A change as shown: `+16`, `−3`, `±0`. */
export function shownChange(before, after) {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}

async function getJson(path) {
  const response = await fetch(new URL(path, document.baseURI));
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.message ?? `The server answered ${response.status}.`);
  return body;
}

const table = (head, rows) => h('table', { class: 'rankings' },
  h('thead', null, h('tr', null, ...head.map(([text, num]) => h('th', { scope: 'col', class: num ? 'num' : null }, text)))),
  h('tbody', null, ...rows));

/** Sets up the rankings button and dialog. */
export function initRankings() {
  const dialog = $('rankings-dialog');
  const body = $('rankings-body');
  const say = (text) => body.replaceChildren(h('p', { class: 'note', text }));

  async function showBoard() {
    $('rankings-back').hidden = true;
    $('rankings-game').disabled = false;
    const game = $('rankings-game').value;
    say('Loading…');
    try {
      const board = await getJson(`leaderboard/${game}`);
      if (!board.players.length) {
        say(`Nobody has played a ranked game of ${GAMES[game]} yet.`);
        return;
      }
      body.replaceChildren(table([['#', true], ['Player'], ['Rating', true], ['Games', true], ['W–D–L', true]],
        board.players.map((p) => h('tr', { 'data-player': p.name },
          h('td', { class: 'num', text: p.rank }),
          h('td', null, h('button', { type: 'button', class: 'link', onclick: () => showPlayer(p.name) }, p.name)),
          h('td', { class: 'num', 'data-rating': p.rating, text: shownRating(p.rating) }),
          h('td', { class: 'num', text: p.games }),
          h('td', { class: 'num', text: `${p.wins}–${p.draws}–${p.losses}` })))));
    } catch (error) {
      say(error.message);
    }
  }

  async function showPlayer(name) {
    $('rankings-back').hidden = false;
    $('rankings-game').disabled = true;
    say('Loading…');
    try {
      const p = await getJson(`players/${encodeURIComponent(name)}`);
      const standings = p.standings.map((s) => `${GAMES[s.game] ?? s.game}: ${shownRating(s.rating)} after ${s.games} game${s.games === 1 ? '' : 's'}`);
      body.replaceChildren(
        h('h3', { id: 'player-name', text: p.name }),
        h('p', { class: 'note', text: standings.length ? standings.join(' · ') : 'No ranked game yet.' }),
        h('h4', { text: 'Rating history' }),
        p.history.length
          ? table([['Game'], ['Before', true], ['After', true], ['Change', true]], p.history.map((c) => h('tr', null,
            h('td', { text: GAMES[c.game] ?? c.game }),
            h('td', { class: 'num', text: shownRating(c.before) }),
            h('td', { class: 'num', 'data-rating': c.after, text: shownRating(c.after) }),
            h('td', { class: 'num', text: shownChange(c.before, c.after) }))))
          : h('p', { class: 'note', text: 'None yet.' }),
        h('h4', { text: 'Games' }),
        p.games.length
          ? table([['Game'], ['Opponent'], ['Result'], ['Record']], p.games.map((g) => h('tr', null,
            h('td', { text: `${g.spec}${g.rated ? ' (ranked)' : ''}` }),
            h('td', { text: g.opponent ?? '—' }),
            h('td', { text: g.result ?? 'going on' }),
            h('td', null, h('a', { href: new URL(g.record.slice(1), document.baseURI).href, download: `${g.id}.json` }, 'JSON')))))
          : h('p', { class: 'note', text: 'None yet.' }));
    } catch (error) {
      say(error.message);
    }
  }

  $('rankings-open').hidden = false;
  $('rankings-open').addEventListener('click', () => {
    dialog.showModal();
    showBoard();
  });
  $('rankings-game').addEventListener('change', showBoard);
  $('rankings-back').addEventListener('click', showBoard);
  $('rankings-close').addEventListener('click', () => dialog.close());
  return { showPlayer };
}
