// End-to-end tests of the playground in Debian's Chromium, driven by playwright-core.
//
// For each game: start it from the picker, play legal moves by clicking, see an illegal
// click answered with the engine's reason and nothing changed, let the computer answer,
// play a whole game to its end and check that the banner shows the result `rulebook
// replay` gives for the saved record; records written by `rulebook` load in the page.
// Bao's sowing animation must end on exactly the engine's position (as `rulebook show`
// prints it). No page may log a console error. Screenshots go to the folder printed at the
// start and the end (web/test-output/screenshots, or $SCREENSHOTS_DIR).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import {
  DESKTOP, GAME, PHONE, WEB, bannerText, choose, servedPaths, clickPoint, closePage, expectRefused, figures,
  loadFile, openPage, playToEnd, replayResult, rulebook, save, scratch, settle, shot, start, useBrowser, view,
} from './support.mjs';

useBrowser();

// ---- the tests ----------------------------------------------------------------------

describe('the page', () => {
  test('loads, draws its first board and measures the figures of docs/web.md', async () => {
    const page = await openPage(DESKTOP, '');
    const firstBoard = await page.evaluate(() => performance.getEntriesByName('first-board')[0].startTime);
    await shot(page, '00-first-board-desktop');
    const wasm = readFileSync(join(WEB, 'pkg', 'rules_wasm_bg.wasm'));
    figures.wasmBytes = wasm.length;
    figures.wasmGzipBytes = gzipSync(wasm, { level: 9 }).length;
    figures.firstBoardMs = Math.round(firstBoard);
    // Random games per second in Chromium, with the code the native example times.
    figures.playoutsPerSecond = {};
    for (const [name, options] of Object.entries(GAME)) {
      const rate = await page.evaluate(async (opts) => {
        let games = 0;
        const started = performance.now();
        while (performance.now() - started < 1000) {
          window.playground.benchPlayouts(opts, 20, games);
          games += 20;
        }
        return games / ((performance.now() - started) / 1000);
      }, JSON.parse(options));
      figures.playoutsPerSecond[name] = Math.round(rate);
    }
    await closePage(page);
    // `hard` on 9×9 Go: the time of the computer's first replies in the page (docs/web.md).
    const go = await openPage(DESKTOP, '?pause=0&seed=1');
    await start(go, GAME.go9, 'hc', 'hard');
    figures.hardGo9ThinkMs = [];
    for (const point of ['E5', 'C3', 'G7', 'C7']) {
      if ((await view(go)).over) break;
      const free = (await view(go)).legal.includes(point) ? point : (await view(go)).legal[0];
      await clickPoint(go, free);
      await settle(go);
      figures.hardGo9ThinkMs.push(Math.round(await go.evaluate(() => window.playground.thinkingMs())));
    }
    await closePage(go);
    const phone = await openPage(PHONE, '');
    await shot(phone, '00-first-board-phone');
    await closePage(phone);
  });
});

describe('the built page', () => {
  test('fetches the wasm once per page load: the page compiles it and hands it to every worker', async () => {
    const page = await openPage(DESKTOP, '?pause=0&seed=3');
    const downloads = () => servedPaths().filter((path) => path.endsWith('.wasm')).length;
    const downloadedBefore = downloads();
    // A load of its own, counted from the start: every request for the module, the
    // page's and its workers' alike (served from the cache or not, each is a request).
    const fetched = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.wasm')) fetched.push(request.url());
    });
    await page.reload();
    await page.waitForSelector('#board svg');
    // The computer's worker moves, a new worker replaces it, and the speed panel's own
    // worker measures: each was given the module, none fetched it.
    await start(page, GAME.go9, 'hc', 'easy');
    await clickPoint(page, 'E5');
    await settle(page);
    assert.equal((await view(page)).moves.length, 2, 'the computer answered');
    await start(page, GAME.bindMini, 'ch', 'easy');
    await settle(page);
    await page.click('#about-open');
    await page.click('#speed-panel summary');
    await page.click('#measure');
    await page.waitForSelector('[data-speed="browser"]', { timeout: 30_000 });
    assert.equal(fetched.length, 1, `the wasm was requested ${fetched.length} times: ${fetched.join(', ')}`);
    assert.match(fetched[0], /\/assets\/pkg\/rules_wasm_bg\.[0-9a-f]{10}\.wasm$/, 'by its hashed name');
    // Named by its content's hash, it is kept: the reload and this test's load came from
    // the browser's cache, and the server sent it no more.
    assert.equal(downloads(), downloadedBefore, 'the server sent the wasm again');
    await closePage(page);
  });
});

