// Three game-servers on one PostgreSQL behind nginx round-robin, no sticky sessions
// (issue 36; docs/server.md, "Several servers"): two people whose sockets land on
// different servers play a whole go9 game, a third watches; mid-game the server that owns
// the game is killed with SIGKILL, every page reconnects (through nginx, to the servers
// left), another server takes the game over, and they play it to the end. The database
// then holds every move once, and the game changed owner once.
//
// PostgreSQL is a throwaway server (Debian's initdb and pg_ctl, as the `postgres` user
// when this runs as root); nginx includes docs/deploy/nginx-game-server.conf as it is.
// Without either, the test fails when the CI environment variable is set (.ci/run
// installs both) and otherwise says why it did nothing. Needs web/dist (web/build.sh).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, DIST, GAME, PHONE, SHOTS, shot } from './support.mjs';
import {
  WAIT, confirmCreate, createGame, joinBoth, online, open, passTwiceToTheEnd, playOne, spawnGameServer, startBrowser,
} from './online-support.mjs';
import { NGINX, freePort, installed, startNginx } from './proxy-support.mjs';

const PLIES = 12;
const KILLED_AT = 6;

let scratch;
let pgDir;
let pg;
let browser;
let person;
let nginxPort;
const servers = [];
const children = [];

/** The newest installed PostgreSQL's programs' folder, or null. */
function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((x, y) => Number(x) - Number(y));
  return versions.length ? join(root, versions.at(-1), 'bin') : null;
}

