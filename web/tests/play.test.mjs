// Browser tests of what a player meets beyond the rules: the board never moves under the
// pointer, keyboard play and what a screen reader hears, undo and stepping through the game
// in every game, the side drawn at random, stopping the computer, Go's pass confirmation
// and territory, a game kept across a reload, and records that set the picker. Each test
// here failed on the page before the change it covers.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DESKTOP, GAME, PHONE, bannerText, clickPoint, closePage, loadFile, openPage, rulebook, scratch,
  settle, shot, start, useBrowser, view,
} from './support.mjs';

useBrowser();

/** The board's top edge in the document (not the window, so scrolling shows too). */
const boardTop = (page) => page.evaluate(() => {
  const box = document.querySelector('#board svg').getBoundingClientRect();
  return Math.round(box.top + window.scrollY);
});

/** Waits until the message line says something matching `pattern`. */
async function message(page, pattern) {
  await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('message').textContent), pattern.source);
  return page.textContent('#message');
}

/** Plays Black's first Bind line (a legal one) by two clicks. */
async function bindFirstLine(page) {
  const v = await view(page);
  const name = (k) => `${v.bind.columns[k % v.bind.size]}${Math.floor(k / v.bind.size) + 1}`;
  const line = v.bind.moves.find((m) => m.kind === 'line');
  await clickPoint(page, name(line.from));
  await clickPoint(page, name(line.to));
}

/** Plays the person's first move of `game` through the board, whatever the game. */
async function firstMove(page) {
  const v = await view(page);
  if (v.game === 'bind') return bindFirstLine(page);
  if (v.game === 'bao') {
    const [pit, moves] = Object.entries(v.bao.choices)[0];
    const mover = v.players[v.toMove] === 'south' ? 'S' : 'N';
    await page.click(`[data-pit="${mover}${pit}"]`);
    if (moves.length > 1) await page.click(`[data-move="${moves[0].move}"]`);
    return undefined;
  }
  return clickPoint(page, v.legal.find((m) => m !== 'pass' && m !== 'swap'));
}

describe('the board never moves under the pointer', () => {
  for (const [viewport, label] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    test(`every kind of message keeps the board in place (${label})`, async () => {
      const page = await openPage(viewport);
      await start(page, GAME.go9, 'hh');
      const top = await boardTop(page);
      // Two people: E5, E5 again (refused, a message appears), then where D4 was.
      const d4 = await page.locator('[data-point="D4"]').boundingBox();
      await clickPoint(page, 'E5');
      await clickPoint(page, 'E5');
      await message(page, /occupied/);
      assert.equal(await boardTop(page), top, 'an illegal move\'s reason');
      await page.mouse.click(d4.x + d4.width / 2, d4.y + d4.height / 2);
      assert.deepEqual((await view(page)).moves, ['E5', 'D4'], 'the point under the pointer is played');
      await shot(page, `play-01-message-${label}`);

      // The computer thinking, and a click meanwhile.
      await page.selectOption('#players', 'hc');
      await page.selectOption('#level', 'hard');
      await clickPoint(page, 'C3');
      await clickPoint(page, 'G7');
      await message(page, /thinking/);
      assert.equal(await boardTop(page), top, 'the computer is thinking');
      await settle(page);

      // Bind's half-made line, the end of a game, a loaded record.
      await start(page, GAME.bindMini, 'hh');
      const v = await view(page);
      const line = v.bind.moves.find((m) => m.kind === 'line');
      await clickPoint(page, `${v.bind.columns[line.from % 5]}${Math.floor(line.from / 5) + 1}`);
      await message(page, /Line from/);
      assert.equal(await boardTop(page), top, 'a line\'s first click');
      await page.keyboard.press('Escape');
      await start(page, GAME.go9, 'hh');
      await page.click('#pass');
      await page.click('#pass');
      await page.click('#pass');
      await bannerText(page);
      assert.equal(await boardTop(page), top, 'the end of the game');
      const file = join(scratch, `kazura-${label}.json`);
      rulebook('selfplay', 'kazura', '--size', '9', '--seed', '3', '--record', file);
      await loadFile(page, file);
      assert.equal(await boardTop(page), top, 'a loaded record');
      await closePage(page);
    });
  }

  test('Bao\'s choice of direction is in the window, and the board stays (1280×800)', async () => {
    const page = await openPage(DESKTOP);
    await start(page, GAME.baoSeed, 'hh');
    const top = await boardTop(page);
    const v = await view(page);
    const [pit] = Object.entries(v.bao.choices).find(([, moves]) => moves.length > 1);
    await page.click(`[data-pit="S${pit}"]`);
    await page.waitForSelector('#chooser:not([hidden])');
    const box = await page.locator('#chooser').boundingBox();
    assert.ok(box.y + box.height <= DESKTOP.height, `the chooser ends at ${box.y + box.height}, inside the window`);
    assert.equal(await boardTop(page), top);
    await shot(page, 'play-02-bao-chooser-desktop');
    await closePage(page);
  });
});