describe('online play only where a server is', () => {
  test('a static copy of the page offers no online play: its server.json names no server', async () => {
    const page = await openPage(DESKTOP, '');
    const info = await page.evaluate(async () => (await fetch('server.json')).json());
    assert.equal(info.server, null, 'web/server.json names no server');
    // The page asked the same on load; once that answer is in, the button stays hidden
    // (and no failed request was logged: closePage checks the console).
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('#online-open').isVisible(), false, 'no "Play a friend online" button');
    await closePage(page);
  });
});

describe('9×9 Go', () => {
  test('moves by clicking, an occupied point refused, the computer answers, undo', async () => {
    const page = await openPage();
    await start(page, GAME.go9, 'hc', 'easy');
    await clickPoint(page, 'E5');
    await settle(page);
    let v = await view(page);
    assert.equal(v.moves[0], 'E5');
    assert.equal(v.moves.length, 2, 'the computer answered');
    assert.equal(await page.getAttribute('[data-point="E5"]', 'data-point'), 'E5');
    await expectRefused(page, () => clickPoint(page, 'E5'), /E5 is occupied/);
    await shot(page, 'go9-01-refused-occupied');
    // The computer's seed is random, so its reply may be on any point: play one it left free.
    const second = ['C3', 'G7', 'C7'].find((point) => !v.moves.includes(point));
    await clickPoint(page, second);
    await settle(page);
    assert.equal((await view(page)).moves.length, 4);
    await page.click('#undo');
    await settle(page);
    v = await view(page);
    assert.equal(v.moves.length, 2, 'undo took back the person\'s move and the computer\'s reply');
    assert.equal(v.toMove, 0);
    await page.click('#preview');
    assert.match(await page.textContent('[data-count="preview"]'), /If it ended now: Black \d+ – White \d+, komi 7/);
    await shot(page, 'go9-02-count-preview');
    await closePage(page);
  });

  test('superko marks its point and refuses the retake', async () => {
    const page = await openPage(PHONE);
    await start(page, GAME.go9, 'hh');
    for (const move of ['D5', 'F4', 'E4', 'F6', 'E6', 'G5', 'pass', 'E5', 'F5']) {
      if (move === 'pass') await page.click('#pass');
      else await clickPoint(page, move);
    }
    await page.waitForSelector('[data-superko="E5"]');
    const message = await expectRefused(page, () => clickPoint(page, 'E5'), /superko/i);
    assert.match(message, /E5/);
    await shot(page, 'go9-03-superko-phone');
    await closePage(page);
  });

  test('a whole game by the computer ends with the final count; JSON and SGF replay to the banner\'s result', async () => {
    const page = await openPage();
    await start(page, GAME.go9, 'cc', 'easy');
    const text = await bannerText(page);
    await settle(page);
    const v = await view(page);
    assert.equal(v.over, true);
    assert.equal(text, v.outcome.text);
    await shot(page, 'go9-04-final-count');
    const json = await save(page, '#save-json', 'go9.json');
    assert.equal(replayResult(json), text);
    const sgf = await save(page, '#save-sgf', 'go9.sgf');
    assert.match(readFileSync(sgf, 'utf8'), /PB\[Computer \(easy\)\]/);
    assert.equal(replayResult(sgf), text);
    await closePage(page);
  });
});

