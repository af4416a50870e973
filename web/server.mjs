// A static file server for the playground (no dependencies): serves the built page
// (web/dist) or another folder on 127.0.0.1, with the wasm MIME type the browser's
// streaming compiler wants, and the text files and the wasm compressed (brotli or gzip,
// node:zlib) when the request accepts it.
//
//   node server.mjs [PORT] [FOLDER]   (PORT 0 picks a free port; FOLDER defaults to dist,
//                                       `.` serves the sources as they are)

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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
  '.md': 'text/plain; charset=utf-8',
};

/** The kinds of file sent compressed; the others (images) are sent as they are. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt']);

/**
 * The encodings the server sends, best first: brotli at quality 9 (within a few per cent
 * of quality 11 on the wasm, at a fiftieth of its time) and gzip at level 9.
 */
const ENCODERS = {
  br: (bytes) => promisify(brotliCompress)(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

/**
 * The encoding to send for an `Accept-Encoding` header: the first of ENCODERS that it
 * accepts (by name or `*`, with a quality above 0), or `undefined` for the file as it is.
 */
export function chooseEncoding(header = '') {
  const quality = new Map();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    quality.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return Object.keys(ENCODERS).find((name) => (quality.get(name) ?? quality.get('*') ?? 0) > 0);
}

/**
 * The compressed bytes of each file and encoding, made once and kept while the file's
 * size and modification time stay the same (a rebuild replaces them).
 */
const compressed = new Map();

/** `file`'s bytes in `encoding`, from the cache or compressed now. */
function compressedFile(file, info, encoding) {
  const key = `${encoding}:${file}`;
  const stamp = `${info.size}:${info.mtimeMs}`;
  let entry = compressed.get(key);
  if (entry?.stamp !== stamp) {
    entry = { stamp, bytes: readFile(file).then(ENCODERS[encoding]) };
    const made = entry;
    made.bytes.catch(() => compressed.get(key) === made && compressed.delete(key));
    compressed.set(key, entry);
  }
  return entry.bytes;
}

/** The folder this file is in: what the server serves. */
export const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** A name holding a content hash (dist.mjs's `engine.3fa1c02b9d.js`): it never changes. */
const HASHED = /\.[0-9a-f]{10}\.[a-z]+$/;

/**
 * Starts serving `root` on 127.0.0.1:`port`; resolves to `{ server, url }`.
 * Only files under `root` are served, and never node_modules or the tests. A file whose
 * name holds its content hash may be kept by the browser for a year (`immutable`); any
 * other is kept but asked about again (`no-cache`). `server.served` lists the paths
 * asked for, in order (the tests count the wasm's downloads).
 */
export function startServer(root = ROOT, port = 8080) {
  const served = [];
  const server = createServer(async (request, response) => {
    try {
      const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
      served.push(path);
      let file = normalize(join(root, path));
      if (!file.startsWith(normalize(root)) || file.includes(`${sep}node_modules${sep}`)) {
        response.writeHead(403).end('forbidden');
        return;
      }
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file);
      }
      const headers = {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      let body;
      if (COMPRESSIBLE.has(extname(file))) {
        headers.Vary = 'Accept-Encoding';
        const encoding = chooseEncoding(request.headers['accept-encoding']);
        if (encoding) {
          headers['Content-Encoding'] = encoding;
          body = await compressedFile(file, info, encoding);
        }
      }
      body ??= await readFile(file);
      headers['Content-Length'] = body.length;
      response.writeHead(200, headers);
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  server.served = served;
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
  // The built page (web/dist, made by build.sh), as game-server publishes it.
  const { url } = await startServer(join(ROOT, process.argv[3] ?? 'dist'), port);
  console.log(`serving the playground at ${url} (Ctrl-C stops)`);
}
