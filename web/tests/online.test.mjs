// Playing a friend through game-server (issue 26; docs/web.md, "Playing online"): the real
// server (crates/game-server) serves the page and hosts the games; two browser contexts
// with separate storage are the two people, a third watches. They play a whole game of
// each of the four games (Kazura with its swap, Bao with its direction chooser) by clicking
// what the page lights; the watcher sees every move and the same result; a reload rejoins;
// a click by the side not to move changes nothing; the server killed mid-game and started
// again loses no acknowledged move.
//
// The server binary: env GAME_SERVER, else ../target/debug/game-server (built with
// `cargo build -p game-server` when missing). Needs web/dist (web/build.sh).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, DIST, GAME, PHONE, SHOTS, choose, shot } from './support.mjs';
import {
  BINARY, WAIT, checkAxe, clickPoint, confirmCreate, createGame, joinBoth, litPoints, mover, online, open,
  passTwiceToTheEnd, playOne, playOut, sameEnd, spawnGameServer, startBrowser, synced, view,
} from './online-support.mjs';

let server;
let base;
let browser;
let scratch;
let person;

/** Starts game-server on `listen` (a free port) with the test's database; resolves to its address. */
async function startGameServer(listen = '127.0.0.1:0') {
  const started = await spawnGameServer(['--listen', listen, '--database', join(scratch, 'games.sqlite3'), '--web', DIST]);
  server = started.child;
  return started.address;
}

before(async () => {
  assert.ok(existsSync(join(DIST, 'manifest.json')), 'web/dist is built (run web/build.sh)');
  mkdirSync(SHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'playground-online-'));
  base = await startGameServer();
  browser = await startBrowser();
  person = browser.person;
});

after(async () => {
  await browser?.close();
  server?.kill();
  rmSync(scratch, { recursive: true, force: true });
});