describe('Kazura', () => {
  test('the swap, a loop refused, longest paths, and a whole game against the computer', async () => {
    const page = await openPage();
    await start(page, GAME.kazura9, 'hh');
    await clickPoint(page, 'E5');
    await page.waitForSelector('#swap');
    await shot(page, 'kazura-01-swap-offer');
    await page.click('#swap');
    let v = await view(page);
    assert.deepEqual(v.moves, ['E5', 'swap']);
    assert.deepEqual(v.seats, ['white', 'black'], 'the opener now plays White');
    // Black: E5 D5 D4 E4 would close a loop: build three of the corners, then try the fourth.
    for (const move of ['A9', 'D5', 'A7', 'D4', 'A5']) await clickPoint(page, move);
    await expectRefused(page, () => clickPoint(page, 'E4'), /loop/i);
    await page.waitForSelector('[data-path="black"]', { state: 'attached' });
    await shot(page, 'kazura-02-loop-refused');
    await closePage(page);

    const game = await openPage();
    await start(game, GAME.kazura9, 'hc', 'easy');
    v = await playToEnd(game, async (p, state, i) => {
      if (state.legal.includes('swap') || state.legal.includes('pass')) {
        await p.click(state.legal.includes('pass') ? '#pass' : '#swap');
      } else {
        await clickPoint(p, choose(state.legal, i));
      }
    });
    const text = await bannerText(game);
    assert.equal(text, v.outcome.text);
    await shot(game, 'kazura-03-end');
    const file = await save(game, '#save-json', 'kazura.json');
    assert.equal(replayResult(file), text);
    await closePage(game);
  });

  test('19×19 on a phone: points big enough to tap, in a board box that fits and scrolls', async () => {
    // Seeded: the computer's replies are the same each run, none on the points clicked.
    const page = await openPage(PHONE, '?pause=0&seed=4');
    await start(page, GAME.kazura19, 'hc', 'easy');
    for (const move of ['K10', 'L10', 'M10']) {
      await clickPoint(page, move);
      await settle(page);
    }
    const box = await page.locator('#board').boundingBox();
    assert.ok(box.width <= PHONE.width, `the board's box (${box.width}px) fits the phone's width`);
    const point = await page.locator('[data-point="K10"]').boundingBox();
    assert.ok(point.width >= 24, `a point is ${point.width} px wide`);
    assert.equal((await view(page)).moves.length, 6, 'the moves were played (the page scrolled the box to them)');
    await shot(page, 'kazura-04-19x19-phone');
    await closePage(page);
  });
});

/** Reads the counts `rulebook show bao` prints: `{ SF1: 0, …, NB8: 0, hands: [s, n] }`. */
function parseBaoDiagram(text) {
  const lines = text.split('\n');
  const counts = {};
  for (let i = 0; i < lines.length - 1; i++) {
    const names = lines[i].trim().split(/\s+/);
    if (names.length === 8 && /^[NS][FB]\d$/.test(names[0])) {
      const values = lines[i + 1].trim().split(/\s+/).map((t) => Number(t.replace('*', '')));
      names.forEach((name, k) => { counts[name] = values[k]; });
    }
  }
  const hand = (who) => Number(text.match(new RegExp(`${who}: hand (\\d+)`))[1]);
  counts.hands = [hand('south'), hand('north')];
  return counts;
}

async function domBaoCounts(page) {
  return page.evaluate(() => {
    const counts = {};
    for (const pit of document.querySelectorAll('[data-pit]')) counts[pit.dataset.pit] = Number(pit.dataset.count);
    const hand = (who) => Number(document.querySelector(`[data-hand="${who}"]`).textContent.match(/hand (\d+)/)[1]);
    counts.hands = [hand('south'), hand('north')];
    return counts;
  });
}

