// The playground's online play: the "Play a friend online" form in the picker area, and
// while a game is on, its panel (the links, the connection, both clocks, offers, resign).
// The page (main.js) hands in `host`, the few things it lets this file do; this file hands
// back a controller that the page asks whether a move may be made and how seats are named.

import { $, h, title } from './dom.js';
import { announce } from './keyboard.js';
import { sidesOf } from './picker.js';
import { initAccount } from './account.js';
import { initRankings, shownChange, shownRating } from './rankings.js';
import { initLobby } from './lobby.js';
import { clockWords, initMatch } from './match.js';
import { Connection, clearAddress, createGame, gameLink, keep, kept, readAddress, showAddress, specOptions } from './online.js';

/**
 * Sets up the online form. `host`: `{ pickerOptions(), moves(), adoptOnline(options,
 * moves), serverMove(text, mine), render(), say(text, kind), enter(controller), leave() }`.
 * Returns `{ joinFromAddress() }`: true when the address named a game, now being joined.
 */
export function initOnline(host) {
  const form = $('online-form');
  const clockKind = $('online-clock');
  const showClockFields = () => {
    for (const field of form.querySelectorAll('[data-clock]')) {
      field.hidden = !field.dataset.clock.split(' ').includes(clockKind.value);
    }
  };
  const nameSides = () => {
    const [first, second] = sidesOf(host.pickerOptions().game);
    $('online-side').options[1].textContent = `${first} (moves first)`;
    $('online-side').options[2].textContent = second;
    $('online-game-name').textContent = $('game').selectedOptions[0]?.textContent ?? '';
  };
  clockKind.addEventListener('change', showClockFields);
  $('game').addEventListener('change', nameSides);
  $('online-open').addEventListener('click', () => {
    nameSides();
    $('online-dialog').showModal();
  });
  $('online-cancel').addEventListener('click', () => $('online-dialog').close());
  showClockFields();
  nameSides();
  offerWhenServed();
  const match = initMatch(() => host.pickerOptions(), (m) => {
    keep(m.game, { token: m.token, watch: gameLink(m.game), opponent: m.opponent });
    showAddress(m.game);
    const game = join(host, m.game, m.token);
    const rating = m.opponent.rating === undefined ? '' : ` (rated ${m.opponent.rating})`;
    const ranked = m.rated ? ' A ranked game: the result changes both ratings.' : '';
    game.notice = m.opponent.computer
      ? `Nobody came: your opponent is the computer (${m.opponent.computer}). The game is unrated and has no clock.`
      : `You meet ${m.opponent.nickname}${rating}. Clock: ${clockWords(m.clock)}.${ranked}`;
  });
  lobbyTaker = (challenge, label) => match.takeChallenge(challenge, label);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = $('online-create');
    button.disabled = true;
    try {
      const answer = await createGame(host.pickerOptions(), $('online-side').value, readClock());
      keep(answer.id, { token: answer.you.token, invite: answer.opponent.link, watch: answer.watch_link });
      showAddress(answer.id);
      $('online-dialog').close();
      const game = join(host, answer.id, answer.you.token);
      game.notice = 'Game made: send your friend the play link (in the “Online game” panel). A clock starts once both have joined.';
    } catch (error) {
      host.say(error.message);
    } finally {
      button.disabled = false;
    }
  });

  return {
    joinFromAddress() {
      const address = readAddress();
      if (!address) return false;
      join(host, address.id, address.token);
      return true;
    },
  };
}

/** The quick-match dialog's way to take a lobby's challenge (set once it exists). */
let lobbyTaker = () => {};

/**
 * Shows "Play a friend online", "Quick match" and the account button only when game-server serves this page: it answers
 * `GET server.json` (docs/server.md). A static copy of the page serves web/server.json, which
 * names no server, so it offers no online play.
 */
async function offerWhenServed() {
  try {
    const response = await fetch(new URL('server.json', document.baseURI), { headers: { Accept: 'application/json' } });
    const info = response.ok ? await response.json() : null;
    const served = info?.server === 'game-server';
    $('online-open').hidden = !served;
    $('match-open').hidden = !served;
    $('account-open').hidden = !served;
    $('rankings-open').hidden = !served;
    $('lobby-open').hidden = !served;
    if (served) {
      initRankings();
      initLobby((c, label) => lobbyTaker(c, label));
      await initAccount();
    }
  } catch {
    $('online-open').hidden = true;
    $('match-open').hidden = true;
    $('account-open').hidden = true;
    $('rankings-open').hidden = true;
    $('lobby-open').hidden = true;
  }
}