describe('playing a friend online through game-server', () => {
  test('go9: two people play to the end, a third watches every move; a reload rejoins; an out-of-turn click changes nothing', async () => {
    const a = await person(DESKTOP);
    const b = await person(PHONE);
    const w = await person(DESKTOP);
    await open(a, `${base}/?pause=0`);
    // Served by game-server, the page offers online play (a static copy does not: e2e tests).
    await a.waitForSelector('#online-open', { state: 'visible', ...WAIT });
    await createGame(a, GAME.go9, 'first', { kind: 'byoyomi', fields: { 'online-main': 10, 'online-periods': 3, 'online-period': 30 } });
    await shot(a, 'online-01-dialog-desktop');
    await checkAxe(a, 'the dialog');
    const links = await confirmCreate(a);
    assert.match(links.invite, /\?game=[0-9a-f]+#token=[0-9a-f]{64}$/);
    assert.match(links.watch, /\?game=[0-9a-f]+$/);
    assert.equal((await online(a)).you, 0, 'A chose Black, the first seat');
    await a.waitForSelector('#online-conn[data-status="connected"]', WAIT);
    await shot(a, 'online-02-created-desktop');
    await checkAxe(a, 'the online panel');

    await joinBoth(b, w, links);
    assert.equal((await online(b)).you, 1);
    const players = [a, b];
    const pages = [a, b, w];
    // Black and White each click 30 seeded legal points, then both pass (the game ends and
    // is counted).
    const PLIES = 30;
    for (let i = 0; i < PLIES; i++) {
      for (const page of pages) await synced(page, i);
      const me = await mover(players);
      const other = me === a ? b : a;
      await me.waitForFunction(() => window.playground.personToAct(), null, WAIT);
      const lit = (await litPoints(me)).sort();
      assert.ok(lit.length > 0, 'the mover sees legal targets');
      assert.deepEqual(await litPoints(other), [], 'the side not to move sees none');
      const point = choose(lit, i);
      if (i === 5) {
        // The side not to move clicks a legal-looking empty point: nothing is sent or played.
        const before = await online(other);
        await other.evaluate(() => { document.getElementById('message').textContent = ''; });
        await clickPoint(other, point);
        await other.waitForSelector('#message:not(:empty)');
        assert.match(await other.textContent('#message'), /opponent’s turn/);
        assert.deepEqual((await online(other)).moves, before.moves);
        assert.equal((await view(other)).moves.length, i);
      }
      if (i === 2) {
        // By keyboard: the point focused, Enter plays it.
        await me.focus(`[data-point="${point}"]`);
        await me.keyboard.press('Enter');
      } else {
        await clickPoint(me, point);
      }
      for (const page of pages) await synced(page, i + 1);
      // The opponent's screen reader hears the move.
      await other.waitForFunction((p) => document.getElementById('announce').textContent.includes(`(your opponent) played ${p}`), point, WAIT);
      assert.equal((await view(w)).lastMove, point, 'the watcher sees the move');
      if (i === 10) {
        // B reloads mid-game: the token kept in its storage rejoins the same seat at the same move.
        await b.reload();
        await b.waitForSelector('#board svg');
        await synced(b, i + 1);
        assert.equal((await online(b)).you, 1, 'B rejoined as White');
        await b.waitForSelector('#online-conn[data-status="connected"]', WAIT);
      }
      if (i === 20) {
        await shot(a, 'online-03-midgame-desktop');
        await shot(b, 'online-04-midgame-phone');
        await shot(w, 'online-05-watching-desktop');
        await checkAxe(b, 'mid-game, phone');
      }
    }
    // Both pass: the second pass ends the game, so it asks to be confirmed.
    await passTwiceToTheEnd(players, pages, PLIES);
    await shot(w, 'online-06-over-desktop');
  });

  test('Bind mini: a whole game by lines and placements, watched to the same end', async () => {
    const a = await person(DESKTOP);
    const b = await person(DESKTOP);
    const w = await person(PHONE);
    await open(a, `${base}/?pause=0`);
    await createGame(a, GAME.bindMini, 'second');
    const links = await confirmCreate(a);
    assert.equal((await online(a)).you, 1, 'A chose White, the second seat');
    await joinBoth(b, w, links);
    const players = [a, b];
    const pages = [a, b, w];
    const n = await playOut(players, pages, 0, async (me, i) => {
      const v = await view(me);
      const move = choose(v.bind.moves, i);
      const name = (k) => `${v.bind.columns[k % v.bind.size]}${Math.floor(k / v.bind.size) + 1}`;
      if (move.kind === 'pass') await me.click('#pass');
      else if (move.kind === 'place') await clickPoint(me, name(move.from));
      else {
        await clickPoint(me, name(move.from));
        await clickPoint(me, name(move.to));
      }
    });
    await sameEnd(pages, n);
    await shot(w, 'online-07-bind-over-phone');
  });
  test('byo-yomi: a page that joins mid-period counts down from the time the server says is left in it', async () => {
    const a = await person(DESKTOP);
    const b = await person(DESKTOP);
    await open(a, `${base}/?pause=0`);
    // No main time: Black is in its first 60 s period as soon as both have joined.
    await createGame(a, GAME.go9, 'first', { kind: 'byoyomi', fields: { 'online-main': 0, 'online-periods': 2, 'online-period': 60 } });
    const links = await confirmCreate(a);
    await open(b, links.invite);
    await a.waitForFunction(() => window.playground.online()?.clock?.running === 0, null, WAIT);
    // Some of Black's period goes by; then Black reloads. The state it gets says how much
    // of the period is left, and the clock shows that, not a whole period.
    await a.waitForTimeout(2500);
    await a.reload();
    await a.waitForSelector('#online-conn[data-status="connected"]', WAIT);
    await a.waitForSelector('[data-time="0"]', WAIT);
    const left = (await online(a)).clock.sides[0].period_left_ms;
    assert.ok(left <= 57_500, `the server says ${left} ms are left of the period`);
    const shown = await a.textContent('[data-time="0"]');
    const [m, sec] = shown.split(':').map(Number);
    assert.ok(m * 60 + sec <= 58, `the clock shows ${shown}, not a whole period`);
    assert.match(await a.textContent('[data-extra="0"]'), /byo-yomi: 2 periods left/);
    // White, not on turn, has its whole period.
    assert.equal(await a.textContent('[data-time="1"]'), '1:00');
  });

  test('Kazura 9×9: White swaps after the first stone, the seats change colour, and the game is played to its end', async () => {
    const a = await person(DESKTOP);
    const b = await person(PHONE);
    const w = await person(DESKTOP);
    await open(a, `${base}/?pause=0`);
    await createGame(a, GAME.kazura9, 'first');
    const links = await confirmCreate(a);
    assert.equal((await online(a)).you, 0, 'A chose Black, the first seat');
    await joinBoth(b, w, links);
    const players = [a, b];
    const pages = [a, b, w];
    // Kazura takes no draw and no undo: the server says so and the page offers neither.
    assert.deepEqual((await online(a)).calls, { resign: true, draw: false, undo: false });
    assert.equal(await a.locator('#online-offer-draw, #online-offer-undo').count(), 0, 'no draw or undo buttons');
    assert.equal(await a.locator('#online-resign').count(), 1, 'resigning is there');

    // Black's first stone; White (B) sees the swap offer, and only White.
    await playOne(players, 0);
    await b.waitForSelector('#swap:not([disabled])', WAIT);
    assert.equal(await a.locator('#swap:not([disabled])').count(), 0, 'Black cannot swap');
    await shot(b, 'online-08-kazura-swap-offer-phone');
    await b.click('#swap');
    for (const page of pages) await synced(page, 2);
    // The swap hands each colour to the other person: A now plays White, B Black, and
    // White is still on turn (K-8), so A, who placed the first stone, moves next.
    for (const page of pages) assert.deepEqual((await online(page)).seats, ['white', 'black']);
    assert.equal(await a.textContent('#online-role'), 'You play White.');
    assert.equal(await b.textContent('#online-role'), 'You play Black.');
    assert.equal((await online(a)).to_move, 0, 'seat 0 (A, now White) is to move');
    await a.waitForFunction(() => window.playground.personToAct(), null, WAIT);
    await w.waitForFunction(() => document.body.textContent.includes('White swapped'), null, WAIT);

    const n = await playOut(players, pages, 2, async (me, i) => {
      const lit = (await litPoints(me)).sort();
      // A colour with nowhere to place must pass (K-6): then the page lights nothing and
      // offers "Pass".
      if (lit.length === 0) await me.click('#pass');
      else await clickPoint(me, choose(lit, i));
    });
    await sameEnd(pages, n);
    assert.equal((await view(w)).moves[1], 'swap');
    await shot(w, 'online-09-kazura-over-desktop');
  });

  test('Bao: pits and the choice of direction, played to the end between South and North, watched', async () => {
    const a = await person(DESKTOP);
    const b = await person(DESKTOP);
    const w = await person(PHONE);
    await open(a, `${base}/?pause=0`);
    await createGame(a, GAME.baoSeed, 'random');
    const links = await confirmCreate(a);
    await joinBoth(b, w, links);
    // Sowing shown at once (the speed slider's last stop): the animation has tests of its
    // own, and here it would only make the game slow.
    for (const page of [a, b, w]) {
      await page.$eval('#speed', (slider) => {
        slider.value = slider.max;
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
    const seats = [(await online(a)).you, (await online(b)).you].sort();
    assert.deepEqual(seats, [0, 1], 'a random side: one person each seat');
    const players = [a, b];
    const pages = [a, b, w];
    let chosen = 0;
    const n = await playOut(players, pages, 0, async (me, i) => {
      const v = await view(me);
      const pits = Object.keys(v.bao.choices).sort();
      if (pits.length === 0) {
        await me.click('#pass');
        return;
      }
      const pit = choose(pits, i);
      const moves = v.bao.choices[pit];
      const side = v.players[v.toMove] === 'south' ? 'S' : 'N';
      await me.click(`[data-pit="${side}${pit}"]`);
      if (moves.length > 1) {
        // More than one way to move from this pit: the page asks which.
        await me.waitForSelector('#chooser:not([hidden])', WAIT);
        if (chosen === 0) await shot(me, 'online-10-bao-chooser-desktop');
        await me.click(`[data-move="${choose(moves, i).move}"]`);
        chosen += 1;
      }
    });
    assert.ok(chosen > 0, 'at least one move was chosen in the direction chooser');
    await sameEnd(pages, n);
    await shot(w, 'online-11-bao-over-phone');
  });

  test('go9: the server is killed mid-game and started again; both pages reconnect, no acknowledged move is lost; an undo and a draw by agreement finish it', async () => {
    const a = await person(DESKTOP);
    const b = await person(DESKTOP);
    await open(a, `${base}/?pause=0`);
    await createGame(a, GAME.go9, 'first');
    const links = await confirmCreate(a);
    await open(b, links.invite);
    await b.waitForFunction(() => window.playground.online()?.you === 1, null, WAIT);
    const players = [a, b];
    for (let i = 0; i < 4; i++) await playOne(players, i);

    // The server is killed (SIGKILL: no goodbye, no flush) and started again on the same
    // port and database: each page says it is reconnecting, then rejoins at move 4 and
    // plays on. Every move the pages were told of (acknowledged means committed) is in the
    // restarted server's game, which it read from the database, and in the record it gives.
    const acknowledged = (await online(a)).moves;
    assert.equal(acknowledged.length, 4);
    const id = new URL(links.watch).searchParams.get('game');
    const address = new URL(base).host;
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await stopped;
    for (const page of players) await page.waitForSelector('#online-conn:not([data-status="connected"])', WAIT);
    await startGameServer(address);
    for (const page of players) {
      await page.waitForSelector('#online-conn[data-status="connected"]', WAIT);
      await synced(page, 4);
      assert.deepEqual((await online(page)).moves, acknowledged, 'the same moves after the restart');
    }
    const recordMoves = async () => (await (await fetch(`${base}/games/${id}/record`)).json()).moves.map((m) => m.move);
    assert.deepEqual(await recordMoves(), acknowledged, 'the downloaded record holds every acknowledged move');
    const me = await playOne(players, 4);
    const other = me === a ? b : a;

    // The mover asks to take its move back; the opponent accepts: both are at move 4 again.
    await me.click('#online-offer-undo');
    await other.waitForSelector('#online-accept-undo', WAIT);
    await other.click('#online-accept-undo');
    for (const page of players) await synced(page, 4);
    // A draw offered and accepted ends the game: the same banner on both.
    await other.click('#online-offer-draw');
    await me.waitForSelector('#online-accept-draw', WAIT);
    await me.click('#online-accept-draw');
    // The only console errors allowed: the failed reconnection attempts while it was down.
    await sameEnd(players, 4, { reason: 'draw', errors: (list) => list.filter((e) => !/WebSocket connection to .* failed/.test(e)) });
    assert.equal(await a.textContent('#banner-title'), 'A draw');
    assert.deepEqual(await recordMoves(), (await online(b)).moves, 'the finished game\'s record');
  });

  test('go9: a game the operator ends (`game-server end`, the server stopped) shows no winner on both pages', async () => {
    const a = await person(DESKTOP);
    const b = await person(PHONE);
    await open(a, `${base}/?pause=0`);
    await createGame(a, GAME.go9, 'first');
    const links = await confirmCreate(a);
    await open(b, links.invite);
    await b.waitForFunction(() => window.playground.online()?.you === 1, null, WAIT);
    const players = [a, b];
    for (let i = 0; i < 2; i++) await playOne(players, i);
    const id = new URL(links.watch).searchParams.get('game');
    const address = new URL(base).host;
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    const said = execFileSync(BINARY, ['end', id, '--database', join(scratch, 'games.sqlite3')], { encoding: 'utf8' });
    assert.equal(said, `${id}\n`);
    await startGameServer(address);
    await sameEnd(players, 2, { reason: 'ended', errors: (list) => list.filter((e) => !/WebSocket connection to .* failed/.test(e)) });
    for (const page of players) {
      assert.equal(await page.textContent('#banner-title'), 'No result');
      assert.equal(await page.textContent('#result-text'), "ended by the server's operator");
      assert.deepEqual(await litPoints(page), [], 'nobody may move');
    }
    await shot(b, 'online-07-ended-phone');
  });
});
