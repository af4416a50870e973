// Quick match on the page (issue 37; docs/server.md, "Quick match"; docs/web.md): the real
// game-server serves the page with a two-second wait for the computer. Two people, one on
// a phone, click "Quick match" with their nicknames and land in the same 9×9 game with
// Ttakji's clock, each told whom they meet; one plays and the other sees it. A lone person
// is offered the computer, takes it, and the page says plainly that the opponent is the
// computer; the computer answers a move.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, DIST, GAME, PHONE, SHOTS, shot } from './support.mjs';
import {
  WAIT, checkAxe, online, open, playOne, spawnGameServer, startBrowser, synced,
} from './online-support.mjs';

let server;
let base;
let browser;
let scratch;
let person;

before(async () => {
  assert.ok(existsSync(join(DIST, 'manifest.json')), 'web/dist is built (run web/build.sh)');
  mkdirSync(SHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'playground-match-'));
  const started = await spawnGameServer([
    '--listen', '127.0.0.1:0', '--database', join(scratch, 'games.sqlite3'), '--web', DIST,
    '--match-wait-seconds', '2',
  ]);
  server = started.child;
  base = started.address;
  browser = await startBrowser();
  person = browser.person;
});

after(async () => {
  await browser?.close();
  server?.kill();
  rmSync(scratch, { recursive: true, force: true });
});

/** Opens the Quick match dialog on `page` for go9 as `nickname`, with `computer` chosen. */
async function askForMatch(page, nickname, computer = 'offer') {
  await open(page, `${base}/?pause=0`);
  await page.waitForSelector('#match-open', { state: 'visible', ...WAIT });
  await page.selectOption('#game', GAME.go9);
  await page.click('#match-open');
  await page.fill('#match-nickname', nickname);
  await page.selectOption('#match-computer', computer);
  await page.click('#match-find');
  await page.waitForFunction(() => document.querySelector('#match-status').textContent.includes('Looking for an opponent'), null, WAIT);
}

/** Waits until `page` plays a seat of the server's game; its online state. */
async function seated(page) {
  await page.waitForFunction(() => [0, 1].includes(window.playground.online()?.you), null, WAIT);
  return online(page);
}