describe('keyboard and screen reader', () => {
  test('Tab reaches the board; arrows, Enter and Escape play; one live region speaks', async () => {
    const page = await openPage();
    await start(page, GAME.go9, 'hh');
    assert.equal(await page.locator('[aria-live]').count(), 1, 'one live region');
    assert.equal(await page.locator('[role="status"], [role="alert"]').count(), 0);
    await page.focus('#about-open'); // the picker's last button
    await page.keyboard.press('Tab');
    let focused = await page.evaluate(() => ({ key: document.activeElement.dataset.key, label: document.activeElement.getAttribute('aria-label') }));
    assert.equal(focused.key, 'A9', 'the first point of the board is the one in the tab order');
    assert.equal(focused.label, 'A9: empty, legal');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    focused = await page.evaluate(() => document.activeElement.dataset.key);
    assert.equal(focused, 'B8');
    await page.keyboard.press('Enter');
    assert.deepEqual((await view(page)).moves, ['B8']);
    await page.waitForFunction(() => document.getElementById('announce').textContent === 'Black (player 1) played B8.');
    // The focus stays on the point played, which now says what stands there.
    focused = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
    assert.equal(focused, 'B8: black stone, the last move');
    await page.keyboard.press('Space');
    await page.waitForFunction(() => /occupied/.test(document.getElementById('announce').textContent));

    // Escape drops a half-made Bind line.
    await start(page, GAME.bindMini, 'hh');
    const v = await view(page);
    const line = v.bind.moves.find((m) => m.kind === 'line');
    const from = `${v.bind.columns[line.from % 5]}${Math.floor(line.from / 5) + 1}`;
    await page.focus(`[data-key="${from}"]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`[data-selected="${from}"]`, { state: 'attached' });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-selected]', { state: 'detached' });
    assert.equal((await view(page)).moves.length, 0);

    // Bao's pits: Enter on a pit with two directions opens the choice; Escape closes it.
    await start(page, GAME.baoSeed, 'hh');
    const bao = await view(page);
    const [pit] = Object.entries(bao.bao.choices).find(([, moves]) => moves.length > 1);
    await page.focus(`[data-key="S${pit}"]`);
    assert.match(await page.getAttribute(`[data-key="S${pit}"]`, 'aria-label'), /kete, can start a move/);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#chooser:not([hidden])');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#chooser', { state: 'hidden' });
    await closePage(page);
  });
});

describe('undo and history in every game', () => {
  for (const game of ['kazura9', 'baoSeed', 'go9', 'bindMini']) {
    test(`${game}: undo against the computer takes back its reply and the person's move`, async () => {
      const page = await openPage(DESKTOP, '?pause=0&seed=11');
      await start(page, GAME[game], 'hc', 'easy');
      await firstMove(page);
      await settle(page);
      assert.equal((await view(page)).moves.length, 2, 'the computer answered');
      await page.click('#undo');
      await settle(page);
      const v = await view(page);
      assert.deepEqual(v.moves, []);
      assert.equal(await page.evaluate(() => window.playground.personToAct()), true);
      await closePage(page);
    });
  }

  test('the move list and the arrow keys step through a game without losing it', async () => {
    const page = await openPage();
    await start(page, GAME.go9, 'hh');
    for (const point of ['E5', 'D4', 'C3']) await clickPoint(page, point);
    await page.click('[data-ply="1"]');
    await page.waitForSelector('#board svg[data-ply="1"]');
    assert.equal(await page.locator('[data-stone]').count(), 1, 'the board after move 1');
    await page.click('#status'); // the focus off the board and the list
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('#board svg[data-ply="2"]');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#board svg[data-ply="0"]');
    assert.equal(await page.evaluate(() => window.playground.personToAct()), false, 'no move while looking back');
    await page.click('#last');
    await page.waitForSelector('#board svg[data-ply="3"]:not([data-looking-back])');
    assert.deepEqual((await view(page)).moves, ['E5', 'D4', 'C3'], 'nothing was lost');
    await page.click('[data-ply="1"]');
    await page.click('#play-here');
    assert.deepEqual((await view(page)).moves, ['E5']);
    await clickPoint(page, 'G7');
    assert.deepEqual((await view(page)).moves, ['E5', 'G7']);
    await closePage(page);
  });

  test('a long game\'s move list scrolls down and never sideways', async () => {
    const file = join(scratch, 'long-go9.json');
    rulebook('selfplay', 'go9', '--seed', '5', '--max-plies', '70', '--record', file);
    const page = await openPage(PHONE);
    await loadFile(page, file);
    const list = await page.evaluate(() => {
      const ol = document.getElementById('moves');
      return { scrollWidth: ol.scrollWidth, clientWidth: ol.clientWidth, items: ol.children.length };
    });
    assert.equal(list.items, 71, 'the start and 70 moves');
    assert.ok(list.scrollWidth <= list.clientWidth, `no sideways overflow (${list.scrollWidth} > ${list.clientWidth})`);
    const last = page.locator('#moves [data-ply="70"]');
    await last.scrollIntoViewIfNeeded();
    assert.ok(await last.isVisible());
    assert.match(await last.textContent(), /^70\. /);
    await closePage(page);
  });
});

