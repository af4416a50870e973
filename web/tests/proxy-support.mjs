// What the tests with real servers beside game-server share (proxy.test.mjs,
// cluster.test.mjs): free ports, child processes kept for their errors and stopped after
// the file, whether a Debian package is installed, and nginx in front of one or more
// game-servers with docs/deploy/nginx-game-server.conf included as it is.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { REPO } from './support.mjs';

export const NGINX = '/usr/sbin/nginx';

/** A port the system says is free now (a server binds it a moment later). */
export function freePort() {
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
export async function listening(child, port, name) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} ended (${child.exitCode}): ${child.said}`);
    const up = await new Promise((resolve) => {
      // A connection from an ephemeral port equal to `port`, with nothing listening yet,
      // connects to itself: that is not the child listening.
      const socket = connect(port, '127.0.0.1', () => {
        const itself = socket.localPort === port && socket.localAddress === socket.remoteAddress;
        socket.end();
        resolve(!itself);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port}: ${child.said}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts `command` with `args` (and `env`), the end of its output kept in `child.said` for
 * errors; pushed on `children` for the caller to stop.
 */
export function startChild(children, command, args, env = {}) {
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
export function installed(binary, name) {
  if (existsSync(binary)) return true;
  assert.ok(!process.env.CI, `${name} is not installed, and CI must run this test (.ci/run installs Debian's ${name})`);
  console.log(`# ${name} (${binary}) is not installed: its test did nothing (it fails under CI)`);
  return false;
}

/**
 * nginx on `port` in front of the game-servers at `upstreams` (`host:port`, round-robin,
 * no stickiness), its files in `dir`, with the recommended locations included as they are.
 */
export async function startNginx(children, dir, port, upstreams) {
  mkdirSync(dir, { recursive: true });
  const locations = join(REPO, 'docs', 'deploy', 'nginx-game-server.conf');
  const servers = upstreams.map((u) => `server ${u};`).join(' ');
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
  upstream game_server { ${servers} }
  server {
    listen 127.0.0.1:${port};
    include ${locations};
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  await listening(startChild(children, NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')]), port, 'nginx');
}