describe('quick match on the page', () => {
  test('two people meet in one go9 game with Ttakji\'s clock, each told whom they meet', async () => {
    const ann = await person(DESKTOP);
    const bo = await person(PHONE);
    await askForMatch(ann, 'Ann', 'never');
    assert.match(await ann.textContent('#match-status'), /9×9 Go.*30 s a move/);
    await shot(ann, 'match-01-waiting-desktop');
    await checkAxe(ann, 'the quick-match dialog, waiting');
    await askForMatch(bo, 'Bo', 'never');
    const [a, b] = [await seated(ann), await seated(bo)];
    assert.equal(await ann.evaluate(() => new URLSearchParams(location.search).get('game')),
      await bo.evaluate(() => new URLSearchParams(location.search).get('game')), 'one game for both');
    assert.deepEqual([a.you, b.you].sort(), [0, 1], 'one seat each');
    assert.equal(a.computer, null);
    assert.deepEqual(a.clock.spec, { main_ms: 0, byoyomi: { periods: 1, period_ms: 30000 } });
    await ann.waitForSelector('#online-clocks', WAIT);
    assert.match(await ann.textContent('#online-role'), /against Bo\.$/);
    assert.match(await bo.textContent('#online-role'), /against Ann\.$/);
    assert.match(await bo.textContent('#message'), /You meet Ann\. Clock: 30 s a move\./);
    assert.equal(await ann.isVisible('#match-dialog'), false, 'the dialog closed');
    await playOne([ann, bo], 0);
    await shot(bo, 'match-02-matched-phone');
    // A reload keeps the seat and the opponent's name.
    await bo.reload();
    await seated(bo);
    await synced(bo, 1);
    assert.match(await bo.textContent('#online-role'), /against Ann\.$/);
    for (const page of [ann, bo]) assert.deepEqual(page.errors, [], 'no console error');
  });

  test('a lone person is offered the computer after the wait, takes it, and is told so plainly', async () => {
    const lone = await person(PHONE);
    await askForMatch(lone, 'Cy');
    await lone.waitForSelector('#match-take-computer', { state: 'visible', ...WAIT });
    assert.equal(await lone.textContent('#match-take-computer'), 'Play the computer (normal) instead');
    await shot(lone, 'match-03-computer-offer-phone');
    await lone.click('#match-take-computer');
    const state = await seated(lone);
    assert.deepEqual(state.computer, { seat: 1 - state.you, level: 'normal' });
    assert.equal(state.clock, null, 'no clock against the computer');
    await lone.waitForSelector('#online-role', WAIT);
    assert.match(await lone.textContent('#online-role'), /against the computer \(normal\)\.$/);
    assert.match(await lone.textContent('#message'), /your opponent is the computer \(normal\)\. The game is unrated and has no clock\./);
    assert.equal(await lone.isVisible('#online-clocks'), false);
    // The computer plays its seat: after the person's move (or first, as Black), it answers.
    await lone.waitForFunction(() => window.playground.online().to_move === window.playground.online().you, null, WAIT);
    const before = (await online(lone)).moves.length;
    await lone.waitForFunction(() => window.playground.personToAct(), null, WAIT);
    const lit = await lone.$$eval('circle[data-legal]', (marks) => marks.map((m) => m.dataset.legal));
    await lone.click(`[data-point="${lit.sort()[0]}"]`);
    await synced(lone, before + 2);
    await shot(lone, 'match-04-computer-game-phone');
    assert.deepEqual(lone.errors, [], 'no console error');
  });

  test('the lobby: a waiting player\'s challenge is taken from it, and a game going on is watched from it', async () => {
    const eve = await person(DESKTOP);
    const fay = await person(PHONE);
    const gus = await person(DESKTOP);
    await askForMatch(eve, 'Eve', 'never');
    await open(fay, `${base}/?pause=0`);
    await fay.waitForSelector('#lobby-open', { state: 'visible', ...WAIT });
    await fay.click('#lobby-open');
    await fay.waitForSelector('#lobby-challenges li', WAIT);
    const listed = await fay.textContent('#lobby-challenges');
    assert.match(listed, /Eve: 9×9 Go, 30 s a move, waiting \d+ s/);
    await checkAxe(fay, 'the lobby');
    await shot(fay, 'match-05-lobby-phone');
    await fay.click('#lobby-challenges li button');
    const [e, f] = [await seated(eve), await seated(fay)];
    assert.deepEqual([e.you, f.you].sort(), [0, 1]);
    assert.equal(await eve.evaluate(() => new URLSearchParams(location.search).get('game')),
      await fay.evaluate(() => new URLSearchParams(location.search).get('game')), 'one game for both');
    assert.match(await eve.textContent('#online-role'), /against Guest\.$/, 'Fay gave no nickname');

    // Gus finds the game going on in the lobby and watches it.
    await open(gus, `${base}/?pause=0`);
    await gus.waitForSelector('#lobby-open', { state: 'visible', ...WAIT });
    await gus.click('#lobby-open');
    await gus.waitForSelector('#lobby-live li', WAIT);
    const live = await gus.textContent('#lobby-live');
    assert.match(live, /(Eve – Guest|Guest – Eve): 9×9 Go, 0 moves/);
    // The lone person's game against the computer, from the test before, names it so.
    assert.match(live, /(Cy – the computer \(normal\)|the computer \(normal\) – Cy): 9×9 Go/);
    await Promise.all([gus.waitForNavigation(), gus.click('#lobby-live li:has-text("Eve") a')]);
    await gus.waitForFunction(() => window.playground.online()?.you === null, null, WAIT);
    await playOne([eve, fay], 0);
    await synced(gus, 1);
    for (const page of [eve, fay, gus]) assert.deepEqual(page.errors, [], 'no console error');
  });
});
