// Accounts on the page (issue 37; docs/server.md, "Accounts"; docs/web.md): the real
// game-server serves the page at http://localhost:PORT (a passkey needs a host name), and
// each person's browser context has a virtual authenticator of its own (the DevTools
// WebAuthn domain). Ann signs up with a passkey, is signed in (the cookie invisible to the
// page), signs out and back in with the same passkey; Bo cannot take her name in another
// case; Ann deletes her account, after which her passkey signs nobody in. Then two
// signed-up players ask for a ranked quick match, play a go9 game to the end, and see their
// ratings change by the Elo formula (computed here), in the panel and the rankings.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, DIST, PHONE, SHOTS, shot } from './support.mjs';
import {
  WAIT, checkAxe, online, open, passTwiceToTheEnd, playOne, spawnGameServer, startBrowser,
} from './online-support.mjs';

let server;
let site;
let browser;
let scratch;

before(async () => {
  assert.ok(existsSync(join(DIST, 'manifest.json')), 'web/dist is built (run web/build.sh)');
  mkdirSync(SHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'playground-accounts-'));
  const started = await spawnGameServer(['--listen', '127.0.0.1:0', '--database', join(scratch, 'games.sqlite3'), '--web', DIST]);
  server = started.child;
  site = `http://localhost:${new URL(started.address).port}`;
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  server?.kill();
  rmSync(scratch, { recursive: true, force: true });
});

/** A person with a virtual platform authenticator (user verification on, always present). */
async function withPasskeys(viewport) {
  const page = await browser.person(viewport);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true,
    },
  });
  page.credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return page;
}

/** Opens the account dialog, does `button` with `name`, and waits for the status line to say `said`. */
async function accountStep(page, button, name, said) {
  if (!(await page.isVisible('#account-dialog'))) await page.click('#account-open');
  if (name !== null) await page.fill('#account-name', name);
  await page.click(button);
  await page.waitForFunction((text) => document.querySelector('#account-status').textContent.includes(text), said, WAIT);
}

const me = (page) => page.evaluate(async () => {
  const r = await fetch('/account');
  return { status: r.status, body: await r.json() };
});

/** Elo with K = 32: a player's new rating after scoring `score` against `other`. */
const elo = (mine, other, score) => mine + 32 * (score - 1 / (1 + 10 ** ((other - mine) / 400)));

/** Signs `page` up as `name` (a fresh page of its own, at the site). */
async function signedUp(page, name) {
  await open(page, `${site}/?pause=0`);
  await page.waitForSelector('#account-open', { state: 'visible', ...WAIT });
  await accountStep(page, '#account-sign-up', name, `you are signed in as ${name}`);
  await page.click('#account-close');
}

/** Asks for a ranked quick match of go9 on `page`. */
async function rankedMatch(page) {
  await page.selectOption('#game', '{"game":"go9"}');
  await page.click('#match-open');
  assert.equal(await page.isDisabled('#match-ranked'), false, 'signed in, ranked games are open');
  await page.check('#match-ranked');
  await page.selectOption('#match-computer', 'never');
  await page.click('#match-find');
}

