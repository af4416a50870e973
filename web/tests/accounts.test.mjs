// Accounts on the page (issue 37; docs/server.md, "Accounts"; docs/web.md): the real
// game-server serves the page at http://localhost:PORT (a passkey needs a host name), and
// each person's browser context has a virtual authenticator of its own (the DevTools
// WebAuthn domain). Ann signs up with a passkey, is signed in (the cookie invisible to the
// page), signs out and back in with the same passkey; Bo cannot take her name in another
// case; Ann deletes her account, after which her passkey signs nobody in.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, DIST, PHONE, SHOTS, shot } from './support.mjs';
import { WAIT, checkAxe, open, spawnGameServer, startBrowser } from './online-support.mjs';

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
    assert.equal(await ann.textContent('#account-open'), 'Ann');
    assert.deepEqual((await me(ann)).body.account.name, 'Ann');
    assert.ok(!(await ann.evaluate(() => document.cookie)).includes('gs_session'), 'the session cookie is HttpOnly');
    const [cookie] = (await ann.context().cookies()).filter((c) => c.name === 'gs_session');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    assert.equal(cookie.value.length, 64);
    await shot(ann, 'account-01-signed-up-desktop');

    // A reload keeps her signed in; signing out ends it; her passkey signs her in again.
    await ann.reload();
    await ann.waitForFunction(() => document.querySelector('#account-open').textContent === 'Ann', null, WAIT);
    await accountStep(ann, '#account-sign-out', null, 'Signed out.');
    assert.equal((await me(ann)).status, 401);
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
    assert.equal((await me(ann)).status, 401);
    await accountStep(ann, '#account-sign-in', 'Ann', 'no account has that name');
    for (const page of [ann, bo]) {
      const errors = page.errors.filter((e) => !/status of (401|403|409)/.test(e));
      assert.deepEqual(errors, [], 'no console error but the refusals the test asked for');
    }
  });
});
