// Nothing moves under a finger or a pointer: a whole game of each game, on a touch phone
// (390×844, tapped) and on a desktop (1280×800, clicked), against the computer, with a
// refused move's message on the way. After every tap the window has not scrolled, the
// board is where it was in the window (not in the document: a window that scrolls moves
// the board under the finger as surely as a layout that shifts), and the status line, the
// message line, the board, the game's buttons (Pass, Undo, Resign) and the history
// buttons are all on the screen. At the end the result is read on the message line, in a
// sentence, whole. Each check failed on the page before the change that made it hold.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import {
  CHROMIUM, DESKTOP, FLAGS, GAME, PHONE, choose, closePage, openPage, pageUrl, settle, shot, useBrowser, view,
} from './support.mjs';

useBrowser();

/** A phone's browser of its own: a touch screen without a mouse. */
let phoneBrowser;
before(async () => {
  phoneBrowser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
});
after(async () => {
  await phoneBrowser?.close();
});

/** A page in a fresh touch phone context, its console errors collected as `openPage`'s. */
async function phonePage(query) {
  const context = await phoneBrowser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => page.errors.push(`page error: ${error.message}`));
  await page.goto(pageUrl() + query);
  await page.waitForSelector('#board svg');
  page.closeAll = () => context.close();
  return page;
}

/** What must be on the screen together, by selector. */
const ON_SCREEN = ['#status', '#message', '#board', '#first', '#back', '#forward', '#last'];

/**
 * Where things are in the window now: the scroll, the board's box, and each selector of
 * ON_SCREEN and `more` that is not wholly inside the window.
 */
function layout(page, more = []) {
  return page.evaluate((selectors) => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), left: Math.round(r.left), width: Math.round(r.width), height: Math.round(r.height) };
    };
    const outside = [];
    for (const selector of selectors) {
      const el = document.querySelector(selector);
      if (!el || el.hidden) continue;
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
        outside.push(`${selector} at ${Math.round(r.top)}–${Math.round(r.bottom)}`);
      }
    }
    const message = document.getElementById('message');
    const whole = message.scrollHeight <= message.clientHeight + 1;
    return { scrollX, scrollY, board: box(document.getElementById('board')), outside, whole, said: message.textContent };
  }, [...ON_SCREEN, ...more]);
}

/** Checks the layout against the first one: nothing scrolled, the board in place, all on screen. */
async function checkStill(page, first, when) {
  const now = await layout(page, ['#actions button:not([hidden])', '#chooser:not([hidden])']);
  assert.equal(now.scrollY, 0, `${when}: the window scrolled by ${now.scrollY} px`);
  assert.equal(now.scrollX, 0, `${when}: the window scrolled sideways`);
  assert.deepEqual(now.board, first.board, `${when}: the board moved in the window`);
  assert.deepEqual(now.outside, [], `${when}: not on the screen`);
  assert.ok(now.whole, `${when}: the message is cut: ${now.said}`);
}

/** Bao's sowing shown at once (its steps are tested elsewhere; this is about places). */
async function instantSowing(page) {
  await page.evaluate(() => {
    const speed = document.getElementById('speed');
    speed.value = speed.max;
    speed.dispatchEvent(new Event('input'));
  });
}

/** A tap on a phone, a click on a desktop. */
const press = (page, selector) => (page.isPhone ? page.tap(selector) : page.click(selector));

/** Presses the point, pit or move button `selector` the game offers. */
async function person(page, v, i) {
  if (v.game === 'go9') {
    const points = v.legal.filter((m) => m !== 'pass');
    // Pass once the computer has, or late in the game; the first press asks, the second passes.
    if (v.lastMove === 'pass' || v.ply > 70 || !points.length) {
      await press(page, '#pass');
      if (await page.getAttribute('#pass', 'data-armed') === 'true') await press(page, '#pass');
      return;
    }
    return press(page, `[data-point="${choose(points, i)}"]`);
  }
  if (v.game === 'kazura') {
    if (v.kazura.passForced) return press(page, '#pass');
    return press(page, `[data-point="${choose(v.legal.filter((m) => m !== 'pass' && m !== 'swap'), i)}"]`);
  }
  if (v.game === 'bao') {
    const moves = Object.values(v.bao.choices).flat();
    if (!moves.length) return press(page, '#pass');
    const move = choose(moves, i);
    const mover = v.players[v.toMove] === 'south' ? 'S' : 'N';
    await press(page, `[data-pit="${mover}${move.move.slice(0, 2)}"]`);
    if (await page.isVisible('#chooser')) await press(page, `[data-move="${move.move}"]`);
    return undefined;
  }
  const move = choose(v.bind.moves, i);
  const name = (k) => `${v.bind.columns[k % v.bind.size]}${Math.floor(k / v.bind.size) + 1}`;
  if (move.kind === 'pass') return press(page, '#pass');
  await press(page, `[data-point="${name(move.from)}"]`);
  if (move.kind !== 'place') await press(page, `[data-point="${name(move.to)}"]`);
  return undefined;
}

