/** Colour arithmetic for the primary colour (the colour picker recolours every component). */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  return '#' + [r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('');
}

/** Mixes `color` with `other` by `weight` (0 = color, 1 = other). */
export function mix(color: Rgb, other: Rgb, weight: number): Rgb {
  return { r: color.r + (other.r - color.r) * weight, g: color.g + (other.g - color.g) * weight, b: color.b + (other.b - color.b) * weight };
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/** Relative luminance (WCAG). */
export function luminance({ r, g, b }: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text. */
export const TEXT_CONTRAST = 4.5;
/** The lightest-but-one ground primary text sits on: the grey page ground and the active tab's tint. */
const LIGHT_GROUND: Rgb = { r: 0xec, g: 0xef, b: 0xf3 };

/** `color` darkened in small steps until it reaches `ratio` against `ground` (at most black). */
export function darkenFor(color: Rgb, ground: Rgb, ratio = TEXT_CONTRAST): Rgb {
  for (let weight = 0; weight <= 1; weight += 0.02) {
    const candidate = mix(color, BLACK, weight);
    if (contrast(candidate, ground) >= ratio) return candidate;
  }
  return BLACK;
}

/**
 * The CSS variables of src/styles/primary-color.css for one primary colour.
 *
 * The chosen colour itself marks things (borders, the active tab's line, the focus outline, icons).
 * Text and filled controls use shades of it that pass WCAG AA (4.5:1): `--primary-text` for text in
 * the colour on light grounds (links, text buttons, the active tab and menu entry), `--primary-fill`
 * for the background of filled buttons under `--primary-color-text`. The default #409EFF thus fills
 * buttons with a slightly deeper blue; a colour that already passes is used as it is.
 */
export function primaryPalette(hex: string): Record<string, string> {
  const base = parseHex(hex) ?? { r: 64, g: 158, b: 255 };
  const rgba = (alpha: number) => `rgba(${base.r}, ${base.g}, ${base.b}, ${alpha})`;
  // Light colours (gold, light green) keep dark text on their buttons.
  const light = luminance(base) > 0.5;
  const onFill: Rgb = light ? { r: 0x30, g: 0x31, b: 0x33 } : WHITE;
  const fill = light ? base : darkenFor(base, WHITE);
  return {
    '--primary-color': toHex(base),
    '--primary-color-text': toHex(onFill),
    '--primary-fill': toHex(fill),
    '--primary-text': toHex(darkenFor(base, LIGHT_GROUND)),
    '--primary-hover': toHex(mix(fill, BLACK, 0.15)),
    '--primary-active': toHex(mix(fill, BLACK, 0.28)),
    '--primary-light': toHex(mix(base, WHITE, 0.9)),
    '--primary-light-2': toHex(mix(base, WHITE, 0.8)),
    '--primary-soft': rgba(0.12),
    '--focus-ring': `0 0 0 0.2rem ${rgba(0.35)}`,
    '--highlight-bg': toHex(mix(base, WHITE, 0.9)),
    '--highlight-text-color': toHex(darkenFor(base, mix(base, WHITE, 0.9))),
  };
}
