import { describe, expect, it } from 'vitest';
import { SAMPLE_TAGS } from '../../../server/seed/catalogue';
import { textOn } from './options';

/** WCAG 2 contrast ratio of two #rrggbb colours, written independently of textOn. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (bl as number);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('textOn: a tag name readable on the colour staff picked', () => {
  it('is white on dark colours and near-black on light ones', () => {
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#34495e')).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#111111');
    expect(textOn('#ffe58f')).toBe('#111111');
  });

  it('reaches 4.5:1 on every sample tag colour', () => {
    for (const tag of SAMPLE_TAGS) expect(contrast(textOn(tag.color), tag.color), `${tag.name} ${tag.color}`).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to white for a colour it cannot read', () => {
    expect(textOn('red')).toBe('#ffffff');
  });
});
