// What the browser tests share: the server, one Chromium (Debian's, driven by
// playwright-core) per test file, pages that collect console errors, and helpers to start
// games, click, save and load records, and take screenshots.
//
// Needs web/dist (web/build.sh) and `npm ci`; run with `npm test` in web/.
// Environment: CHROMIUM (default /usr/bin/chromium), RULEBOOK (a rulebook binary; default
// `cargo run -q -p rulebook --`), SCREENSHOTS_DIR (default web/test-output/screenshots).

import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../server.mjs';

export const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO = resolve(WEB, '..');
/** The built page the tests load (web/dist, made by build.sh): what a server publishes. */
export const DIST = join(WEB, 'dist');
export const SHOTS = resolve(process.env.SCREENSHOTS_DIR ?? join(WEB, 'test-output', 'screenshots'));
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const GAME = {
  kazura9: '{"game":"kazura","size":9}',
  kazura13: '{"game":"kazura","size":13}',
  kazura19: '{"game":"kazura","size":19}',
  baoSeed: '{"game":"bao","ruleset":"seed"}',
  baoReference: '{"game":"bao","ruleset":"reference"}',
  go9: '{"game":"go9"}',
  bindMini: '{"game":"bind","variant":"mini"}',
  bindFull: '{"game":"bind","variant":"full"}',
};

let server;
let url;
let context;
let userData;
/** A folder for the records the tests save and write. */
export let scratch;
/** Figures measured by the tests, written to test-output/figures.json at the end. */
export const figures = {};

// ---- helpers ------------------------------------------------------------------------

/** Runs `rulebook` with `args` and returns its standard output. */
export function rulebook(...args) {
  const [command, prefix] = process.env.RULEBOOK
    ? [resolve(process.env.RULEBOOK), []]
    : ['cargo', ['run', '-q', '-p', 'rulebook', '--']];
  return execFileSync(command, [...prefix, ...args], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The text after `result: ` in `rulebook replay FILE`. */
export function replayResult(file) {
  const out = rulebook('replay', file);
  const line = out.trimEnd().split('\n').at(-1);
  assert.match(line, /^result: /, out);
  return line.slice('result: '.length);
}

/**
 * A new page (tab) whose console errors and page errors are collected in `page.errors`.
 * The browser's storage is emptied first, so no kept game from another test comes back.
 */
export async function openPage(viewport = DESKTOP, query = '?pause=0') {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => page.errors.push(`page error: ${error.message}`));
  page.on('worker', (worker) => worker.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(`worker console: ${message.text()}`);
  }));
  await page.goto(url + query);
  await page.waitForSelector('#board svg');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('#board svg');
  return page;
}

export async function closePage(page) {
  assert.deepEqual(page.errors, [], 'the page logged no console error');
  await page.close();
}

/**
 * Takes a screenshot of the whole page, after checking that the page is no wider than
 * the window (nothing makes a phone scroll sideways).
 */
export async function shot(page, name) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `${name}: the page is ${scroll} px wide in a ${width} px window`);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The address of the page server (the built page). */
export const pageUrl = () => url;

/** The paths the page server was asked for so far, in order. */
export const servedPaths = () => [...server.served];

export const view = (page) => page.evaluate(() => window.playground.view());

/** Waits until no move is animated and the computer is not thinking. */
export async function settle(page) {
  await page.waitForFunction(() => !window.playground.busy(), null, { timeout: 120_000 });
}

/**
 * Starts a game from the picker; "New game" asks before it discards a game in progress,
 * and is confirmed.
 */
export async function start(page, game, players = 'hh', level = 'easy') {
  await page.selectOption('#game', game);
  await page.selectOption('#players', players);
  await page.selectOption('#level', level);
  await newGame(page);
  await settle(page);
}

/** Presses "New game", and again when it asks whether to discard the game in progress. */
export async function newGame(page) {
  await page.click('#start');
  if (await page.getAttribute('#start', 'data-armed') === 'true') await page.click('#start');
}

export async function clickPoint(page, name) {
  await page.click(`[data-point="${name}"]`);
}

/** Saves the record with `button` and returns the file's path. */
export async function save(page, button, name) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  const file = join(scratch, name);
  await download.saveAs(file);
  return file;
}

export async function loadFile(page, file) {
  await page.setInputFiles('#load', file);
  await page.waitForSelector('#message:not(:empty)');
  await settle(page);
}

/** The banner's result text, once the game is over. */
export async function bannerText(page) {
  await page.waitForSelector('#banner:not([hidden])');
  return page.textContent('#result-text');
}

/** Checks that an illegal click shows `reason` (the engine's) and changes nothing. */
export async function expectRefused(page, click, reasonPattern) {
  const before = await view(page);
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });
  await click();
  await page.waitForSelector('#message:not(:empty)');
  const message = await page.textContent('#message');
  assert.match(message, reasonPattern);
  const after = await view(page);
  assert.deepEqual(after, before, 'a refused move changes nothing');
  return message;
}

/** Plays the game to its end: a person clicks legal moves chosen by `pick`, the computer answers. */
export async function playToEnd(page, pick, limit = 2000) {
  for (let i = 0; i < limit; i++) {
    await settle(page);
    const v = await view(page);
    if (v.over) return v;
    const personToAct = await page.evaluate(() => window.playground.personToAct());
    if (!personToAct) continue;
    await pick(page, v, i);
  }
  throw new Error('the game did not end');
}

/** A seeded choice from a list, so a run is repeatable. */
export const choose = (list, i) => list[(i * 7919 + 13) % list.length];

// ---- set-up -------------------------------------------------------------------------

/** Starts the server and Chromium before the file's tests, and stops them after. */
export function useBrowser() {
  before(async () => {
    assert.ok(existsSync(join(DIST, 'manifest.json')), 'web/dist is built (run web/build.sh)');
    mkdirSync(SHOTS, { recursive: true });
    console.log(`# screenshots: ${SHOTS}`);
    scratch = mkdtempSync(join(tmpdir(), 'playground-records-'));
    userData = mkdtempSync(join(tmpdir(), 'playground-chromium-'));
    ({ server, url } = await startServer(DIST, 0));
    context = await chromium.launchPersistentContext(userData, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      acceptDownloads: true,
      viewport: DESKTOP,
    });
  });

  after(async () => {
    await context?.close();
    server?.close();
    rmSync(userData, { recursive: true, force: true });
    if (Object.keys(figures).length) {
      writeFileSync(join(SHOTS, '..', 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
      console.log(`# figures: ${JSON.stringify(figures)}`);
    }
    console.log(`# screenshots: ${SHOTS}`);
  });
}
