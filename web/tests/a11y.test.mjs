// The accessibility check: axe-core (npm, pinned in package-lock.json) run inside the page
// on each game, at the start, after moves, at the end and with the rules open, at both
// window sizes. No serious or critical violation may be reported. Screenshots of each game
// at the start, mid-game and at the end, at 1280×800 and 390×844, are taken on the way.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  DESKTOP, GAME, PHONE, bannerText, closePage, loadFile, openPage, rulebook, scratch, settle, shot, start, useBrowser, view,
} from './support.mjs';

useBrowser();

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Runs axe on the page; fails on any serious or critical violation, naming each. */
async function checkAxe(page, when) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(grave, [], `${when}: serious or critical accessibility violations`);
  return violations;
}

/** Each game's finished record, written by rulebook, for the end screens. */
const ENDS = {
  kazura9: ['kazura', '--size', '9'],
  baoSeed: ['bao'],
  go9: ['go9'],
  bindMini: ['bind'],
};

describe('accessibility (axe-core) and screenshots of every game', () => {
  for (const [viewport, label] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    for (const game of Object.keys(ENDS)) {
      test(`${game} at the start, mid-game and at the end (${label})`, async () => {
        const page = await openPage(viewport, '?pause=0&seed=9');
        await start(page, GAME[game], 'hc', 'easy');
        await checkAxe(page, `${game} at the start`);
        await shot(page, `axe-${game}-1-start-${label}`);
        // Mid-game: the computer plays both sides for a while, then is stopped.
        await page.selectOption('#players', 'cc');
        await page.waitForFunction(() => window.playground.view().ply >= 6 || window.playground.view().over);
        // Stopped (a short game may have ended meanwhile; the stop itself is play.test.mjs's).
        await page.evaluate(() => { if (!document.getElementById('self-play').hidden) document.getElementById('pause').click(); });
        await settle(page);
        await checkAxe(page, `${game} mid-game`);
        await shot(page, `axe-${game}-2-mid-${label}`);
        const file = join(scratch, `axe-${game}.json`);
        rulebook('selfplay', ...ENDS[game], '--seed', '8', '--record', file);
        await loadFile(page, file);
        await bannerText(page);
        assert.equal((await view(page)).over, true);
        await checkAxe(page, `${game} at the end`);
        await shot(page, `axe-${game}-3-end-${label}`);
        await page.click('#rules');
        await page.waitForSelector('#rules-dialog[open]');
        await checkAxe(page, `${game} with its rules open`);
        await shot(page, `axe-${game}-4-rules-${label}`);
        await page.click('#rules-close');
        await closePage(page);
      });
    }
  }
});
