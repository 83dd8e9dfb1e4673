import { randomInt } from 'node:crypto';
import { GLYPH_H, GLYPH_W, inkAt } from './font';
import { encodePng } from './png';

export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 60;

type Rgb = readonly [number, number, number];

class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly w: number,
    readonly h: number,
    bg: Rgb,
  ) {
    this.px = new Uint8Array(w * h * 3);
    for (let i = 0; i < w * h; i++) this.px.set(bg, i * 3);
  }
  dot(x: number, y: number, c: Rgb): void {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= this.w || yi >= this.h) return;
    this.px.set(c, (yi * this.w + xi) * 3);
  }
  line(x0: number, y0: number, x1: number, y1: number, c: Rgb): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let i = 0; i <= steps; i++) this.dot(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, c);
  }
}

const rand = (min: number, max: number) => randomInt(min, max + 1);
const darkColour = (): Rgb => [rand(0, 110), rand(0, 110), rand(40, 150)];

/** Draws `text` with per-character scale, slant and vertical jitter, plus noise lines and dots. */
export function renderCaptcha(text: string): Buffer {
  const c = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, [rand(235, 250), rand(235, 250), rand(235, 250)]);
  // Background speckle.
  for (let i = 0; i < 260; i++) c.dot(rand(0, c.w - 1), rand(0, c.h - 1), [rand(150, 220), rand(150, 220), rand(150, 220)]);

  const advance = Math.floor((c.w - 16) / Math.max(text.length, 1));
  let x = 8 + rand(0, 6);
  for (const ch of text) {
    const scale = 4 + rand(0, 20) / 20; // 4.0 .. 5.0 px per font pixel
    const slant = (rand(-30, 30) / 100) * scale; // horizontal shift per glyph row
    const top = rand(4, Math.max(4, c.h - 4 - Math.ceil(GLYPH_H * scale)));
    const ink = darkColour();
    for (let gy = 0; gy < GLYPH_H; gy++) {
      for (let gx = 0; gx < GLYPH_W; gx++) {
        if (!inkAt(ch, gx, gy)) continue;
        const ox = x + gx * scale - slant * (gy - GLYPH_H / 2);
        const oy = top + gy * scale;
        for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) c.dot(ox + dx, oy + dy, ink);
      }
    }
    x += advance + rand(-3, 2);
  }

  // Noise over the text: a few lines and dots in ink-like colours.
  for (let i = 0; i < 4; i++) c.line(rand(0, c.w - 1), rand(0, c.h - 1), rand(0, c.w - 1), rand(0, c.h - 1), darkColour());
  for (let i = 0; i < 90; i++) c.dot(rand(0, c.w - 1), rand(0, c.h - 1), darkColour());
  return encodePng(c.w, c.h, c.px);
}

export interface Challenge {
  /** What the image shows, e.g. "3*5=". */
  text: string;
  /** The expected answer, e.g. "15". */
  answer: string;
}

/** A small arithmetic challenge with a non-negative answer. */
export function newChallenge(): Challenge {
  const op = ['+', '-', '*'][rand(0, 2)] as '+' | '-' | '*';
  let a = rand(1, 9);
  let b = rand(1, 9);
  if (op === '-' && b > a) [a, b] = [b, a];
  const value = op === '+' ? a + b : op === '-' ? a - b : a * b;
  return { text: `${a}${op}${b}=`, answer: String(value) };
}
