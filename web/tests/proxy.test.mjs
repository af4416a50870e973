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
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, DESKTOP, DIST, FLAGS, GAME, PHONE, REPO, SHOTS, shot } from './support.mjs';
import {
  WAIT, confirmCreate, createGame, online, open, passTwiceToTheEnd, people, playOne, spawnGameServer,
} from './online-support.mjs';

const NGINX = '/usr/sbin/nginx';
const CADDY = '/usr/bin/caddy';
const PLIES = 12;

let scratch;
let server;
let browser;
let person;
const contexts = [];
const children = [];
const ports = {};

/** A port the system says is free now (the proxies bind it a moment later). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once 127.0.0.1:`port` takes connections; rejects if `child` ends first. */
async function listening(child, port, name) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} ended (${child.exitCode}): ${child.said}`);
    const up = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => { socket.end(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port}: ${child.said}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts `command` with `args` (and `env`), its output kept for errors; stopped after the file. */
function startChild(command, args, env = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  child.said = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => { child.said = (child.said + chunk).slice(-4000); });
  }
  children.push(child);
  return child;
}

/** Whether `binary` is installed; without it, CI fails and a developer's run is told why. */
function installed(binary, name) {
  if (existsSync(binary)) return true;
  assert.ok(!process.env.CI, `${name} is not installed, and CI must run this test (.ci/run installs Debian's ${name})`);
  console.log(`# ${name} (${binary}) is not installed: its test did nothing (it fails under CI)`);
  return false;
}

/** nginx on `port` in front of the server, with the recommended locations included as they are. */
async function startNginx(port, upstream) {
  const dir = join(scratch, 'nginx');
  mkdirSync(dir, { recursive: true });
  const locations = join(REPO, 'docs', 'deploy', 'nginx-game-server.conf');
  const config = `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream game_server { server ${upstream}; }
  server {
    listen 127.0.0.1:${port};
    include ${locations};
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  await listening(startChild(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')]), port, 'nginx');
}

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
  const child = startChild(CADDY, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
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
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  person = people(browser, contexts);
});

after(async () => {
  for (const context of contexts) await context.close().catch(() => {});
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
    await startNginx(ports.nginx, ports.upstream);
    await playThrough(`http://localhost:${ports.nginx}`, 'nginx');
  });

  test('Caddy with docs/deploy/caddy-game-server.caddy', async () => {
    if (!installed(CADDY, 'caddy')) return;
    await startCaddy(ports.caddy, ports.upstream);
    await playThrough(`http://localhost:${ports.caddy}`, 'caddy');
  });
});