/** A move the rules refuse, pressed on the board: its reason appears on the message line. */
async function refusedMove(page, v) {
  if (v.game === 'bao') {
    const mover = v.players[v.toMove] === 'south' ? 'S' : 'N';
    const lit = new Set(Object.keys(v.bao.choices));
    const pit = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'B1'].find((p) => !lit.has(p));
    return press(page, `[data-pit="${mover}${pit}"]`);
  }
  const cells = v[v.game].cells;
  const columns = v[v.game].columns;
  const size = v[v.game].size;
  const taken = cells.findIndex((c) => c !== 0);
  const k = taken >= 0 ? taken : 0;
  return press(page, `[data-point="${columns[k % size]}${Math.floor(k / size) + 1}"]`);
}

/** Plays `game` to its end against the easy computer, checking the layout after every press. */
async function wholeGame(page, game, label) {
  await page.selectOption('#game', game);
  await page.selectOption('#players', 'hc');
  await page.selectOption('#level', 'easy');
  await press(page, '#start');
  await settle(page);
  await page.evaluate(() => window.scrollTo(0, 0)); // where a player starts reading
  const first = await layout(page);
  await checkStill(page, first, 'the start');
  let refused = false;
  let thought = false;
  for (let i = 0; i < 600; i++) {
    await settle(page);
    const v = await view(page);
    if (v.over) break;
    if (!await page.evaluate(() => window.playground.personToAct())) continue;
    if (!refused && v.ply >= 2 && v.game !== 'bind') {
      refused = true;
      await refusedMove(page, v);
      await page.waitForSelector('#message:not(:empty)');
      await checkStill(page, first, 'a refused move');
      const fits = await page.evaluate(() => {
        const m = document.getElementById('message');
        return m.scrollHeight <= m.clientHeight + 1;
      });
      assert.ok(fits, `the refusal is whole on the message line: ${await page.textContent('#message')}`);
    }
    if (!thought && v.ply >= 4) {
      // The hard computer for one answer, to check the layout while it thinks (a reply it
      // finds at once, with one legal move, is tried again at the next move).
      await page.selectOption('#level', 'hard');
      await person(page, v, i);
      thought = await page.evaluate(() => document.querySelector('#status .thinking') !== null);
      if (thought) await checkStill(page, first, 'the computer thinking');
      await settle(page);
      await page.selectOption('#level', 'easy');
      continue;
    }
    await person(page, v, i);
    await checkStill(page, first, `after move ${v.ply + 1}`);
  }
  await settle(page);
  const end = await view(page);
  assert.equal(end.over, true, 'the game ended');
  assert.ok(thought, 'the layout was checked while the computer thought');
  await checkStill(page, first, 'the end');
  const said = await page.textContent('#message');
  assert.match(said, /^(Black|White|South|North) wins|^A draw|^No winner/, `the result in a sentence: ${said}`);
  assert.equal(await page.getAttribute('#message', 'data-kind'), 'result');
  await shot(page, `layout-${label}-${end.game}-end`);
}

describe('nothing moves under a finger (390×844, touch)', () => {
  for (const [name, game] of [['Kazura 9×9', GAME.kazura9], ['Bao', GAME.baoSeed], ['9×9 Go', GAME.go9], ['Bind mini', GAME.bindMini]]) {
    test(`${name}: a whole game, everything on the screen, the window still`, async () => {
      const page = await phonePage('?pause=0&seed=21');
      page.isPhone = true;
      await instantSowing(page);
      await wholeGame(page, game, 'phone');
      assert.equal(await page.isVisible('.keys-help'), false, 'no keyboard help on a touch phone');
      assert.deepEqual(page.errors, [], 'no console error');
      await page.closeAll();
    });
  }

  test('Kazura 19×19: every point at least 24 px to tap; the board scrolls in its own box', async () => {
    const page = await phonePage('?pause=0');
    page.isPhone = true;
    await page.selectOption('#game', GAME.kazura19);
    await page.selectOption('#players', 'hh');
    await press(page, '#start');
    const sizes = await page.evaluate(() => [...document.querySelectorAll('#board [data-point]')].map((p) => p.getBoundingClientRect().width));
    assert.equal(sizes.length, 361);
    assert.ok(Math.min(...sizes) >= 24, `the smallest point is ${Math.min(...sizes)} px`);
    const first = await layout(page);
    await checkStill(page, first, 'Kazura 19×19');
    await closePage(page);
    await page.closeAll();
  });
});

describe('nothing moves under the pointer (1280×800)', () => {
  for (const [name, game] of [['Kazura 9×9', GAME.kazura9], ['Bao', GAME.baoSeed], ['9×9 Go', GAME.go9], ['Bind mini', GAME.bindMini]]) {
    test(`${name}: a whole game, everything on the screen, the window still`, async () => {
      const page = await openPage(DESKTOP, '?pause=0&seed=22');
      await instantSowing(page);
      await wholeGame(page, game, 'desktop');
      await closePage(page);
    });
  }
});
