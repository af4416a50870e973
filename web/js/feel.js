// How the page feels beyond the rules: sounds for placing, capturing and sowing (off until
// the player turns them on, then remembered), move numbers on the stones (a toggle, also
// remembered), and whether animations should be short (`prefers-reduced-motion`).
//
// The sounds are made by the Web Audio API (a short filtered noise burst for a stone, two
// falling tones for a capture, a soft tick for each kete sown): no sound files to fetch.

import { $ } from './dom.js';

const SETTINGS_KEY = 'board-game-rules-playground/settings';

/** The player's settings: `{ sound, numbers }`, both off unless turned on. */
const settings = { sound: false, numbers: false, ...readSettings() };

function readSettings() {
  try {
    const kept = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}');
    return { sound: kept.sound === true, numbers: kept.numbers === true };
  } catch {
    return {};
  }
}

function keepSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage disabled: the setting lasts as long as the page.
  }
}

/** Whether move numbers are drawn on the stones. */
export const numbersShown = () => settings.numbers;

/** Whether the player asked the system for less motion (the sowing is then shown at once). */
export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The sounds played so far, by name (`place`, `capture`, `sow`): what the tests read. */
export const played = [];

let audio = null;

/** Plays the sound `name` when sounds are on. */
export function sound(name) {
  if (!settings.sound) return;
  played.push(name);
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') audio.resume();
    SOUNDS[name]?.(audio, audio.currentTime);
  } catch {
    // No audio here (a browser without Web Audio): the game goes on in silence.
  }
}

const SOUNDS = {
  /** A stone put down: a short knock of filtered noise. */
  place(ctx, t) {
    const length = Math.floor(ctx.sampleRate * 0.06);
    const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    let seed = 7;
    for (let i = 0; i < length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff; // repeatable noise, no Math.random
      data[i] = ((seed / 0x3fffffff) - 1) * (1 - i / length) ** 3;
    }
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = 1800;
    const gain = ctx.createGain();
    gain.gain.value = 0.6;
    source.connect(filter).connect(gain).connect(ctx.destination);
    source.start(t);
  },
  /** Stones or pieces taken: two falling tones. */
  capture(ctx, t) {
    tone(ctx, t, 660, 0.09);
    tone(ctx, t + 0.08, 440, 0.12);
  },
  /** A kete dropped into a pit. */
  sow(ctx, t) {
    tone(ctx, t, 980, 0.035, 0.12);
  },
};

function tone(ctx, t, frequency, seconds, volume = 0.18) {
  const osc = ctx.createOscillator();
  osc.frequency.value = frequency;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(volume, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + seconds);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + seconds + 0.02);
}

/**
 * Wires the Sound and Numbers buttons; `redraw()` draws the board again when the numbers
 * are turned on or off.
 */
export function initFeel(redraw) {
  const soundButton = $('sound');
  const numbersButton = $('numbers');
  const show = () => {
    soundButton.setAttribute('aria-pressed', String(settings.sound));
    soundButton.textContent = settings.sound ? 'Sound on' : 'Sound off';
    numbersButton.setAttribute('aria-pressed', String(settings.numbers));
  };
  soundButton.addEventListener('click', () => {
    settings.sound = !settings.sound;
    keepSettings();
    show();
    if (settings.sound) sound('place'); // what it sounds like, and the browser's permission
  });
  numbersButton.addEventListener('click', () => {
    settings.numbers = !settings.numbers;
    keepSettings();
    show();
    redraw();
  });
  show();
}
