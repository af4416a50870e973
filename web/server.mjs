// A static file server for the playground (no dependencies): serves this folder on
// 127.0.0.1, with the wasm MIME type the browser's streaming compiler wants.
//
//   node server.mjs [PORT]       (PORT 0 picks a free port; the URL is printed)

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The folder this file is in: what the server serves. */
export const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Starts serving `root` on 127.0.0.1:`port`; resolves to `{ server, url }`.
 * Only files under `root` are served, and never node_modules or the tests.
 */
export function startServer(root = ROOT, port = 8080) {
  const server = createServer(async (request, response) => {
    try {
      const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
      let file = normalize(join(root, path));
      if (!file.startsWith(normalize(root)) || file.includes(`${sep}node_modules${sep}`)) {
        response.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      response.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      resolve({ server, url: `http://127.0.0.1:${bound}/` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
  const { url } = await startServer(ROOT, port);
  console.log(`serving the playground at ${url} (Ctrl-C stops)`);
}
