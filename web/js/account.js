// Accounts on game-server (docs/server.md, "Accounts"): sign up and sign in with a passkey
// (WebAuthn: the browser's `navigator.credentials`), sign out, delete the account. No
// password anywhere; the session is an HttpOnly cookie the page never sees. The dialog
// says who is signed in; `signedIn()` tells the rest of the page.

import { $ } from './dom.js';
import { announce } from './keyboard.js';

let current = null; // the account signed in: { id, name }, or null

/** The account signed in, or null. */
export const signedIn = () => current;

/** Base64url (no padding) to an ArrayBuffer. */
function fromBase64url(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)).buffer;
}

/** An ArrayBuffer to base64url (no padding). */
function toBase64url(buffer) {
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** POSTs `body` to `path` (from this page's folder); the answer, or throws with the server's words. */
async function post(path, body = {}) {
  let response;
  try {
    response = await fetch(new URL(path, document.baseURI), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin',
    });
  } catch (error) {
    throw new Error(`The game server could not be reached (${error.message}).`);
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw Object.assign(new Error(answer?.message ?? `The server answered ${response.status}.`), { code: answer?.code });
  return answer;
}

/** Makes an account named `name` with a new passkey; signs it in. */
async function signUp(name) {
  const { ceremony, options } = await post('account/register', { name });
  const key = options.publicKey;
  const made = await navigator.credentials.create({
    publicKey: {
      ...key,
      challenge: fromBase64url(key.challenge),
      user: { ...key.user, id: fromBase64url(key.user.id) },
      excludeCredentials: (key.excludeCredentials ?? []).map((c) => ({ ...c, id: fromBase64url(c.id) })),
    },
  });
  const credential = {
    id: made.id,
    rawId: toBase64url(made.rawId),
    type: made.type,
    response: {
      attestationObject: toBase64url(made.response.attestationObject),
      clientDataJSON: toBase64url(made.response.clientDataJSON),
    },
    extensions: made.getClientExtensionResults(),
  };
  return (await post('account/register/finish', { ceremony, credential })).account;
}

/** Signs in to the account named `name` with one of its passkeys. */
async function signIn(name) {
  const { ceremony, options } = await post('account/sign-in', { name });
  const key = options.publicKey;
  const got = await navigator.credentials.get({
    publicKey: {
      ...key,
      challenge: fromBase64url(key.challenge),
      allowCredentials: (key.allowCredentials ?? []).map((c) => ({ ...c, id: fromBase64url(c.id) })),
    },
  });
  const credential = {
    id: got.id,
    rawId: toBase64url(got.rawId),
    type: got.type,
    response: {
      authenticatorData: toBase64url(got.response.authenticatorData),
      clientDataJSON: toBase64url(got.response.clientDataJSON),
      signature: toBase64url(got.response.signature),
      userHandle: got.response.userHandle ? toBase64url(got.response.userHandle) : null,
    },
    extensions: got.getClientExtensionResults(),
  };
  return (await post('account/sign-in/finish', { ceremony, credential })).account;
}

/** Asks the server who is signed in (the cookie goes by itself). */
async function whoAmI() {
  try {
    const response = await fetch(new URL('account', document.baseURI), { credentials: 'same-origin' });
    return response.ok ? (await response.json()).account : null;
  } catch {
    return null;
  }
}

/** Sets up the account button and dialog (shown only when game-server serves the page). */
export async function initAccount() {
  const dialog = $('account-dialog');
  const status = $('account-status');
  const show = () => {
    const inside = current !== null;
    $('account-open').textContent = inside ? `Account: ${current.name}` : 'Sign in';
    $('account-who').textContent = inside ? `Signed in as ${current.name}.` : 'Not signed in. A nickname is enough to play; ranked games need an account.';
    for (const id of ['account-name-field', 'account-sign-up', 'account-sign-in']) $(id).hidden = inside;
    for (const id of ['account-sign-out', 'account-delete']) $(id).hidden = !inside;
    $('account-delete').textContent = 'Delete my account';
    $('account-delete').dataset.armed = '';
  };
  const act = async (work, done) => {
    for (const button of dialog.querySelectorAll('button')) button.disabled = true;
    status.textContent = '';
    try {
      current = await work();
      show();
      status.textContent = done(current);
      announce(status.textContent);
    } catch (error) {
      status.textContent = error.name === 'NotAllowedError' ? 'The passkey was not given (cancelled, or timed out).' : error.message;
      announce(status.textContent);
    } finally {
      for (const button of dialog.querySelectorAll('button')) button.disabled = false;
    }
  };
  const name = () => $('account-name').value.trim();
  $('account-open').addEventListener('click', () => {
    status.textContent = '';
    dialog.showModal();
  });
  $('account-close').addEventListener('click', () => dialog.close());
  $('account-form').addEventListener('submit', (event) => {
    event.preventDefault();
    act(() => signUp(name()), (a) => `Account made: you are signed in as ${a.name}.`);
  });
  $('account-sign-in').addEventListener('click', () => act(() => signIn(name()), (a) => `Signed in as ${a.name}.`));
  $('account-sign-out').addEventListener('click', () => act(async () => { await post('account/sign-out'); return null; }, () => 'Signed out.'));
  $('account-delete').addEventListener('click', () => {
    const button = $('account-delete');
    if (!button.dataset.armed) {
      button.dataset.armed = 'yes';
      button.textContent = 'Really delete it? Click again';
      return;
    }
    act(async () => { await post('account/delete'); return null; }, () => 'Your account and its passkeys are deleted.');
  });
  current = await whoAmI();
  show();
}