/** The clock setting the form asks for, in the server's terms, or null. */
function readClock() {
  const kind = $('online-clock').value;
  if (kind === 'none') return null;
  const ms = (id, unit) => Math.round(Number($(id).value) * unit);
  const clock = { main_ms: ms('online-main', 60_000) };
  if (kind === 'byoyomi') clock.byoyomi = { periods: ms('online-periods', 1), period_ms: ms('online-period', 1000) };
  else clock.increment_ms = ms('online-increment', 1000);
  return clock;
}

/** Joins game `id` as the seat of `token` (or watches), making it the page's game. */
function join(host, id, token) {
  const game = new OnlineGame(host, id, token);
  host.enter(game);
  game.show();
  return game;
}

/** What the page knows of the game on the server, and its panel. */
class OnlineGame {
  constructor(host, id, token) {
    this.host = host;
    this.id = id;
    this.state = null; // the server's last `state`, kept up to date by later messages
    this.clockAt = 0; // performance.now() when the clock numbers arrived
    this.pending = false; // a move or call sent, its answer not yet come
    this.queue = Promise.resolve(); // the server's messages, applied one after another
    this.resignArmed = false;
    this.notice = null; // a note to show once the game is on the board
    this.connection = new Connection(id, token, {
      message: (message) => { this.queue = this.queue.then(() => this.onMessage(message)); },
      status: (status) => this.onStatus(status),
    });
    this.ticker = setInterval(() => this.drawClocks(), 250);
  }

  /** Shows the game's panel (once the page has closed any game before). */
  show() {
    $('online-game').hidden = false;
    this.drawPanel();
  }

  // ---- what the page asks ----------------------------------------------------------

  get you() { return this.state?.you ?? null; }

  /** Whether this browser's seat may move now (the server's turn, not over, connected). */
  canMove() {
    const s = this.state;
    return Boolean(s && !s.result && s.you !== null && s.to_move === s.you && !this.pending
      && this.connection.status === 'connected');
  }

  /** Why a click does nothing now. */
  whyNot() {
    const s = this.state;
    if (!s) return 'Connecting to the game server…';
    if (s.result) return 'The game is over.';
    if (s.you === null) return 'You are watching this game: only its players move.';
    if (this.connection.status !== 'connected') return 'Not connected: the page is reconnecting to the server.';
    if (this.pending) return 'Waiting for the server to answer your last move.';
    return 'It is your opponent’s turn: wait for their move.';
  }

  /** Sends `text` as this seat's move; the board changes when the server says so. */
  sendMove(text) {
    if (!this.send({ type: 'move', version: this.state.version, move: text })) return false;
    this.pending = true;
    this.host.render();
    return true;
  }

  /** Who sits in `seat`: "you" and "your opponent", or for a watcher "player 1/2". */
  seatName(seat) {
    if (this.you === null) return `player ${seat + 1}`;
    return seat === this.you ? 'you' : 'your opponent';
  }

  close() {
    this.connection.close();
    clearInterval(this.ticker);
    $('online-game').hidden = true;
    $('online-game').replaceChildren();
    $('players').disabled = false;
    $('level').disabled = false;
  }

  send(message) {
    if (this.connection.send(message)) return true;
    this.host.say('Not connected to the game server: reconnecting, try again in a moment.');
    return false;
  }

  // ---- what the server says --------------------------------------------------------