describe('the players and the computer', () => {
  test('sides drawn at random come out both ways for a seeded page', async () => {
    const page = await openPage(DESKTOP, '?pause=0&seed=3');
    const seen = new Set();
    for (let i = 0; i < 8; i++) {
      await start(page, GAME.bindMini, 'hr', 'easy');
      seen.add((await page.evaluate(() => window.playground.seats())).join(' '));
    }
    assert.deepEqual([...seen].sort(), ['computer person', 'person computer']);
    assert.match(await page.textContent('#players option[value="hr"]'), /^Black or White at random, vs the computer$/);
    await closePage(page);
  });

  test('the page says how long the computer thought, and the speed panel measures the engine', async () => {
    const page = await openPage(DESKTOP, '?pause=0&seed=2');
    await start(page, GAME.go9, 'hc', 'normal');
    await clickPoint(page, 'E5');
    await settle(page);
    assert.match(await page.textContent('#think-time'), /^The computer \(normal\) thought \d+\.\d\d s for its last move, [\d,]+ playouts\.$/);
    await page.click('#about-open');
    await page.click('#speed-panel summary');
    await page.click('#measure');
    await page.waitForSelector('[data-speed="browser"]');
    assert.match(await page.textContent('[data-speed="browser"]'), /^[\d,]+ games\/s \([\d,]+ moves\/s\)$/);
    assert.match(await page.textContent('[data-speed="native"]'), /games\/s — the browser runs at \d+ % of it/);
    await shot(page, 'play-06-speed-panel');
    await closePage(page);
  });

  test('the computer playing itself can be stopped and resumed', async () => {
    const page = await openPage(DESKTOP, '?pause=400');
    // Not `start`, which waits until the computer is done: here that is the game's end.
    await page.selectOption('#game', GAME.go9);
    await page.selectOption('#players', 'cc');
    await page.selectOption('#level', 'easy');
    await page.click('#start');
    await page.waitForFunction(() => window.playground.view().ply >= 4);
    await page.click('#pause');
    await settle(page);
    const ply = (await view(page)).ply;
    await page.waitForTimeout(1200);
    assert.equal((await view(page)).ply, ply, 'no move while stopped');
    await shot(page, 'play-03-computer-stopped');
    await page.click('#pause');
    await page.waitForFunction((p) => window.playground.view().ply > p, ply);
    await closePage(page);
  });

  test('Go asks before a pass that may end the game, and shades the territory at the end', async () => {
    const page = await openPage(DESKTOP, '?pause=0&seed=5');
    await start(page, GAME.go9, 'hc', 'easy');
    await page.click('#pass');
    await message(page, /If the computer passes back/);
    assert.equal((await view(page)).ply, 0, 'not passed yet');
    await page.click('#pass');
    await settle(page);
    assert.equal((await view(page)).moves[0], 'pass');

    await start(page, GAME.go9, 'cc', 'easy');
    await bannerText(page);
    await settle(page);
    const v = await view(page);
    const dead = new Set(v.go9.count.dead);
    const stones = (c) => v.go9.cells.filter((cell, i) => cell === c && !dead.has(i)).length;
    const marks = async (colour) => page.locator(`[data-territory="${colour}"]`).count();
    assert.equal(await marks('black') + stones(1), v.go9.count.black, 'Black\'s area: stones and territory');
    assert.equal(await marks('white') + stones(2) + v.go9.count.komi, v.go9.count.white, 'White\'s');
    await shot(page, 'play-04-go-territory');
    await closePage(page);
  });
});