/** Makes the page note the counts on screen when the animation shows its last step. */
async function watchForEndFrame(page) {
  await page.evaluate(() => {
    window.endFrameCounts = null;
    const board = document.getElementById('board');
    const observer = new MutationObserver(() => {
      if (!board.querySelector('svg[data-step="end"]')) return;
      const counts = {};
      for (const pit of board.querySelectorAll('[data-pit]')) counts[pit.dataset.pit] = Number(pit.dataset.count);
      const hand = (who) => Number(board.querySelector(`[data-hand="${who}"]`).textContent.match(/hand (\d+)/)[1]);
      counts.hands = [hand('south'), hand('north')];
      window.endFrameCounts = counts;
      observer.disconnect();
    });
    observer.observe(board, { childList: true });
  });
}

/** The counts the animation's last step showed (see `watchForEndFrame`). */
async function endFrameCounts(page) {
  await page.waitForFunction(() => window.endFrameCounts !== null);
  return page.evaluate(() => window.endFrameCounts);
}

describe('Bao', () => {
  test('lit pits, the direction choice, the sowing animated to exactly the engine\'s position', async () => {
    const page = await openPage();
    await start(page, GAME.baoSeed, 'hh');
    assert.deepEqual(
      await page.$$eval('[data-lit]', (pits) => pits.map((p) => p.dataset.pit)).then((p) => p.sort()),
      ['SF6', 'SF7'],
    );
    await shot(page, 'bao-01-lit-pits');
    const played = [];
    await page.fill('#speed', '6');
    await page.dispatchEvent('#speed', 'input');
    for (let turn = 0; turn < 4; turn++) {
      const state = await view(page);
      const [pit, moves] = Object.entries(state.bao.choices)[0];
      const move = moves.at(-1).move;
      await watchForEndFrame(page);
      await page.click(`[data-pit="${state.toMove === 0 ? 'S' : 'N'}${pit}"]`);
      if (moves.length > 1) {
        await page.waitForSelector('#chooser:not([hidden])');
        if (turn === 0) await shot(page, 'bao-02-chooser');
        await page.click(`[data-move="${move}"]`);
      }
      played.push(move);
      if (played.length === 1) {
        await page.waitForSelector('svg[data-step="sow"]');
        await shot(page, 'bao-03-sowing');
      }
      const shown = await endFrameCounts(page);
      const engine = parseBaoDiagram(rulebook('show', 'bao', '--moves', played.join(' ')));
      assert.deepEqual(shown, engine, `after ${played.join(' ')} the animation ends on the engine's position`);
      await settle(page);
      assert.deepEqual(await domBaoCounts(page), engine);
    }
    // An unlit pit of the mover: the engine's reason, nothing changed.
    const v = await view(page);
    const mover = v.players[v.toMove] === 'south' ? 'S' : 'N';
    const unlit = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'B1'].find((p) => !v.bao.choices[p]);
    await expectRefused(page, () => page.click(`[data-pit="${mover}${unlit}"]`), /not legal/);
    await shot(page, 'bao-04-refused');
    await closePage(page);
  });

  test('the NYUMBA choice: stop or use, offered with the direction', async () => {
    const page = await openPage(PHONE);
    await start(page, GAME.baoSeed, 'hh');
    await page.fill('#speed', '31');
    await page.dispatchEvent('#speed', 'input');
    // A game of `rulebook selfplay bao --seed 2`: then north may stop at or use its NYUMBA.
    const opening = ['F7R', 'F7L', 'F5L', 'F5L', 'F3R'];
    for (const move of opening) {
      const state = await view(page);
      await page.click(`[data-pit="${state.toMove === 0 ? 'S' : 'N'}${move.slice(0, 2)}"]`);
      if (await page.isVisible('#chooser')) await page.click(`[data-move="${move}"]`);
      await settle(page);
    }
    assert.deepEqual((await view(page)).moves, opening);
    await page.click('[data-pit="NF5"]');
    await page.waitForSelector('[data-move="F5L:use"]');
    const offered = await page.$$eval('#chooser [data-move]', (buttons) => buttons.map((b) => b.dataset.move));
    assert.deepEqual(offered.sort(), ['F5L:stop', 'F5L:use', 'F5R']);
    await shot(page, 'bao-05-nyumba-choice-phone');
    await page.click('[data-move="F5L:use"]');
    await settle(page);
    const played = [...opening, 'F5L:use'];
    assert.deepEqual((await view(page)).moves, played);
    assert.deepEqual(await domBaoCounts(page), parseBaoDiagram(rulebook('show', 'bao', '--moves', played.join(' '))));
    await closePage(page);
  });

  test('the computer answers and a whole game ends with rulebook\'s result; skip works', async () => {
    const page = await openPage(PHONE);
    await start(page, GAME.baoReference, 'hc', 'easy');
    await page.fill('#speed', '2');
    await page.dispatchEvent('#speed', 'input');
    const v0 = await view(page);
    const first = Object.values(v0.bao.choices)[0][0];
    await page.click(`[data-pit="S${first.move.slice(0, 2)}"]`);
    if (await page.isVisible('#chooser')) await page.click(`[data-move="${first.move}"]`);
    await page.waitForSelector('svg[data-step]');
    await page.click('#skip');
    await settle(page);
    assert.ok((await view(page)).moves.length >= 2, 'the computer answered');
    await shot(page, 'bao-06-phone');
    await page.fill('#speed', '31');
    await page.dispatchEvent('#speed', 'input');
    const end = await playToEnd(page, async (p, state, i) => {
      const moves = Object.values(state.bao.choices).flat();
      if (moves.length === 0) {
        await p.click('#pass');
        return;
      }
      const move = choose(moves, i);
      await p.click(`[data-pit="S${move.move.slice(0, 2)}"]`);
      if (await p.isVisible('#chooser')) await p.click(`[data-move="${move.move}"]`);
    });
    const text = await bannerText(page);
    assert.equal(text, end.outcome.text);
    await shot(page, 'bao-07-end-phone');
    const file = await save(page, '#save-json', 'bao.json');
    assert.equal(replayResult(file), text);
    await closePage(page);
  });
});

