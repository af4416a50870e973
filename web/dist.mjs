// Builds web/dist, the only folder a server should publish (game-server's `--web`):
// index.html and server.json under their own names, and every other file the page uses
// (its modules, the stylesheet, the wasm of web/pkg, native-speed.json) under
// assets/ with a content hash in its name (`engine.3fa1c02b9d.js`), so that a server can
// let browsers keep them for a year (`immutable`) and a new build is fetched at once.
// Each file's imports and `new URL('…', import.meta.url)` references are rewritten to the
// hashed names first, so a hash covers what the file refers to. Every text file and the
// wasm also get a brotli (quality 11) and a gzip (level 9) copy beside them, used when
// smaller. manifest.json lists what is served, with each file's SHA-256, whether it is
// immutable and its precompressed encodings; game-server serves nothing else.
//
//   node dist.mjs            (run by build.sh after the wasm build; needs web/pkg)
//
// No dependencies: node:crypto, node:fs and node:zlib. Exported for the tests.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The folder of this file: the page's sources. */
export const WEB = dirname(fileURLToPath(import.meta.url));

/** The hex digits of the content hash in a file's name. */
export const HASH_DIGITS = 10;

/** The kinds of file given precompressed copies. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.wasm', '.svg', '.txt']);

/** The files served under their own names (not hashed): what a URL names. */
const ENTRY_PAGES = ['index.html', 'server.json'];

/**
 * The games' pages of docs/ (the full rules with every decision), served as rules/NAME.md
 * (text) for the rules card's link; left out when the docs folder is not there.
 */
export const RULE_PAGES = ['kazura.md', 'bao-nyakua.md', 'go9.md', 'bind.md'];

/** The hex SHA-256 of `bytes`. */
export function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `name.ext` → `name.HASH.ext`, with HASH the first HASH_DIGITS digits of `hex`. */
export function hashedName(file, hex) {
  const ext = posix.extname(file);
  return `${file.slice(0, file.length - ext.length)}.${hex.slice(0, HASH_DIGITS)}${ext}`;
}

/**
 * The relative references in a module's text: quoted specifiers starting `./` or `../`
 * (static imports, `import()`, `new URL(…, import.meta.url)`), with where each starts.
 */
function references(text) {
  const found = [];
  for (const match of text.matchAll(/(['"])(\.\.?\/[^'"\s]+)\1/g)) {
    found.push({ at: match.index + 1, spec: match[2] });
  }
  return found;
}

/**
 * Builds the dist folder `out` from the sources in `web`; returns the manifest. Throws
 * when a module refers to a file that does not exist, or modules import each other in a
 * cycle (no hash could cover both).
 */
export function buildDist(web = WEB, out = join(web, 'dist'), docs = join(web, '..', 'docs')) {
  const hashed = new Map(); // source path relative to web (posix) → hashed path under out
  const visiting = new Set();
  const files = {};
  rmSync(out, { recursive: true, force: true });

  const write = (rel, bytes, immutable) => {
    const target = join(out, ...rel.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    const encodings = [];
    if (COMPRESSIBLE.has(extname(rel))) {
      const br = brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      const gz = gzipSync(bytes, { level: 9 });
      if (br.length < bytes.length) {
        writeFileSync(`${target}.br`, br);
        encodings.push('br');
      }
      if (gz.length < bytes.length) {
        writeFileSync(`${target}.gz`, gz);
        encodings.push('gzip');
      }
    }
    files[rel] = { sha256: sha256(bytes), size: bytes.length, immutable, encodings };
  };

  /** Writes the source file `rel` (and first what it refers to) as an asset; its dist path. */
  const asset = (rel) => {
    if (hashed.has(rel)) return hashed.get(rel);
    const source = join(web, ...rel.split('/'));
    if (!existsSync(source)) throw new Error(`${rel}: no such file (web/build.sh builds web/pkg)`);
    if (visiting.has(rel)) throw new Error(`${rel}: modules import each other in a cycle`);
    visiting.add(rel);
    let bytes = readFileSync(source);
    if (extname(rel) === '.js') {
      let text = bytes.toString('utf8');
      const refs = references(text).reverse(); // from the end, so earlier offsets hold
      for (const { at, spec } of refs) {
        const target = posix.normalize(posix.join(posix.dirname(rel), spec));
        const targetDist = asset(target);
        let rewritten = posix.relative(posix.dirname(`assets/${rel}`), targetDist);
        if (!rewritten.startsWith('.')) rewritten = `./${rewritten}`;
        text = text.slice(0, at) + rewritten + text.slice(at + spec.length);
      }
      bytes = Buffer.from(text, 'utf8');
    }
    visiting.delete(rel);
    const distPath = `assets/${hashedName(rel, sha256(bytes))}`;
    write(distPath, bytes, true);
    hashed.set(rel, distPath);
    return distPath;
  };

  // The page: its stylesheet and scripts to their hashed names, and a modulepreload for
  // each module the entry imports, so the browser fetches them at once, not in a chain.
  let html = readFileSync(join(web, 'index.html'), 'utf8');
  html = html.replace(/(href|src)="([^"#?:]+\.(?:css|js))"/g, (_, attr, path) => `${attr}="${asset(path)}"`);
  const entry = html.match(/<script type="module" src="([^"]+)"/)?.[1];
  if (!entry) throw new Error('index.html: no <script type="module" src="…">');
  const preloads = [];
  const imported = (distPath, seen = new Set()) => {
    const text = readFileSync(join(out, ...distPath.split('/')), 'utf8');
    for (const match of text.matchAll(/(?:^|\n)\s*import\s[^;]*?from\s+'(\.\.?\/[^']+)'/g)) {
      const dep = posix.normalize(posix.join(posix.dirname(distPath), match[1]));
      if (!seen.has(dep)) {
        seen.add(dep);
        imported(dep, seen);
      }
    }
    return seen;
  };
  for (const dep of [...imported(entry)].sort()) preloads.push(`  <link rel="modulepreload" href="${dep}">`);
  html = html.replace(/(\s*<script type="module" src="[^"]+"><\/script>)/, `\n${preloads.join('\n')}$1`);
  write('index.html', Buffer.from(html, 'utf8'), false);
  for (const page of ENTRY_PAGES.filter((p) => p !== 'index.html')) {
    write(page, readFileSync(join(web, page)), false);
  }
  for (const page of RULE_PAGES) {
    if (existsSync(join(docs, page))) write(`rules/${page}`, readFileSync(join(docs, page)), false);
  }

  const manifest = {
    note: 'Written by web/dist.mjs: the files game-server serves, and nothing else.',
    format: 1,
    files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))),
  };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = join(WEB, 'dist');
  const manifest = buildDist(WEB, out);
  const entries = Object.values(manifest.files);
  const bytes = entries.reduce((sum, f) => sum + f.size, 0);
  console.log(`built ${relative(process.cwd(), out) || '.'}${sep}: ${entries.length} files, ${bytes} bytes before compression`);
}