describe('messages in a player\'s words', () => {
  test('a refusal names no decision id and points to the rules', async () => {
    const page = await openPage();
    await start(page, GAME.bindMini, 'hh');
    await clickPoint(page, 'C3');
    await clickPoint(page, 'E3');
    assert.deepEqual((await view(page)).moves, ['C3-E3']);
    await clickPoint(page, 'B3');
    const said = await message(page, /single placement/);
    assert.doesNotMatch(said, /N-\d/);
    assert.match(said, /take-and-place move exists, so a single placement is not allowed \(rule 4 has priority\) — the Rules button explains\./);
    await page.click('#rules');
    assert.match(await page.textContent('#rules-dialog'), /If such a move exists you must make one/);
    await page.click('#rules-close');
    await closePage(page);
  });
});

describe('keeping and loading games', () => {
  test('a reload brings the game back, with a notice', async () => {
    const page = await openPage();
    await start(page, GAME.kazura9, 'hh');
    for (const point of ['E5', 'C3', 'G7']) await clickPoint(page, point);
    await page.reload();
    await page.waitForSelector('#board svg');
    await settle(page);
    const v = await view(page);
    assert.deepEqual(v.moves, ['E5', 'C3', 'G7']);
    assert.deepEqual(v.options, { game: 'kazura', size: 9 });
    assert.match(await page.textContent('#message'), /restored/);
    assert.equal(await page.inputValue('#players'), 'hh');
    await closePage(page);
  });

  for (const [name, args, options] of [
    ['kazura 7×7', ['kazura', '--size', '7'], { game: 'kazura', size: 7 }],
    ['bind 6×6', ['bind', '--size', '6', '--pieces', '10'], { game: 'bind', size: 6, pieces: 10 }],
  ]) {
    test(`a loaded ${name} record sets the picker, and "New game" starts it again`, async () => {
      const file = join(scratch, `picker-${args[0]}.json`);
      rulebook('selfplay', ...args, '--seed', '2', '--max-plies', '6', '--record', file);
      const page = await openPage();
      await loadFile(page, file);
      const v = await view(page);
      assert.deepEqual(JSON.parse(await page.inputValue('#game')), v.options);
      for (const [key, value] of Object.entries(options)) assert.equal(v.options[key], value);
      // A game in progress is not thrown away by one press: "New game" asks first.
      await page.click('#start');
      assert.equal(await page.textContent('#start'), 'Discard this game?');
      assert.match(await page.textContent('#message'), /A game is in progress/);
      assert.equal((await view(page)).moves.length, 6, 'the game is still there');
      await page.click('#start');
      await settle(page);
      const fresh = await view(page);
      assert.deepEqual(fresh.options, v.options);
      assert.equal(fresh.moves.length, 0);
      await closePage(page);
    });
  }

  test('the "Loaded" notice stays when the computer moves first', async () => {
    const file = join(scratch, 'white-to-move.json');
    rulebook('selfplay', 'go9', '--seed', '4', '--max-plies', '5', '--record', file);
    const page = await openPage(DESKTOP, '?pause=0&seed=1');
    await start(page, GAME.go9, 'hc', 'easy');
    await loadFile(page, file);
    await page.waitForFunction(() => window.playground.view().moves.length === 6);
    assert.match(await page.textContent('#message'), /Loaded white-to-move\.json: 5 moves/);
    await closePage(page);
  });

  test('a cut-off record says it is cut off, not that its marker is missing', async () => {
    const whole = join(scratch, 'whole-go9.json');
    rulebook('selfplay', 'go9', '--seed', '6', '--max-plies', '20', '--record', whole);
    const text = readFileSync(whole, 'utf8');
    const cut = join(scratch, 'cut-go9.json');
    writeFileSync(cut, text.slice(0, Math.floor(text.length / 2)));
    const page = await openPage();
    await page.setInputFiles('#load', cut);
    const said = await message(page, /cut/);
    assert.doesNotMatch(said, /no format marker/);
    assert.match(said, /not complete JSON \(EOF while parsing/);
    await closePage(page);
  });
});

describe('Bao\'s sowing', () => {
  test('the kete in hand are written in words, on top of every pit', async () => {
    const page = await openPage();
    await start(page, GAME.baoSeed, 'hh');
    await page.fill('#speed', '1');
    await page.dispatchEvent('#speed', 'input');
    await firstMove(page);
    await page.waitForSelector('[data-in-hand]', { state: 'attached' });
    const label = await page.evaluate(() => {
      const svg = document.querySelector('#board svg');
      const hand = svg.querySelector('[data-in-hand]');
      return { text: hand.textContent, last: svg.lastElementChild === hand, emoji: /✋/.test(svg.textContent) };
    });
    assert.match(label.text, /^\d+ in hand$/);
    assert.equal(label.emoji, false);
    assert.equal(label.last, true, 'drawn after the pits');
    await shot(page, 'play-05-bao-in-hand');
    await page.click('#skip');
    await settle(page);
    await closePage(page);
  });
});
