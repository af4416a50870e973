// What a player reads and hears beyond the rules: result sentences, the rules card from
// its top with its link, developer words only in "About", Bao's resignation, a reload in
// the middle of a sowing, the toggles' states, sounds, move numbers, the stone under the
// mouse, and the picker's words whole on a phone. Each test failed on the page before the
// change it covers.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, GAME, PHONE, choose, clickPoint, closePage, openPage, pageUrl, settle, start, useBrowser, view,
} from './support.mjs';

useBrowser();

/** The text a person sees on the page: what is rendered, dialogs closed. */
const visibleText = (page) => page.evaluate(() => document.body.innerText);

describe('words a player reads', () => {
  test('the result is a sentence with capitals, in the banner and on the message line', async () => {
    const page = await openPage(DESKTOP);
    await start(page, GAME.go9, 'hh');
    await clickPoint(page, 'E5');
    await page.click('#pass');
    await page.click('#pass');
    await page.click('#pass'); // the second pass asks first
    await page.waitForSelector('#banner:not([hidden])');
    // Black has the whole board (81) against komi 7: 74 points.
    assert.equal(await page.textContent('#banner-title'), 'Black wins by 74 points.');
    assert.equal(await page.textContent('#result-detail'), 'Count: Black 81, White 7 with komi 7.');
    assert.equal(await page.textContent('#message'), 'Black wins by 74 points. Count: Black 81, White 7 with komi 7.');
    // The record's own words stay, folded away, for those who check with rulebook.
    assert.match(await page.textContent('#result-text'), /^black by 74 points/);
    assert.equal(await page.isVisible('#result-text'), false);

    await start(page, GAME.kazura9, 'hh');
    await clickPoint(page, 'E5');
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForSelector('#banner:not([hidden])');
    assert.equal(await page.textContent('#banner-title'), 'Black wins: White resigned.');
    await closePage(page);
  });

  test('the rules card opens at its top and links the full rules', async () => {
    const page = await openPage(PHONE);
    await page.click('#rules');
    const at = await page.evaluate(() => document.getElementById('rules-dialog').scrollTop);
    assert.equal(at, 0, 'the card is read from its top');
    const title = await page.locator('#rules-title').boundingBox();
    assert.ok(title.y >= 0 && title.y < PHONE.height, 'its title is on the screen');
    const href = await page.getAttribute('#full-rules', 'href');
    assert.equal(href, 'rules/go9.md');
    const response = await page.request.get(new URL(href, pageUrl()).href);
    assert.equal(response.status(), 200);
    assert.match(await response.text(), /### G-4 — Positional superko/);
    await page.click('#rules-close');
    await closePage(page);
  });

  test('developer words are in "About", not in the player\'s view', async () => {
    const page = await openPage(DESKTOP);
    const text = await visibleText(page);
    for (const word of ['WebAssembly', 'rulebook', 'Engine speed', 'Text diagram']) {
      assert.ok(!text.includes(word), `"${word}" is in the player's view`);
    }
    await page.click('#about-open');
    const about = await page.textContent('#about-dialog');
    for (const word of ['WebAssembly', 'Engine speed', 'Text diagram']) assert.ok(about.includes(word), word);
    await page.click('#about-close');
    await closePage(page);
  });

  test('the Players menu\'s choices fit its box on a phone, in each game\'s words', async () => {
    const page = await openPage(PHONE);
    for (const game of [GAME.go9, GAME.baoSeed]) {
      await page.selectOption('#game', game);
      const { room, widths } = await page.evaluate(() => {
        const select = document.getElementById('players');
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d');
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The box less its padding and the arrow's room.
        const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return { room: inner, widths: [...select.options].map((o) => [o.textContent, context.measureText(o.textContent).width]) };
      });
      for (const [text, width] of widths) assert.ok(width <= room, `"${text}" is ${Math.round(width)} px in ${Math.round(room)}`);
    }
    await closePage(page);
  });
});

describe('every game alike', () => {
  test('Bao can be resigned, and a reload keeps the resignation', async () => {
    const page = await openPage(DESKTOP);
    await start(page, GAME.baoSeed, 'hh');
    await page.click('#resign');
    assert.match(await page.textContent('#resign'), /Really resign \(south\)\?/);
    await page.click('#resign');
    await page.waitForSelector('#banner:not([hidden])');
    assert.equal(await page.textContent('#banner-title'), 'North wins: South resigned.');
    assert.equal((await view(page)).over, true);
    await page.reload();
    await page.waitForSelector('#banner:not([hidden])');
    assert.equal(await page.textContent('#banner-title'), 'North wins: South resigned.');
    // Undo takes the resignation back, as in the other games.
    await page.click('#undo');
    await settle(page);
    assert.equal((await view(page)).over, false);
    await closePage(page);
  });

  test('a reload in the middle of a sowing keeps the move', async () => {
    const page = await openPage(DESKTOP);
    await start(page, GAME.baoSeed, 'hh');
    await page.evaluate(() => {
      const speed = document.getElementById('speed');
      speed.value = '1';
      speed.dispatchEvent(new Event('input'));
    });
    const v = await view(page);
    const [pit, moves] = Object.entries(v.bao.choices)[0];
    await page.click(`[data-pit="S${pit}"]`);
    if (moves.length > 1) await page.click(`[data-move="${moves[0].move}"]`);
    await page.waitForSelector('svg[data-step]');
    assert.equal(await page.evaluate(() => window.playground.busy()), true, 'still sowing');
    await page.reload();
    await page.waitForSelector('#board svg');
    await settle(page);
    assert.deepEqual((await view(page)).moves, [moves[0].move]);
    await closePage(page);
  });

  test('toggles say whether they are on (aria-pressed "true" or "false")', async () => {
    const page = await openPage(DESKTOP);
    await start(page, GAME.go9, 'hh');
    for (const id of ['#preview', '#sound', '#numbers']) {
      assert.equal(await page.getAttribute(id, 'aria-pressed'), 'false', id);
      await page.click(id);
      assert.equal(await page.getAttribute(id, 'aria-pressed'), 'true', id);
      await page.click(id);
      assert.equal(await page.getAttribute(id, 'aria-pressed'), 'false', id);
    }
    await closePage(page);
  });
});

describe('feel', () => {
  test('sounds are off until turned on, then heard for placing and capturing, and remembered', async () => {
    const page = await openPage(DESKTOP);
    await start(page, GAME.go9, 'hh');
    await clickPoint(page, 'E5');
    await clickPoint(page, 'A1');
    assert.deepEqual(await page.evaluate(() => window.playground.sounds()), [], 'silent by default');
    await page.click('#sound');
    assert.equal(await page.textContent('#sound'), 'Sound on');
    // Turning it on plays a stone's sound once; then Black's A2 and B1 capture White's A1.
    for (const point of ['A2', 'D4', 'B1']) await clickPoint(page, point);
    assert.deepEqual(await page.evaluate(() => window.playground.sounds()), ['place', 'place', 'place', 'capture']);
    await page.reload();
    await page.waitForSelector('#board svg');
    assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'true', 'remembered');
    await page.click('#sound');
    await closePage(page);
  });

  test('move numbers on the stones, by the move that put each one there', async () => {
    const page = await openPage(DESKTOP);
    await start(page, GAME.go9, 'hh');
    for (const point of ['E5', 'D4', 'C3']) await clickPoint(page, point);
    assert.equal(await page.locator('[data-number]').count(), 0);
    await page.click('#numbers');
    const numbers = await page.evaluate(() => [...document.querySelectorAll('[data-number]')].map((t) => t.textContent).sort());
    assert.deepEqual(numbers, ['1', '2', '3']);
    await page.click('#numbers');
    await closePage(page);
  });

  test('a mouse over a legal point shows the stone to be played there', async () => {
    const page = await openPage(DESKTOP);
    await start(page, GAME.go9, 'hh');
    await page.hover('[data-point="C3"]');
    const ghost = await page.evaluate(() => {
      const g = document.querySelector('[data-preview]');
      return { at: g.dataset.at, shown: g.getAttribute('visibility'), black: g.dataset.stone };
    });
    assert.deepEqual(ghost, { at: 'C3', shown: 'visible', black: 'black' });
    await page.hover('#status');
    assert.equal(await page.getAttribute('[data-preview]', 'visibility'), 'hidden');
    await closePage(page);
  });
});

