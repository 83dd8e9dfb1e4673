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

/** The CSS variables of src/styles/primary-color.css for one primary colour. */
export function primaryPalette(hex: string): Record<string, string> {
  const base = parseHex(hex) ?? { r: 64, g: 158, b: 255 };
  const rgba = (alpha: number) => `rgba(${base.r}, ${base.g}, ${base.b}, ${alpha})`;
  return {
    '--primary-color': toHex(base),
    // Light colours (gold, light green) keep readable text on their buttons.
    '--primary-color-text': luminance(base) > 0.5 ? '#303133' : '#ffffff',
    '--primary-hover': toHex(mix(base, BLACK, 0.2)),
    '--primary-active': toHex(mix(base, BLACK, 0.33)),
    '--primary-light': toHex(mix(base, WHITE, 0.9)),
    '--primary-light-2': toHex(mix(base, WHITE, 0.8)),
    '--primary-soft': rgba(0.12),
    '--focus-ring': `0 0 0 0.2rem ${rgba(0.28)}`,
    '--highlight-bg': toHex(mix(base, WHITE, 0.9)),
    '--highlight-text-color': toHex(mix(base, BLACK, 0.2)),
  };
}
