// Two people through a real proxy in front of game-server (issue 35; docs/server.md,
// "Deploy"), as the public meets it: Debian's nginx with docs/deploy/nginx-game-server.conf
// and Debian's Caddy with docs/deploy/caddy-game-server.caddy, each included as it is. For
// each, two Chromium contexts open the site at the proxy's `http://localhost:PORT/`, load
// the page (the wasm arriving compressed and cacheable for a year through the proxy), make
// a go9 game, join it by its link and play it to its end over the proxied WebSocket; the
// server takes the clients from the proxy's X-Forwarded-For (--trusted-proxy) and checks
// the browsers' Origin against --public-origin (nginx passes its upstream name as Host).
//
// Without nginx or Caddy a test fails when the CI environment variable is set (.ci/run
// installs both) and otherwise says why it did nothing. Needs web/dist (web/build.sh).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, DIST, GAME, PHONE, REPO, SHOTS, shot } from './support.mjs';
import {
  WAIT, confirmCreate, createGame, online, open, passTwiceToTheEnd, playOne, spawnGameServer, startBrowser,
} from './online-support.mjs';
import { NGINX, freePort, installed, listening, startChild, startNginx } from './proxy-support.mjs';

const CADDY = '/usr/bin/caddy';
const PLIES = 12;

let scratch;
let server;
let browser;
let person;
const children = [];
const ports = {};

/** Caddy on `port` in front of the server, the recommended directives imported as they are. */
async function startCaddy(port, upstream) {
  const dir = join(scratch, 'caddy');
  mkdirSync(dir, { recursive: true });
  const directives = join(REPO, 'docs', 'deploy', 'caddy-game-server.caddy');
  // The test's own global options: no admin endpoint, no certificates (plain HTTP on
  // loopback), nothing written outside its folder.
  const config = `{
	admin off
	auto_https off
}

http://localhost:${port} {
	bind 127.0.0.1
	import ${directives}
}
`;
  writeFileSync(join(dir, 'Caddyfile'), config);
  const child = startChild(children, CADDY, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    GAME_SERVER_UPSTREAM: upstream,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
  });
  await listening(child, port, 'caddy');
}

before(async () => {
  assert.ok(existsSync(join(DIST, 'manifest.json')), 'web/dist is built (run web/build.sh)');
  mkdirSync(SHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'playground-proxy-'));
  ports.nginx = await freePort();
  ports.caddy = await freePort();
  const started = await spawnGameServer([
    '--listen', '127.0.0.1:0', '--database', join(scratch, 'games.sqlite3'), '--web', DIST,
    '--trusted-proxy', '127.0.0.1',
    '--public-origin', `http://localhost:${ports.nginx}`,
    '--public-origin', `http://localhost:${ports.caddy}`,
  ]);
  server = started.child;
  ports.upstream = new URL(started.address).host;
  browser = await startBrowser();
  person = browser.person;
});

after(async () => {
  await browser?.close();
  for (const child of children) child.kill();
  server?.kill();
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * Two people at `site` (the proxy): the page loads with its wasm compressed and cached
 * for a year, A makes a go9 game, B joins by the link, and they play PLIES seeded lit
 * points and pass twice; both see the same end.
 */
async function playThrough(site, name) {
  const a = await person(DESKTOP);
  const b = await person(PHONE);
  const wasm = [];
  a.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.wasm')) wasm.push(response);
  });
  await open(a, `${site}/?pause=0`);
  await a.waitForSelector('#online-open', { state: 'visible', ...WAIT });
  assert.equal(wasm.length, 1, 'the page fetched the wasm once');
  const headers = await wasm[0].allHeaders();
  assert.equal(headers['content-encoding'], 'br', `${name} passes the brotli copy on`);
  assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable');

  await createGame(a, GAME.go9, 'first');
  const links = await confirmCreate(a);
  assert.ok(links.invite.startsWith(`${site}/?game=`), `the link names the site the players use: ${links.invite}`);
  await a.waitForSelector('#online-conn[data-status="connected"]', WAIT);
  await open(b, links.invite);
  await b.waitForFunction(() => window.playground.online()?.you === 1, null, WAIT);
  await b.waitForSelector('#online-conn[data-status="connected"]', WAIT);
  const players = [a, b];
  for (let i = 0; i < PLIES; i++) await playOne(players, i);
  await shot(b, `proxy-${name}-midgame-phone`);
  await passTwiceToTheEnd(players, players, PLIES);
  assert.equal((await online(a)).result.reason, 'rules');
}

describe('two people through a proxy in front of game-server', () => {
  test('nginx with docs/deploy/nginx-game-server.conf', async () => {
    if (!installed(NGINX, 'nginx')) return;
    await startNginx(children, join(scratch, 'nginx'), ports.nginx, [ports.upstream]);
    await playThrough(`http://localhost:${ports.nginx}`, 'nginx');
  });

  test('Caddy with docs/deploy/caddy-game-server.caddy', async () => {
    if (!installed(CADDY, 'caddy')) return;
    await startCaddy(ports.caddy, ports.upstream);
    await playThrough(`http://localhost:${ports.caddy}`, 'caddy');
  });
});