describe('a computer that behaves like a player', () => {
  test('the go9 computer resigns a hopeless game at normal, after three moves below a 10 % win rate', async () => {
    const page = await openPage(DESKTOP, '?pause=0&seed=5');
    await start(page, GAME.go9, 'hh');
    // Black fills every other line while White passes: White has no room left to live.
    const wall = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J'].flatMap((c) => [`${c}2`, `${c}4`, `${c}6`, `${c}8`]);
    for (const point of wall) {
      await clickPoint(page, point);
      await page.click('#pass');
    }
    assert.equal((await view(page)).ply, 72);
    await page.selectOption('#level', 'normal');
    await page.selectOption('#players', 'hc'); // the computer takes White now
    // Each of the computer's answers, with its search's win rate, until it resigns.
    const rates = [];
    for (let i = 0; i < 30; i++) {
      await settle(page);
      const now = await view(page);
      const think = await page.evaluate(() => window.playground.lastThink());
      if (think && JSON.stringify(think) !== JSON.stringify(rates.at(-1)?.think)) rates.push({ think, ply: now.ply });
      if (now.over) break;
      await clickPoint(page, choose(now.legal.filter((m) => m !== 'pass'), i));
    }
    const v = await view(page);
    assert.equal(v.over, true, 'the computer gave up');
    assert.deepEqual(v.outcome.end, { kind: 'resigned', loser: 'white' });
    assert.equal(await page.textContent('#message'), 'Black wins: White resigned.');
    // It resigned at its first answer that was the third in a row below 10 %, and not before.
    const low = rates.map((r) => r.think.winRate < 0.1);
    const third = low.findIndex((_, k) => k >= 2 && low[k] && low[k - 1] && low[k - 2]);
    assert.equal(third, rates.length - 1, `win rates ${rates.map((r) => r.think.winRate.toFixed(3)).join(', ')}`);
    await closePage(page);
  });

  test('at easy it never resigns', async () => {
    const page = await openPage(DESKTOP, '?pause=0&seed=5');
    await start(page, GAME.go9, 'hh');
    const wall = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J'].flatMap((c) => [`${c}3`, `${c}7`]);
    for (const point of wall) {
      await clickPoint(page, point);
      await page.click('#pass');
    }
    await page.selectOption('#players', 'hc');
    for (const point of ['B5', 'D5', 'F5', 'H5', 'A5']) {
      await settle(page);
      if ((await view(page)).over) break;
      await clickPoint(page, point);
    }
    await settle(page);
    assert.equal((await view(page)).outcome.end?.kind === 'resigned', false);
    await closePage(page);
  });
});