  async onMessage(m) {
    const s = this.state;
    switch (m.type) {
      case 'state':
        await this.onState(m);
        break;
      case 'joined':
        if (!s) return;
        s.joined[m.seat] = true;
        this.setClock(m.clock);
        if (m.seat !== s.you) announce(s.you === null ? `${title(s.seats[m.seat])} joined.` : 'Your opponent joined.');
        break;
      case 'move': {
        if (!s) return;
        if (m.number !== s.moves.length + 1) return this.resync();
        const mine = m.seat === s.you;
        if (mine) this.pending = false;
        s.moves.push(m.move);
        s.version = m.version;
        s.to_move = m.to_move;
        if (m.seats) s.seats = m.seats; // Kazura's swap hands each seat the other colour
        s.offers = { draw: null, undo: null };
        this.setClock(m.clock);
        // The rules here refusing the server's move would be a bug: the whole state is asked for.
        if (!(await this.host.serverMove(m.move, mine))) this.resync();
        break;
      }
      case 'undo':
        if (!s) return;
        if (m.number !== s.moves.length) return this.resync();
        s.moves.pop();
        s.version = m.version;
        s.to_move = m.to_move;
        s.offers = { draw: null, undo: null };
        this.setClock(m.clock);
        this.host.adoptOnline(specOptions(s.spec), s.moves);
        this.host.say(`Move ${m.number} (${m.move}) was taken back by agreement.`, 'info');
        break;
      case 'offer':
        if (!s) return;
        if (m.kind === 'rematch') {
          s.rematch = { ...s.rematch, asked: [...(s.rematch?.asked ?? []), m.seat] };
          if (m.seat !== s.you) announce(s.you === null ? `${title(s.seats[m.seat])} asks for a rematch.` : 'Your opponent asks for a rematch.');
          break;
        }
        s.offers[m.kind] = m.seat;
        if (m.seat !== s.you) {
          announce(`${this.who(m.seat)} ${m.kind === 'draw' ? 'offers a draw' : 'asks to take back the last move'}.`);
        }
        break;
      case 'declined':
        if (!s) return;
        s.offers[m.kind] = null;
        if (m.seat !== s.you) this.host.say(`${this.who(m.seat)} declined the ${m.kind === 'draw' ? 'draw' : 'undo'}.`, 'info');
        break;
      case 'over':
        if (!s) return;
        s.version = m.version;
        s.result = m.result;
        s.ratings = m.ratings ?? null;
        s.to_move = null;
        this.pending = false;
        if (s.clock) s.clock.running = null;
        announce(`Game over: ${this.resultTitle()}. ${m.result.text}`);
        break;
      case 'rematch':
        this.goToRematch(m.game, m.token);
        return;
      case 'error':
        this.pending = false;
        this.host.say(m.message || m.code);
        if (m.code === 'stale') this.resync();
        if (m.code === 'bad_token') {
          // The kept token is no seat's: forget it, and watch instead.
          keep(this.id, { token: null });
          this.connection.close();
          this.connection = new Connection(this.id, null, {
            message: (message) => { this.queue = this.queue.then(() => this.onMessage(message)); },
            status: (status) => this.onStatus(status),
          });
        }
        break;
      default:
        return;
    }
    this.host.render();
  }

  async onState(m) {
    // The board is rebuilt only when it differs from the server's (a rejoin usually does not).
    const s = this.state;
    const shown = this.host.moves();
    const same = s && s.spec === m.spec && shown && shown.length === m.moves.length
      && shown.every((move, i) => move === m.moves[i]);
    this.state = { ...m, joined: [...m.joined], offers: { draw: null, undo: null, ...m.offers } };
    this.pending = false;
    this.setClock(m.clock);
    if (!same) this.host.adoptOnline(specOptions(m.spec), m.moves);
    if (this.notice) this.host.say(this.notice, 'info');
    this.notice = null;
  }

  /** Joins the rematch `id` (with this seat's new `token`, or watching), the opponent's name kept. */
  goToRematch(id, token) {
    const before = kept(this.id);
    keep(id, { token, watch: gameLink(id), opponent: before?.opponent });
    showAddress(id);
    const game = join(this.host, id, token);
    game.notice = token ? 'The rematch: colours swapped.' : 'The players began a rematch: you are watching it.';
  }

  resync() {
    this.connection.send({ type: 'sync' });
  }

  onStatus(status) {
    if (status === 'reconnecting') {
      this.pending = false;
      announce('Connection lost: reconnecting…');
    } else if (status === 'connected' && this.state) {
      announce('Connected.');
    }
    this.host.render();
  }

  setClock(clock) {
    if (!this.state) return;
    this.state.clock = clock ?? null;
    this.clockAt = performance.now();
  }

  // ---- drawing ---------------------------------------------------------------------

  who(seat) {
    const name = this.state.seats[seat];
    return seat === this.you ? `You (${name})` : this.you === null ? title(name) : `Your opponent (${name})`;
  }

  /** Whom this seat plays, in words: the server's computer (said plainly), a nickname, or nothing known. */
  against() {
    const s = this.state;
    if (s.computer && s.computer.seat !== s.you) return ` against the computer (${s.computer.level})`;
    const name = kept(this.id)?.opponent?.nickname;
    return name ? ` against ${name}` : '';
  }

  /** A ranked game's line: "Ranked game", then each rating's change once it is over. */
  ratingWords() {
    const s = this.state;
    if (!s.ratings) return [s.result ? 'Ranked game: the ratings are being updated…' : 'Ranked game: the result changes both ratings.'];
    return s.ratings.map((c) => h('span', { class: 'rating-change', 'data-seat': c.seat, 'data-after': c.after },
      `${c.seat === s.you ? 'Your rating' : `${title(s.players?.[c.seat]?.nickname ?? s.seats[c.seat])}’s rating`}: `
      + `${shownRating(c.before)} → ${shownRating(c.after)} (${shownChange(c.before, c.after)}). `));
  }

