// Playing a friend through game-server (docs/server.md): making a game (POST /games), the
// seat tokens kept in this browser, the address (`?game=ID#token=T`), and the WebSocket of
// protocol v1. The server is the only judge: a move clicked here is sent, never played
// here first; the board shows only what the server says (its `state`, `move`, `undo` and
// `over`), replayed through the rules into the page's own `Playground`.

const KEY = 'board-game-rules-playground/online/';

/** What this browser keeps for game `id`: `{ token, invite?, watch? }`, or `null`. */
export function kept(id) {
  try {
    const value = JSON.parse(localStorage.getItem(KEY + id));
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps `fields` for game `id` (merged into what is kept). */
export function keep(id, fields) {
  try {
    localStorage.setItem(KEY + id, JSON.stringify({ ...kept(id), ...fields }));
  } catch {
    // Storage full or refused: the game goes on, but a reload watches.
  }
}

/**
 * Reads `?game=ID#token=T` from the address: a token in the fragment is kept for the game
 * and taken out of the address bar. Returns `{ id, token }` (`token` null: watching), or
 * `null` when the address names no game.
 */
export function readAddress() {
  const params = new URLSearchParams(location.search);
  const id = params.get('game');
  if (!id || !/^[0-9a-zA-Z_-]{1,64}$/.test(id)) return null;
  const hash = new URLSearchParams(location.hash.slice(1));
  const token = hash.get('token');
  if (token) {
    keep(id, { token });
    history.replaceState(null, '', location.pathname + location.search);
  }
  return { id, token: kept(id)?.token ?? null };
}

/** Points the address bar at game `id` (no token), so a reload rejoins it. */
export function showAddress(id) {
  history.replaceState(null, '', `${location.pathname}?game=${encodeURIComponent(id)}`);
}

/** Leaves a game's address: the page's plain address again. */
export function clearAddress() {
  history.replaceState(null, '', location.pathname);
}

/** The picker's options for a spec string: `kazura:size=9` → `{game: 'kazura', size: 9}`. */
export function specOptions(spec) {
  const [game, rest] = spec.split(':');
  const options = { game };
  for (const pair of rest ? rest.split(',') : []) {
    const [name, value] = pair.split('=');
    options[name] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return options;
}

/**
 * Makes a game on the server: `options` (the picker's), `side` (`first`, `second`,
 * `random`), `clock` (null or the server's clock setting). Resolves to the server's answer
 * with its links made absolute; throws an Error with the server's words.
 */
export async function createGame(options, side, clock) {
  const body = { game: options, side };
  if (clock) body.clock = clock;
  let response;
  try {
    response = await fetch(new URL('games', document.baseURI), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
  } catch (error) {
    throw new Error(`The game server could not be reached (${error.message}).`);
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok || !answer?.id) {
    if (answer?.message) throw new Error(answer.message);
    throw new Error('This page is not served by game-server, so it cannot make online games (run `cargo run -p game-server`).');
  }
  answer.opponent.link = gameLink(answer.id, answer.opponent.token);
  answer.watch_link = gameLink(answer.id);
  return answer;
}

/**
 * The address of game `id` (with `token`: a seat's play link; without: the watch link),
 * made from this page's own folder, so it works when the server sits under a sub-path
 * behind a proxy (the server's own links are from its root).
 */
export function gameLink(id, token = null) {
  const here = location.href.split(/[?#]/)[0];
  const fragment = token ? `#token=${token}` : '';
  return new URL(`?game=${encodeURIComponent(id)}${fragment}`, here).href;
}

/** Waits before the n-th reconnection: 0.5 s, 1 s, 2 s, 4 s, then 8 s. */
const backoff = (n) => Math.min(500 * 2 ** n, 8000);

/** Errors after which trying again cannot help. */
const FINAL = new Set(['unknown_game', 'bad_token', 'bad_protocol', 'bad_origin']);

/**
 * One game's WebSocket, kept open: `handlers.message(msg)` gets each server message,
 * `handlers.status(text)` the connection's state (`connecting`, `connected`,
 * `reconnecting`, `closed`). A dropped socket reconnects with backoff, saying hello with the
 * token and the last version seen.
 */
export class Connection {
  constructor(id, token, handlers) {
    this.id = id;
    this.token = token;
    this.handlers = handlers;
    this.version = null;
    this.tries = 0;
    this.closed = false;
    this.socket = null;
    this.timer = null;
    this.status = 'connecting';
    this.open();
  }

  open() {
    const url = new URL(`games/${encodeURIComponent(this.id)}/ws`, document.baseURI);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      const hello = { type: 'hello', protocol: 1 };
      if (this.token) hello.token = this.token;
      if (this.version !== null) hello.last_version = this.version;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === 'state') {
        this.tries = 0;
        this.setStatus('connected');
      }
      if (typeof message.version === 'number' && message.type !== 'offer') this.version = message.version;
      if (message.type === 'error' && FINAL.has(message.code)) this.closed = true;
      this.handlers.message(message);
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) {
        this.setStatus('closed');
        return;
      }
      this.setStatus('reconnecting');
      this.timer = setTimeout(() => this.open(), backoff(this.tries++));
    });
  }

  setStatus(status) {
    if (status === this.status) return;
    this.status = status;
    this.handlers.status(status);
  }

  /** Sends `message` (an object); false when the socket is not open. */
  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}
