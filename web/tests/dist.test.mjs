// The built page (dist.mjs, run by build.sh): only what the page uses, under names that
// change whenever their content or anything they refer to changes, with precompressed
// copies that decompress to the file, and a manifest game-server can trust. Needs web/pkg
// (web/build.sh).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { HASH_DIGITS, WEB, buildDist, sha256 } from '../dist.mjs';

/** A copy of the page's sources (what dist.mjs reads) in a folder of its own. */
function copySources() {
  const web = mkdtempSync(join(tmpdir(), 'playground-dist-'));
  for (const name of ['index.html', 'style.css', 'server.json', 'native-speed.json', 'js', 'pkg']) {
    cpSync(join(WEB, name), join(web, name), { recursive: true });
  }
  return web;
}

/** Every file under `folder`, as posix paths relative to it. */
function filesUnder(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

test('dist holds the page and what it uses, and nothing of the sources besides', () => {
  assert.ok(existsSync(join(WEB, 'pkg', 'rules_wasm_bg.wasm')), 'web/pkg is built (run web/build.sh)');
  const web = copySources();
  try {
    const out = join(web, 'dist');
    const manifest = buildDist(web, out);
    const listed = Object.keys(manifest.files);
    const copies = Object.entries(manifest.files).flatMap(([name, file]) =>
      file.encodings.map((e) => `${name}.${e === 'br' ? 'br' : 'gz'}`));
    assert.deepEqual(filesUnder(out), [...listed, ...copies, 'manifest.json'].sort());
    for (const name of listed) {
      assert.doesNotMatch(name, /(^|\/)(tests|node_modules)\/|package|build\.sh|dist\.mjs|server\.mjs/, name);
    }
    assert.deepEqual(listed.filter((n) => !manifest.files[n].immutable), ['index.html', 'server.json']);
    // Each module of js/, the stylesheet, the wasm and the native figures, hashed.
    const sources = filesUnder(join(web, 'js')).map((f) => `js/${f}`)
      .concat(['style.css', 'pkg/rules_wasm_bg.wasm', 'native-speed.json']);
    for (const source of sources) {
      const ext = posix.extname(source);
      const stem = source.slice(0, -ext.length);
      const pattern = new RegExp(`^assets/${stem.replace(/[.]/g, '\\.')}\\.[0-9a-f]{${HASH_DIGITS}}\\${ext}$`);
      assert.equal(listed.filter((n) => pattern.test(n)).length, 1, `${source} is in dist once, hashed`);
    }
    for (const [name, file] of Object.entries(manifest.files)) {
      const bytes = readFileSync(join(out, name));
      assert.equal(sha256(bytes), file.sha256, name);
      assert.equal(bytes.length, file.size, name);
      if (file.immutable) assert.ok(name.includes(`.${file.sha256.slice(0, HASH_DIGITS)}.`), `${name} holds its hash`);
      if (file.encodings.includes('br')) assert.ok(brotliDecompressSync(readFileSync(join(out, `${name}.br`))).equals(bytes), name);
      if (file.encodings.includes('gzip')) assert.ok(gunzipSync(readFileSync(join(out, `${name}.gz`))).equals(bytes), name);
    }
    const wasm = listed.find((n) => n.endsWith('.wasm'));
    assert.deepEqual(manifest.files[wasm].encodings, ['br', 'gzip']);
    assert.ok(readFileSync(join(out, `${wasm}.br`)).length < manifest.files[wasm].size * 0.4, 'brotli makes the wasm much smaller');
  } finally {
    rmSync(web, { recursive: true, force: true });
  }
});

test('every reference in dist names a file in dist, and the page preloads the modules it imports', () => {
  const web = copySources();
  try {
    const out = join(web, 'dist');
    const manifest = buildDist(web, out);
    const listed = new Set(Object.keys(manifest.files));
    for (const name of [...listed].filter((n) => n.endsWith('.js'))) {
      const text = readFileSync(join(out, name), 'utf8');
      const refs = [...text.matchAll(/(['"])(\.\.?\/[^'"\s]+)\1/g)].map((m) => m[2]);
      for (const ref of refs) {
        assert.ok(listed.has(posix.normalize(posix.join(posix.dirname(name), ref))), `${name} refers to ${ref}`);
      }
    }
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const linked = [...html.matchAll(/(?:href|src)="(assets\/[^"]+)"/g)].map((m) => m[1]);
    for (const link of linked) assert.ok(listed.has(link), link);
    const preloaded = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(preloaded.some((p) => p.includes('/engine.')) && preloaded.some((p) => p.includes('/games/grid.')), preloaded.join(' '));
    assert.ok(!preloaded.some((p) => p.includes('/worker.')), 'the worker is not the page\'s module');
  } finally {
    rmSync(web, { recursive: true, force: true });
  }
});

test('a build is repeatable, and a change renames the file and every file that refers to it', () => {
  const web = copySources();
  try {
    const first = buildDist(web, join(web, 'one'));
    assert.deepEqual(buildDist(web, join(web, 'two')), first, 'the same sources, the same build');
    // dom.js changes: it, the modules importing it and main.js (importing those) get new
    // names; the wasm and the stylesheet keep theirs.
    writeFileSync(join(web, 'js', 'dom.js'), `${readFileSync(join(web, 'js', 'dom.js'), 'utf8')}\n// changed\n`);
    const second = buildDist(web, join(web, 'three'));
    const names = (m) => Object.keys(m.files).filter((n) => n.startsWith('assets/'));
    const gone = names(first).filter((n) => !(n in second.files));
    const kept = names(first).filter((n) => n in second.files);
    for (const changed of ['/dom.', '/main.', '/render.', '/games/grid.', '/games/go9.', '/worker.', '/engine.']) {
      const renamed = gone.some((n) => n.includes(changed));
      // worker.js imports only engine.js, which imports nothing: both keep their names.
      assert.equal(renamed, !['/worker.', '/engine.'].includes(changed), changed);
    }
    assert.ok(kept.some((n) => n.endsWith('.wasm')) && kept.some((n) => n.endsWith('.css')), kept.join(' '));
    assert.notEqual(second.files['index.html'].sha256, first.files['index.html'].sha256, 'the page names the new main');
  } finally {
    rmSync(web, { recursive: true, force: true });
  }
});

test('a module referring to a file that is not there stops the build', () => {
  const web = copySources();
  try {
    writeFileSync(join(web, 'js', 'rules.js'), `${readFileSync(join(web, 'js', 'rules.js'), 'utf8')}\nimport './missing.js';\n`);
    assert.throws(() => buildDist(web, join(web, 'dist')), /js\/missing\.js: no such file/);
  } finally {
    rmSync(web, { recursive: true, force: true });
  }
});