/** Runs one of PostgreSQL's programs, as `postgres` when this is root (it refuses root). */
function runPostgres(bin, program, args) {
  const asRoot = process.getuid?.() === 0;
  const [command, full] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
  return execFileSync(command, full, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A throwaway PostgreSQL on a free loopback port: `{ bin, data, port }`. */
async function startPostgres(bin) {
  pgDir = mkdtempSync(join(tmpdir(), 'playground-cluster-pg-'));
  if (process.getuid?.() === 0) {
    const id = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(pgDir, id, id);
  }
  const data = join(pgDir, 'data');
  const port = await freePort();
  runPostgres(bin, 'initdb', ['-D', data, '-U', 'gs', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  runPostgres(bin, 'pg_ctl', ['-D', data, '-l', join(pgDir, 'server.log'), '-w', '-t', '60',
    '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${data} -c fsync=off`, 'start']);
  return { bin, data, port };
}

/** One SQL query's rows, as psql prints them unaligned (`|` between columns). */
function sql(query) {
  return execFileSync(join(pg.bin, 'psql'), ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'gs', '-d', 'postgres',
    '-At', '-c', query], { encoding: 'utf8' }).trim();
}

/** WebSockets open on each server now, by its `/metrics`. */
async function socketsOpen() {
  return Promise.all(servers.map(async (s) => {
    const text = await (await fetch(`${s.address}/metrics`)).text();
    return Number(text.match(/^game_server_websockets_open (\d+)/m)[1]);
  }));
}

/** The sockets open on the servers once the count stops changing, and their total. */
async function settled() {
  const deadline = Date.now() + 30_000;
  let last = null;
  for (;;) {
    const open = await socketsOpen();
    if (last && open.join() === last.join()) return { open, total: open.reduce((x, y) => x + y, 0) };
    assert.ok(Date.now() < deadline, 'the servers\' socket counts settle');
    last = open;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

let skipped = false;

before(async () => {
  assert.ok(existsSync(join(DIST, 'manifest.json')), 'web/dist is built (run web/build.sh)');
  const bin = postgresBin();
  if (!installed(NGINX, 'nginx') || !installed(bin ? join(bin, 'initdb') : '/usr/lib/postgresql', 'postgresql')) {
    skipped = true;
    return;
  }
  mkdirSync(SHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'playground-cluster-'));
  pg = await startPostgres(bin);
  nginxPort = await freePort();
  const database = `postgres://gs@127.0.0.1:${pg.port}/postgres`;
  for (let i = 0; i < 3; i++) {
    servers.push(await spawnGameServer([
      '--listen', '127.0.0.1:0', '--database', database, '--database-connections', '4', '--web', DIST,
      '--trusted-proxy', '127.0.0.1', '--public-origin', `http://localhost:${nginxPort}`,
    ]));
  }
  await startNginx(children, join(scratch, 'nginx'), nginxPort, servers.map((s) => new URL(s.address).host));
  browser = await startBrowser();
  person = browser.person;
});

after(async () => {
  await browser?.close();
  for (const child of children) child.kill();
  for (const s of servers) s.child.kill();
  if (pg) {
    try { runPostgres(pg.bin, 'pg_ctl', ['-D', pg.data, '-m', 'immediate', 'stop']); } catch { /* already gone */ }
  }
  for (const dir of [scratch, pgDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('three game-servers on one PostgreSQL behind nginx', () => {
  test('players on different servers play go9 to the end; the owner is killed mid-game and another takes it over', async () => {
    if (skipped) return;
    const site = `http://localhost:${nginxPort}`;
    const a = await person(DESKTOP);
    const b = await person(PHONE);
    const w = await person(DESKTOP);
    await open(a, `${site}/?pause=0`);
    await createGame(a, GAME.go9, 'first');
    const links = await confirmCreate(a);
    await a.waitForSelector('#online-conn[data-status="connected"]', WAIT);
    const id = new URL(links.watch).searchParams.get('game');

    // A's socket made its server the game's owner. B opens the invitation until its socket
    // lands on another server: then that server forwards it to the owner, and three
    // sockets are open in all (A's, B's, and B's forwarded one), not two.
    assert.equal((await settled()).total, 1);
    let spread = false;
    for (let attempt = 0; attempt < 12 && !spread; attempt++) {
      await open(b, links.invite);
      await b.waitForSelector('#online-conn[data-status="connected"]', WAIT);
      const { total } = await settled();
      assert.ok(total === 2 || total === 3, `${total} sockets`);
      spread = total === 3;
      if (!spread) {
        await b.goto('about:blank');
        while ((await settled()).total !== 1);
      }
    }
    assert.ok(spread, 'the two players\' sockets landed on different servers');
    await open(w, links.watch);
    await w.waitForFunction(() => window.playground.online()?.you === null, null, WAIT);
    const players = [a, b];
    const pages = [a, b, w];
    for (let i = 0; i < KILLED_AT; i++) await playOne(players, i);

    // The owner, by the database; killed without a goodbye.
    const ownerAddress = sql(`SELECT i.address FROM games g JOIN instances i ON i.id = g.owner WHERE g.id = '${id}'`);
    const owner = servers.find((s) => new URL(s.address).host === ownerAddress);
    assert.ok(owner, `the owner ${ownerAddress} is one of the three`);
    owner.child.kill('SIGKILL');
    for (const page of pages) await page.waitForSelector('#online-conn[data-status="reconnecting"]', WAIT);
    for (const page of pages) await page.waitForSelector('#online-conn[data-status="connected"]', WAIT);
    await shot(b, 'cluster-after-takeover-phone');
    for (let i = KILLED_AT; i < PLIES; i++) await playOne(players, i);
    // The only console errors allowed: the failed reconnections while the game moved.
    const errors = (list) => list.filter((e) => !/WebSocket connection to .* failed/.test(e));
    await passTwiceToTheEnd(players, pages, PLIES, { errors });
    assert.equal((await online(w)).result.reason, 'rules');

    const [moves, epoch, newOwner] = sql(`SELECT (SELECT count(*) FROM moves WHERE game_id = '${id}'),
      g.owner_epoch, i.address FROM games g JOIN instances i ON i.id = g.owner WHERE g.id = '${id}'`).split('|');
    assert.equal(Number(moves), PLIES + 2, 'every move once in the database');
    assert.equal(Number(epoch), 2, 'one takeover');
    assert.notEqual(newOwner, ownerAddress);
  });
});