describe('Bind', () => {
  test('lines in two clicks, the piece taken, a single placement refused, a whole game', async () => {
    const page = await openPage();
    await start(page, GAME.bindMini, 'hh');
    await clickPoint(page, 'B4');
    await page.waitForSelector('[data-end="B2"]');
    await clickPoint(page, 'B2');
    let v = await view(page);
    assert.deepEqual(v.moves, ['B2-B4']);
    // White must take (N-8): a single placement is refused with the engine's reason.
    await expectRefused(page, () => clickPoint(page, 'D4'), /a take-and-place move exists, so a single placement is not allowed/);
    await clickPoint(page, 'B2');
    await page.waitForSelector('[data-takes="B2"]');
    await shot(page, 'bind-01-take');
    await clickPoint(page, 'D2');
    v = await view(page);
    assert.deepEqual(v.moves, ['B2-B4', 'B2-D2']);
    assert.deepEqual(v.bind.hands, [10, 9], 'the taken piece went back to Black\'s hand');
    await page.waitForSelector('[data-took="B2"]');
    await shot(page, 'bind-02-after-take');
    await closePage(page);

    const game = await openPage(PHONE);
    await start(game, GAME.bindFull, 'hc', 'easy');
    const end = await playToEnd(game, async (p, state, i) => {
      const move = choose(state.bind.moves, i);
      const name = (k) => `${state.bind.columns[k % state.bind.size]}${Math.floor(k / state.bind.size) + 1}`;
      if (move.kind === 'pass') await p.click('#pass');
      else if (move.kind === 'place') await clickPoint(p, name(move.from));
      else {
        await clickPoint(p, name(move.from));
        await clickPoint(p, name(move.to));
      }
    });
    const text = await bannerText(game);
    assert.equal(text, end.outcome.text);
    await shot(game, 'bind-03-end-phone');
    const file = await save(game, '#save-json', 'bind.json');
    assert.equal(replayResult(file), text);
    await closePage(game);
  });
});

