// What the tests of online play share (online.test.mjs, proxy.test.mjs): starting the real
// game-server, people as browser contexts of their own, and the steps of an online game as
// a person takes them (make a game, join it, play the lit points, see the same end).

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { CHROMIUM, DESKTOP, FLAGS, REPO, choose } from './support.mjs';

/** The server binary: env GAME_SERVER, else ../target/debug/game-server. */
export const BINARY = resolve(process.env.GAME_SERVER ?? join(REPO, 'target', 'debug', 'game-server'));
export const WAIT = { timeout: 60_000 };
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Starts game-server with `args` (built with `cargo build -p game-server` when missing);
 * resolves to `{ child, address }` once it says where it listens (`http://…`).
 */
export function spawnGameServer(args) {
  if (!process.env.GAME_SERVER && !existsSync(BINARY)) {
    execFileSync('cargo', ['build', '-q', '-p', 'game-server'], { cwd: REPO, stdio: 'inherit' });
  }
  const child = spawn(BINARY, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      said += chunk;
      const found = said.match(/listening on (http:\/\/\S+)/);
      if (found) resolve({ child, address: found[1] });
    });
    child.on('exit', (code) => reject(new Error(`game-server exited (${code}): ${said}`)));
  });
}

/**
 * A fresh Chromium for a test file: `person(viewport)` makes a person (as [`people`]),
 * `close()` closes every person's context and the browser (safe when it never started).
 */
export async function startBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const contexts = [];
  return {
    person: people(browser, contexts),
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
    },
  };
}

/**
 * A function making people in `browser`: each a browser context of its own (own storage),
 * one tab, console errors collected in `page.errors`; the contexts are pushed on `contexts`
 * for the caller to close.
 */
export function people(browser, contexts) {
  return (viewport = DESKTOP) => person(browser, contexts, viewport);
}

async function person(browser, contexts, viewport) {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => page.errors.push(`page error: ${error.message}`));
  return page;
}

export async function open(page, address) {
  await page.goto(address);
  await page.waitForSelector('#board svg');
}

export const online = (page) => page.evaluate(() => window.playground.online());
export const view = (page) => page.evaluate(() => window.playground.view());

/** Makes a game from `page`'s dialog: `game` (picker value), `side`, `clock` settings. */
export async function createGame(page, game, side, clock = null) {
  await page.selectOption('#game', game);
  await page.click('#online-open');
  await page.selectOption('#online-side', side);
  if (clock) {
    await page.selectOption('#online-clock', clock.kind);
    for (const [id, value] of Object.entries(clock.fields)) await page.fill(`#${id}`, String(value));
  }
  return page;
}

/** Clicks "Create"; resolves to `{ invite, watch }` once the panel shows the links. */
export async function confirmCreate(page) {
  await page.click('#online-create');
  await page.waitForSelector('#online-invite', WAIT);
  await page.waitForFunction(() => window.playground.online()?.you !== undefined
    && window.playground.online() !== null, null, WAIT);
  return { invite: await page.inputValue('#online-invite'), watch: await page.inputValue('#online-watch') };
}

/** Waits until `page` shows `n` moves, as the server said, with nothing animating. */
export async function synced(page, n) {
  await page.waitForFunction((count) => {
    const s = window.playground.online();
    return s && s.moves.length === count && window.playground.view().moves.length === count
      && !window.playground.busy();
  }, n, WAIT);
}

/** The page whose seat is to move, and its index. */
export async function mover(players) {
  const { to_move: seat } = await online(players[0]);
  for (const page of players) if ((await online(page)).you === seat) return page;
  throw new Error(`no page plays seat ${seat}`);
}

/** Runs axe on the page; no serious or critical violation. */
export async function checkAxe(page, when) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const grave = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  assert.deepEqual(grave, [], `${when}: serious or critical accessibility violations`);
}

export const clickPoint = (page, name) => page.click(`[data-point="${name}"]`);

/** The points the page lights for its player (the legal targets). */
export const litPoints = (page) => page.$$eval('circle[data-legal]', (marks) => marks.map((m) => m.dataset.legal));

/** Joins the invite in `b` and the watch link in `w`; waits until both know their seat. */
export async function joinBoth(b, w, links) {
  await open(b, links.invite);
  await b.waitForFunction(() => window.playground.online()?.you === 1 || window.playground.online()?.you === 0, null, WAIT);
  assert.ok(!(await b.evaluate(() => location.hash)).includes('token'), 'the token left the address bar');
  await open(w, links.watch);
  await w.waitForFunction(() => window.playground.online() && window.playground.online().you === null, null, WAIT);
}

/** Plays the mover's seeded lit point; waits until both pages show it. */
export async function playOne(players, i) {
  for (const page of players) await synced(page, i);
  const me = await mover(players);
  await me.waitForFunction(() => window.playground.personToAct(), null, WAIT);
  await clickPoint(me, choose((await litPoints(me)).sort(), i));
  for (const page of players) await synced(page, i + 1);
  return me;
}

/**
 * Plays on from move `n` until the server says the game is over: each turn the mover's
 * page is handed to `play(me, n)`, which makes its move by the page's own controls; every
 * page must then hear of it. Resolves to the number of moves played in all.
 */
export async function playOut(players, pages, n, play) {
  for (; n < 400; n++) {
    for (const page of pages) await synced(page, n);
    // The game's end comes as its own message after the last move.
    await players[0].waitForFunction(() => { const s = window.playground.online(); return s.result || s.to_move !== null; }, null, WAIT);
    if ((await online(players[0])).result) return n;
    const me = await mover(players);
    await me.waitForFunction(() => window.playground.personToAct(), null, WAIT);
    await play(me, n);
    // Wait for the server's answer before the next move.
    for (const page of pages) {
      await page.waitForFunction((count) => window.playground.online().moves.length > count, n, WAIT);
    }
  }
  throw new Error('the game did not end in 400 moves');
}

/**
 * Every page shows the same ended game of `n` moves: the same banner, every move counted,
 * the rules' own end, and the result the page's rules give is the server's; no console
 * error anywhere. `errors` filters what may be allowed.
 */
export async function sameEnd(pages, n, { reason = 'rules', errors = (list) => list } = {}) {
  for (const page of pages) await page.waitForSelector('#banner:not([hidden])', WAIT);
  const texts = await Promise.all(pages.map((page) => page.textContent('#banner')));
  for (const text of texts.slice(1)) assert.equal(text, texts[0], 'every page shows the same result');
  const counts = await Promise.all(pages.map((page) => page.textContent('#move-count')));
  assert.deepEqual(counts, pages.map(() => String(n)), 'every move reached every page');
  const state = await online(pages.at(-1));
  assert.equal(state.result.reason, reason);
  if (reason === 'rules') {
    assert.equal((await view(pages.at(-1))).outcome.text, state.result.text, 'the rules here give the server\'s result');
  }
  for (const page of pages) assert.deepEqual(errors(page.errors), [], 'no console error');
}

/**
 * go9 after `n` moves: the mover passes, then the other side passes and confirms the pass
 * that ends the game; resolves once every page of `pages` shows the same end.
 */
export async function passTwiceToTheEnd(players, pages, n, endOptions = {}) {
  let me = await mover(players);
  await me.waitForFunction(() => window.playground.personToAct(), null, WAIT);
  await me.click('#pass');
  for (const page of pages) await synced(page, n + 1);
  me = await mover(players);
  await me.waitForFunction(() => window.playground.personToAct(), null, WAIT);
  // The second pass ends the game, so it asks to be confirmed.
  await me.click('#pass');
  await me.click('#pass');
  await sameEnd(pages, n + 2, endOptions);
}