  resultTitle() {
    const r = this.state.result;
    // Ended by the server's operator (`game-server end`): nobody won, nor was it drawn.
    if (r.reason === 'ended') return 'no result';
    return r.winner === null || r.winner === undefined ? 'a draw' : `${title(this.state.seats[r.winner])} wins`;
  }

  /** After the page drew the game: the server's words where they differ, and the panel. */
  decorate() {
    // Who plays is the server's business: the picker's players and level wait for “New game”.
    $('players').disabled = true;
    $('level').disabled = true;
    $('self-play').hidden = true;
    $('play-here').hidden = true;
    const s = this.state;
    if (s?.result) {
      $('banner').hidden = false;
      const t = this.resultTitle();
      $('banner-title').textContent = t.charAt(0).toUpperCase() + t.slice(1);
      $('result-detail').textContent = '';
      $('result-text').textContent = s.result.text;
      $('status').replaceChildren(`Game over after ${s.moves.length} moves: ${t}`);
    } else if (!s) {
      $('status').replaceChildren('Connecting to the game server…');
    }
    this.drawPanel();
  }

  drawPanel() {
    const s = this.state;
    const panel = $('online-game');
    const status = { connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting…', closed: 'Disconnected' }[this.connection.status];
    const rows = [
      h('h2', { class: 'panel-title', id: 'online-title' }, 'Online game'),
      h('div', { class: 'row' },
        h('span', { id: 'online-role', text: !s ? '' : s.you === null ? 'You are watching.' : `You play ${title(s.seats[s.you])}${this.against()}.` }),
        h('span', { id: 'online-conn', class: 'conn', 'data-status': this.connection.status, text: status })),
    ];
    if (s) {
      if (!s.result) {
        const waiting = s.joined.includes(false) ? ' — waiting for both players to join' : '';
        rows.push(h('div', { id: 'online-turn', class: 'note' },
          s.to_move === s.you ? 'Your turn' : `${this.who(s.to_move)} to move`, waiting));
      }
      if (s.clock) rows.push(h('div', { class: 'clocks', id: 'online-clocks' }, ...[0, 1].map((seat) =>
        h('div', { class: 'clock', 'data-seat': seat, 'data-running': s.clock.running === seat },
          h('span', { class: 'name', text: this.who(seat) }), h('span', { class: 'time', 'data-time': seat }),
          h('span', { class: 'extra', 'data-extra': seat })))));
      if (s.rated) rows.push(h('div', { id: 'online-rated', class: 'note' }, ...this.ratingWords()));
      rows.push(...this.links(), ...this.calls(), ...this.rematchRow());
    }
    rows.push(h('button', { type: 'button', id: 'online-leave', onclick: () => this.host.leave() }, 'Leave (play on this screen)'));
    const focused = panel.contains(document.activeElement) ? document.activeElement.id : null;
    panel.replaceChildren(...rows);
    if (focused) $(focused)?.focus({ preventScroll: true });
    this.drawClocks();
  }

  /** The play link for the friend (the maker's browser only) and the watch link. */
  links() {
    const mine = kept(this.id);
    const watch = mine?.watch ?? gameLink(this.id);
    const field = (id, label, value) => h('div', { class: 'link' },
      h('label', { for: id, text: label }),
      h('div', { class: 'copy' },
        h('input', { id, type: 'text', readonly: true, value, onfocus: (e) => e.target.select() }),
        h('button', { type: 'button', 'aria-label': `Copy the ${label.toLowerCase()}`, onclick: () => copy(id) }, 'Copy')));
    const out = [];
    if (mine?.invite && !this.state.result && this.state.joined.includes(false)) {
      out.push(field('online-invite', 'Your friend’s play link', mine.invite));
    }
    out.push(field('online-watch', 'Watch link', watch));
    return out;
  }

  /** Resign, draw and undo offers, and the answers to the opponent's. */
  calls() {
    const s = this.state;
    if (s.you === null || s.result) return [];
    const other = 1 - s.you;
    const buttons = [];
    const button = (id, text, onclick, extra = {}) => h('button', { type: 'button', id, onclick, ...extra }, text);
    const act = (type) => () => this.send({ type, version: s.version });
    const answers = [];
    for (const kind of ['draw', 'undo']) {
      if (s.offers[kind] === other) {
        answers.push(h('div', { class: 'offer', role: 'group', 'aria-label': `${kind} offer` },
          h('span', { text: kind === 'draw' ? 'Your opponent offers a draw.' : 'Your opponent asks to take back the last move.' }),
          button(`online-accept-${kind}`, 'Accept', act(kind === 'draw' ? 'accept_draw' : 'accept_undo'), { class: 'primary' }),
          button(`online-decline-${kind}`, 'Decline', act('decline'))));
      } else if (s.offers[kind] === s.you) {
        answers.push(h('div', { class: 'note', text: kind === 'draw' ? 'You offered a draw: waiting for an answer.' : 'You asked to undo: waiting for an answer.' }));
      }
    }
    // The server says which calls this game takes (draw and undo: go9's alone); the
    // server's computer takes no draw.
    if (s.calls?.draw && !s.computer) {
      buttons.push(button('online-offer-draw', 'Offer a draw', act('offer_draw'), { disabled: s.offers.draw !== null }));
    }
    if (s.calls?.undo) {
      buttons.push(button('online-offer-undo', 'Ask to undo', act('offer_undo'),
        { disabled: s.offers.undo !== null || s.moves.length === 0 }));
    }
    const resign = button('online-resign', this.resignArmed ? 'Really resign?' : 'Resign', () => {
      if (!this.resignArmed) {
        this.resignArmed = true;
        setTimeout(() => { this.resignArmed = false; this.drawPanel(); }, 4000);
        this.drawPanel();
        return;
      }
      this.resignArmed = false;
      act('resign')();
    }, { class: 'warn' });
    buttons.push(resign);
    return [...answers, h('div', { class: 'actions' }, ...buttons)];
  }

  /** Once the game is over, a player's rematch button (and what the other asked). */
  rematchRow() {
    const s = this.state;
    if (!s.result || s.you === null) return [];
    const r = s.rematch ?? { asked: [] };
    if (r.game && r.token) {
      return [h('button', { type: 'button', id: 'online-rematch', class: 'primary', onclick: () => this.goToRematch(r.game, r.token) }, 'Go to the rematch')];
    }
    const mine = r.asked.includes(s.you);
    const theirs = r.asked.includes(1 - s.you);
    const rows = [];
    if (theirs && !mine) rows.push(h('div', { class: 'note', id: 'online-rematch-asked', text: 'Your opponent asks for a rematch.' }));
    if (mine) rows.push(h('div', { class: 'note', id: 'online-rematch-asked', text: 'Rematch asked: waiting for your opponent.' }));
    rows.push(h('button', {
      type: 'button', id: 'online-rematch', class: theirs ? 'primary' : null, disabled: mine,
      onclick: () => this.send({ type: 'rematch', version: s.version }),
    }, theirs ? 'Accept the rematch (colours swapped)' : 'Rematch (colours swapped)'));
    return rows;
  }

  /** Both clocks, counted down here from the server's last numbers (which always win). */
  drawClocks() {
    const clock = this.state?.clock;
    if (!clock) return;
    const spent = performance.now() - this.clockAt;
    const byo = clock.spec?.byoyomi;
    for (const seat of [0, 1]) {
      const cell = document.querySelector(`[data-time="${seat}"]`);
      if (!cell) continue;
      const side = clock.sides[seat];
      let main = side.remaining_ms - (clock.running === seat ? spent : 0);
      let text;
      let extra = '';
      if (main > 0 || !byo) {
        text = clockText(Math.max(0, main));
        if (byo) extra = `then ${side.periods} × ${byo.period_ms / 1000} s`;
        else if (clock.spec?.increment_ms) extra = `+${clock.spec.increment_ms / 1000} s a move`;
      } else {
        // How far into byo-yomi: the server says how much of the current period was left
        // when it spoke (a whole period while main time lasted), and the time since.
        const over = byo.period_ms - (side.period_left_ms ?? byo.period_ms) - main;
        const lost = Math.floor(over / byo.period_ms);
        const left = Math.max(0, side.periods - lost);
        main = left ? byo.period_ms - (over % byo.period_ms) : 0;
        text = clockText(main);
        extra = `byo-yomi: ${left} period${left === 1 ? '' : 's'} left`;
      }
      if (cell.textContent !== text) cell.textContent = text;
      const more = document.querySelector(`[data-extra="${seat}"]`);
      if (more && more.textContent !== extra) more.textContent = extra;
    }
  }
}

/** `ms` as m:ss (h:mm:ss past an hour). */
function clockText(ms) {
  const total = Math.ceil(ms / 1000);
  const s = String(total % 60).padStart(2, '0');
  const m = Math.floor(total / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

async function copy(id) {
  const input = $(id);
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    announce('Copied.');
  } catch {
    announce('Selected: copy it with Ctrl+C.');
  }
}

export { clearAddress };
