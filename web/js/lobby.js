// The lobby (docs/server.md, "Lobby"): the players waiting for a quick match, as challenges
// anyone may take, and the games going on, to watch. Asked on the quick-match socket every
// few seconds while the dialog is open.

import { $, h } from './dom.js';
import { clockWords } from './match.js';
import { gameLink } from './online.js';

/** How often the open lobby asks again. */
const REFRESH_MS = 3000;

/** A spec in words: `go9` → `9×9 Go`, `kazura:size=9` → `Kazura (size 9)`. */
export function specWords(spec) {
  const [game, rest] = spec.split(':');
  const name = { go9: '9×9 Go', kazura: 'Kazura', bao: 'Bao', bind: 'Bind' }[game] ?? game;
  return rest ? `${name} (${rest.replace(/=/g, ' ').replace(/,/g, ', ')})` : name;
}

/** Sets up the lobby button and dialog; `take(challenge, label)` takes a challenge (match.js). */
export function initLobby(take) {
  const dialog = $('lobby-dialog');
  const body = $('lobby-body');
  let socket = null;
  let timer = null;
  const close = () => {
    clearInterval(timer);
    socket?.close();
    socket = null;
  };
  const draw = (m) => {
    const challenges = m.challenges.map((c) => h('li', { 'data-ticket': c.ticket },
      `${c.nickname}${c.rating === null ? '' : ` (${c.rating})`}: ${specWords(c.spec)}, ${clockWords(c.clock)}${c.ranked ? ', ranked' : ''}, waiting ${Math.floor(c.waited_ms / 1000)} s `,
      h('button', { type: 'button', class: 'primary', onclick: () => { dialog.close(); take(c, specWords(c.spec)); } }, 'Play')));
    const live = m.live.map((g) => h('li', { 'data-game': g.game },
      `${g.players.map((p, seat) => (g.computer?.seat === seat ? `the computer (${g.computer.level})` : p ?? 'someone')).join(' – ')}: ${specWords(g.spec)}${g.rated ? ', ranked' : ''}, ${g.moves} move${g.moves === 1 ? '' : 's'} `,
      h('a', { href: gameLink(g.game) }, 'Watch')));
    body.replaceChildren(
      h('h3', { text: 'Waiting for an opponent' }),
      challenges.length ? h('ul', { id: 'lobby-challenges' }, ...challenges) : h('p', { class: 'note', text: 'Nobody is waiting: “Quick match” puts you here for others.' }),
      h('h3', { text: 'Games going on' }),
      live.length ? h('ul', { id: 'lobby-live' }, ...live) : h('p', { class: 'note', text: 'No game is going on now.' }));
  };
  $('lobby-open').hidden = false;
  $('lobby-open').addEventListener('click', () => {
    body.replaceChildren(h('p', { class: 'note', text: 'Loading…' }));
    dialog.showModal();
    const url = new URL('match/ws', document.baseURI);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const here = new WebSocket(url);
    socket = here;
    const ask = () => { if (here.readyState === WebSocket.OPEN) here.send(JSON.stringify({ type: 'lobby' })); };
    here.addEventListener('open', () => { ask(); timer = setInterval(ask, REFRESH_MS); });
    here.addEventListener('message', (event) => {
      const m = JSON.parse(event.data);
      if (m.type === 'lobby') draw(m);
    });
  });
  dialog.addEventListener('close', close);
  $('lobby-close').addEventListener('click', () => dialog.close());
}
