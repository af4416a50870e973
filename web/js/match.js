// Quick match through game-server (docs/server.md, "Quick match"): the `/match/ws` socket
// that waits in a queue, the nickname this browser keeps, and the "Quick match" dialog,
// which hands the game it finds to the online panel (online-ui.js).

import { $ } from './dom.js';
import { signedIn } from './account.js';
import { announce } from './keyboard.js';

const NICKNAME = 'board-game-rules-playground/nickname';

/** The nickname this browser keeps ('' when none). */
export function keptNickname() {
  try {
    return localStorage.getItem(NICKNAME) ?? '';
  } catch {
    return '';
  }
}

function keepNickname(name) {
  try {
    localStorage.setItem(NICKNAME, name);
  } catch {
    // Storage refused: asked again next time.
  }
}

/** Close codes after which joining the queue again can help (the server stops, or the queues moved). */
const AGAIN = new Set([1001, 1006, 1012]);

/**
 * Waits in the queue for `options` (the picker's game, or a spec) as `nickname`, with `computer`
 * (`offer`, `give`, `never`), `ranked` or not; with `challenge` (the lobby's `{ ticket, clock }`)
 * it takes that waiting player. `on`: `{ queued(m), offer(m), matched(m), failed(text) }`.
 * Joins again, a few times, when the server stops or the queues move. Returns
 * `{ takeComputer(), cancel() }`.
 */
export function seekMatch(options, nickname, computer, ranked, on, challenge = null) {
  let socket = null;
  let done = false;
  let tries = 0;
  const open = () => {
    const url = new URL('match/ws', document.baseURI);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const here = new WebSocket(url);
    socket = here;
    here.addEventListener('open', () => {
      const seek = { type: 'seek', protocol: 1, game: options, nickname, computer, ranked };
      if (challenge) {
        // The challenge's own queue; it is taken once: joining again after a drop waits there like anyone.
        seek.clock = challenge.clock;
        if (tries === 0) seek.accept = challenge.ticket;
      }
      here.send(JSON.stringify(seek));
    });
    here.addEventListener('message', (event) => {
      let m;
      try {
        m = JSON.parse(event.data);
      } catch {
        return;
      }
      if (m.type === 'queued') {
        tries = 0;
        on.queued(m);
      } else if (m.type === 'computer_offer') {
        on.offer(m);
      } else if (m.type === 'matched') {
        done = true;
        on.matched(m);
      } else if (m.type === 'error' && m.code !== 'rate_limited') {
        done = true;
        on.failed(m.message || m.code);
        here.close();
      }
    });
    here.addEventListener('close', (event) => {
      if (socket !== here || done) return;
      if (AGAIN.has(event.code) && tries < 5) {
        setTimeout(() => { if (!done) open(); }, 500 * 2 ** tries++);
        return;
      }
      done = true;
      on.failed('The game server closed the queue: try again.');
    });
  };
  open();
  return {
    takeComputer() {
      socket?.send(JSON.stringify({ type: 'accept_computer' }));
    },
    cancel() {
      done = true;
      socket?.close();
    },
  };
}

/** `clock` (the server's setting) in words: `30 s a move`, `5 min + 5 s a move`. */
export function clockWords(clock) {
  if (!clock) return 'no clock';
  const main = clock.main_ms ? `${clock.main_ms / 60000} min` : '';
  if (clock.byoyomi) {
    const period = `${clock.byoyomi.period_ms / 1000} s`;
    const byo = clock.byoyomi.periods === 1 ? `${period} a move` : `${clock.byoyomi.periods} × ${period}`;
    return main ? `${main} + ${byo}` : byo;
  }
  return `${main} + ${(clock.increment_ms ?? 0) / 1000} s a move`;
}

/**
 * Sets up the "Quick match" dialog. `pickerOptions()` is the game chosen above;
 * `play(m)` takes the `matched` message into the online panel.
 */
export function initMatch(pickerOptions, play) {
  const dialog = $('match-dialog');
  const status = $('match-status');
  const takeComputer = $('match-take-computer');
  let seeking = null;
  let since = 0;
  let ticker = null;
  let queue = '';
  const stop = () => {
    seeking?.cancel();
    seeking = null;
    clearInterval(ticker);
    $('match-find').disabled = false;
    $('match-nickname').disabled = false;
    $('match-computer').disabled = false;
    $('match-ranked').disabled = !signedIn();
    takeComputer.hidden = true;
  };
  const showWait = () => {
    const seconds = Math.floor((performance.now() - since) / 1000);
    status.textContent = `Looking for an opponent: ${queue}. Waiting ${seconds} s…`;
  };
  $('match-open').addEventListener('click', () => {
    // Signed in, the account's name is shown and ranked games are open; else a nickname.
    const account = signedIn();
    $('match-nickname').value = account ? account.name : ($('match-nickname').value || keptNickname());
    $('match-nickname').readOnly = Boolean(account);
    $('match-ranked').disabled = !account;
    if (!account) $('match-ranked').checked = false;
    $('match-game-name').textContent = $('game').selectedOptions[0]?.textContent ?? '';
    status.textContent = '';
    dialog.showModal();
  });
  $('match-cancel').addEventListener('click', () => {
    stop();
    dialog.close();
  });
  dialog.addEventListener('close', stop);
  takeComputer.addEventListener('click', () => {
    takeComputer.disabled = true;
    seeking?.takeComputer();
  });
  /** Waits for `options`' game (or takes `challenge`, from the lobby). */
  const find = (options, challenge = null) => {
    const nickname = $('match-nickname').value.trim() || 'Guest';
    if (!signedIn()) keepNickname(nickname);
    $('match-find').disabled = true;
    $('match-nickname').disabled = true;
    $('match-computer').disabled = true;
    $('match-ranked').disabled = true;
    status.textContent = challenge ? `Taking ${challenge.nickname}’s challenge…` : 'Joining the queue…';
    const ranked = challenge ? challenge.ranked : $('match-ranked').checked;
    seeking = seekMatch(options, nickname, $('match-computer').value, ranked, {
      queued(m) {
        const rated = m.ranked ? `, ranked at ${m.rating}` : '';
        queue = `${$('match-game-name').textContent}, ${clockWords(m.clock)}${rated}`;
        since = performance.now();
        clearInterval(ticker);
        ticker = setInterval(showWait, 1000);
        showWait();
        announce('Waiting for an opponent.');
      },
      offer(m) {
        takeComputer.textContent = `Play the computer (${m.level}) instead`;
        takeComputer.disabled = false;
        takeComputer.hidden = false;
        announce(`Nobody came yet. You may play the computer (${m.level}) instead.`);
      },
      matched(m) {
        seeking = null;
        stop();
        dialog.close();
        play(m);
      },
      failed(text) {
        stop();
        status.textContent = text;
        announce(text);
      },
    }, challenge);
  };
  $('match-form').addEventListener('submit', (event) => {
    event.preventDefault();
    find(pickerOptions());
  });
  return {
    /** Takes the lobby's `challenge` (`{ ticket, nickname, spec, clock, ranked }`), named `label`. */
    takeChallenge(challenge, label) {
      $('match-open').click();
      $('match-game-name').textContent = label;
      if (challenge.ranked && !signedIn()) {
        status.textContent = 'That challenge is for a ranked game: sign in first.';
        return;
      }
      find(challenge.spec, challenge);
    },
  };
}