describe('records written by rulebook', () => {
  for (const [game, args, ext] of [
    ['kazura', ['--size', '9'], 'json'],
    ['bao', ['--ruleset', 'reference'], 'json'],
    ['go9', [], 'json'],
    ['go9', [], 'sgf'],
    ['bind', ['--variant', 'full'], 'json'],
  ]) {
    test(`a ${game} ${ext.toUpperCase()} record from rulebook selfplay loads and shows its result`, async () => {
      const file = join(scratch, `rulebook-${game}.${ext}`);
      rulebook('selfplay', game, ...args, '--seed', '7', '--record', file);
      const page = await openPage();
      await loadFile(page, file);
      const text = await bannerText(page);
      assert.equal(text, replayResult(file));
      assert.match(await page.textContent('#message'), /Loaded/);
      await shot(page, `records-${game}-${ext}`);
      await closePage(page);
    });
  }

  test('the picker names a loaded game and each game\'s players as the catalog does', async () => {
    // A custom Bind game is not among the picker's choices: loading it adds it, named by
    // the catalog's title; the players' choices follow the chosen game's descriptor.
    const file = join(scratch, 'rulebook-bind-custom.json');
    rulebook('selfplay', 'bind:size=6,pieces=10', '--seed', '3', '--record', file);
    const page = await openPage();
    await loadFile(page, file);
    const added = await page.evaluate(() => {
      const option = document.querySelector('#game optgroup[data-from-record] option');
      return { text: option?.textContent, selected: option?.selected };
    });
    assert.deepEqual(added, { text: 'Bind 6×6, 10 pieces', selected: true });
    assert.equal(await page.isHidden('#save-sgf'), true, 'Bind writes no SGF');
    const playersText = () => page.evaluate(() => document.querySelector('#players option[value="hc"]').textContent);
    await page.selectOption('#game', GAME.baoSeed);
    assert.equal(await playersText(), 'You as South, against the computer');
    await page.selectOption('#game', GAME.kazura9);
    assert.equal(await playersText(), 'You as Black, against the computer');
    await start(page, GAME.go9);
    assert.equal(await page.isHidden('#save-sgf'), false, 'go9 writes SGF');
    await closePage(page);
  });

  test('a record with an illegal move is refused with its move number', async () => {
    const good = join(scratch, 'rulebook-go9.json');
    const record = JSON.parse(readFileSync(good, 'utf8'));
    record.moves[1].move = record.moves[0].move;
    const bad = join(scratch, 'bad.json');
    writeFileSync(bad, JSON.stringify(record));
    const page = await openPage();
    const before = await view(page);
    await page.setInputFiles('#load', bad);
    await page.waitForSelector('#message:not(:empty)');
    assert.match(await page.textContent('#message'), /2/);
    assert.deepEqual(await view(page), before, 'the game on screen is unchanged');
    await closePage(page);
    assert.ok(statSync(bad).size > 0);
  });

  test('a file past the record limit is refused by its size and changes nothing', async () => {
    // One byte past 4 MiB (the catalog's MAX_RECORD_BYTES), written as a sparse file.
    const huge = join(scratch, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, 4 * 1024 * 1024 + 1);
    const page = await openPage();
    const before = await view(page);
    await page.setInputFiles('#load', huge);
    await page.waitForSelector('#message:not(:empty)');
    assert.match(await page.textContent('#message'), /huge\.json: longer than 4194304 bytes/);
    assert.deepEqual(await view(page), before, 'the game on screen is unchanged');
    await closePage(page);
  });
});