describe('accounts with passkeys', () => {
  test('sign up, sign out, sign in again, a name kept whatever its case, and the account deleted', async () => {
    const ann = await withPasskeys(DESKTOP);
    await open(ann, `${site}/?pause=0`);
    await ann.waitForSelector('#account-open', { state: 'visible', ...WAIT });
    assert.equal(await ann.textContent('#account-open'), 'Sign in');
    await ann.click('#account-open');
    await checkAxe(ann, 'the account dialog');
    await accountStep(ann, '#account-sign-up', 'Ann', 'Account made: you are signed in as Ann.');
    assert.equal((await ann.credentials()).length, 1, 'one passkey on her authenticator');
    assert.equal(await ann.textContent('#account-open'), 'Account: Ann');
    assert.deepEqual((await me(ann)).body.account.name, 'Ann');
    assert.ok(!(await ann.evaluate(() => document.cookie)).includes('gs_session'), 'the session cookie is HttpOnly');
    const [cookie] = (await ann.context().cookies()).filter((c) => c.name === 'gs_session');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    assert.equal(cookie.value.length, 64);
    await shot(ann, 'account-01-signed-up-desktop');

    // A reload keeps her signed in; signing out ends it; her passkey signs her in again.
    await ann.reload();
    await ann.waitForFunction(() => document.querySelector('#account-open').textContent === 'Account: Ann', null, WAIT);
    await accountStep(ann, '#account-sign-out', null, 'Signed out.');
    assert.equal((await me(ann)).body.account, null);
    await accountStep(ann, '#account-sign-in', 'ann', 'Signed in as Ann.');
    assert.equal((await me(ann)).body.account.name, 'Ann');

    // Bo, on a phone with an authenticator of his own, cannot take her name.
    const bo = await withPasskeys(PHONE);
    await open(bo, `${site}/?pause=0`);
    await bo.waitForSelector('#account-open', { state: 'visible', ...WAIT });
    await accountStep(bo, '#account-sign-up', 'ANN', 'is taken');
    assert.equal((await bo.credentials()).length, 0, 'refused before his authenticator was asked');
    await accountStep(bo, '#account-sign-up', 'Bo', 'Account made: you are signed in as Bo.');
    await shot(bo, 'account-02-signed-up-phone');
    // Bo's passkey is not Ann's: signing in as Ann from his browser fails.
    await accountStep(bo, '#account-sign-out', null, 'Signed out.');
    await accountStep(bo, '#account-sign-in', 'Ann', 'The passkey was not given');

    // Ann deletes her account (a second click confirms): signed out, and her name is free.
    await accountStep(ann, '#account-delete', null, '');
    assert.equal(await ann.textContent('#account-delete'), 'Really delete it? Click again');
    await accountStep(ann, '#account-delete', null, 'Your account and its passkeys are deleted.');
    assert.equal((await me(ann)).body.account, null);
    await accountStep(ann, '#account-sign-in', 'Ann', 'no account has that name');
    for (const page of [ann, bo]) {
      const errors = page.errors.filter((e) => !/status of (401|403|409)/.test(e));
      assert.deepEqual(errors, [], 'no console error but the refusals the test asked for');
    }
  });

  test('a ranked go9 game between two signed-in players changes both ratings by Elo, shown at the end and in the rankings', async () => {
    const cy = await withPasskeys(DESKTOP);
    const di = await withPasskeys(PHONE);
    await signedUp(cy, 'Cy');
    await signedUp(di, 'Di');
    await rankedMatch(cy);
    await cy.waitForFunction(() => document.querySelector('#match-status').textContent.includes('ranked at 1200'), null, WAIT);
    await rankedMatch(di);
    for (const page of [cy, di]) await page.waitForFunction(() => [0, 1].includes(window.playground.online()?.you), null, WAIT);
    const states = [await online(cy), await online(di)];
    assert.deepEqual(states.map((s) => s.rated), [true, true]);
    assert.match(await cy.textContent('#online-rated'), /Ranked game/);
    assert.match(await cy.textContent('#online-role'), /against Di\.$/);
    await playOne([cy, di], 0);
    await playOne([cy, di], 1);
    await passTwiceToTheEnd([cy, di], [cy, di], 2);
    // Two stones and two passes: White wins by komi. Elo from 1200 each: ±16.
    const end = await online(cy);
    const white = end.result.winner;
    assert.equal(end.seats[white], 'white');
    for (const page of [cy, di]) {
      await page.waitForSelector('#online-rated .rating-change', WAIT);
      const shown = await page.$$eval('#online-rated .rating-change', (spans) => spans.map((e) => [Number(e.dataset.seat), Number(e.dataset.after), e.textContent]));
      assert.equal(shown.length, 2);
      for (const [seat, after, text] of shown) {
        const expected = elo(1200, 1200, seat === white ? 1 : 0);
        assert.ok(Math.abs(after - expected) < 1e-9, `seat ${seat}: ${after} is ${expected}`);
        assert.match(text, seat === white ? /1200 → 1216 \(\+16\)/ : /1200 → 1184 \(−16\)/);
      }
    }
    assert.match(await di.textContent('#online-rated'), /Your rating: 1200 → 1(216|184)/);
    await shot(di, 'account-03-ranked-end-phone');

    // The rankings: both players, the winner first, at the Elo figures; a player's page.
    await cy.click('#rankings-open');
    await cy.waitForSelector('#rankings-body tr[data-player]', WAIT);
    const rows = await cy.$$eval('#rankings-body tr[data-player]', (trs) => trs.map((tr) => [tr.dataset.player, Number(tr.querySelector('[data-rating]').dataset.rating)]));
    const winner = (await online(cy)).you === white ? 'Cy' : 'Di';
    assert.deepEqual(rows.map((r) => r[0]), [winner, winner === 'Cy' ? 'Di' : 'Cy']);
    assert.ok(Math.abs(rows[0][1] - elo(1200, 1200, 1)) < 1e-9 && Math.abs(rows[1][1] - elo(1200, 1200, 0)) < 1e-9, JSON.stringify(rows));
    await checkAxe(cy, 'the rankings');
    await shot(cy, 'account-04-rankings-desktop');
    await cy.click(`#rankings-body tr[data-player="${winner}"] button`);
    await cy.waitForSelector('#player-name', WAIT);
    assert.equal(await cy.textContent('#player-name'), winner);
    assert.match(await cy.textContent('#rankings-body'), /1200\s*1216\s*\+16/);
    assert.match(await cy.textContent('#rankings-body'), /\(ranked\)/);
    await cy.click('#rankings-close');

    // A rematch: Cy asks, Di accepts; both land in a new ranked game, colours swapped.
    const seatsBefore = [(await online(cy)).you, (await online(di)).you];
    const oldGame = (await online(cy)).game;
    await cy.click('#online-rematch');
    await di.waitForFunction(() => document.querySelector('#online-rematch-asked')?.textContent === 'Your opponent asks for a rematch.', null, WAIT);
    assert.equal(await di.textContent('#online-rematch'), 'Accept the rematch (colours swapped)');
    await shot(di, 'account-05-rematch-asked-phone');
    await di.click('#online-rematch');
    for (const page of [cy, di]) {
      await page.waitForFunction((old) => { const s = window.playground.online(); return s && s.game !== old && [0, 1].includes(s.you); }, oldGame, WAIT);
    }
    const [after0, after1] = [await online(cy), await online(di)];
    assert.equal(after0.game, after1.game, 'one new game');
    assert.deepEqual([after0.you, after1.you], [1 - seatsBefore[0], 1 - seatsBefore[1]], 'colours swapped');
    assert.equal(after0.rated, true, 'a ranked game\'s rematch is ranked');
    assert.match(await cy.textContent('#online-role'), /against Di\.$/);
    for (const page of [cy, di]) assert.deepEqual(page.errors, [], 'no console error');
  });
});
