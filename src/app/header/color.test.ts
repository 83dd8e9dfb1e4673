import { describe, expect, it } from 'vitest';
import { contrast, luminance, mix, parseHex, primaryPalette, toHex } from './color';

describe('primary colour palette', () => {
  it('parses 3- and 6-digit hex and writes it back', () => {
    expect(parseHex('#409EFF')).toEqual({ r: 64, g: 158, b: 255 });
    expect(parseHex('#fa0')).toEqual({ r: 255, g: 170, b: 0 });
    expect(parseHex('red')).toBeNull();
    expect(toHex({ r: 64, g: 158, b: 255 })).toBe('#409eff');
  });

  it('derives hover/active (darker) and light tints (lighter) from the chosen colour', () => {
    const p = primaryPalette('#c71585');
    expect(p['--primary-color']).toBe('#c71585');
    // #c71585 passes AA with white as it is: it fills buttons unchanged; hover is darker.
    expect(p['--primary-fill']).toBe('#c71585');
    expect(p['--primary-hover']).toBe(toHex(mix({ r: 199, g: 21, b: 133 }, { r: 0, g: 0, b: 0 }, 0.15)));
    expect(p['--primary-light']).toBe(toHex(mix({ r: 199, g: 21, b: 133 }, { r: 255, g: 255, b: 255 }, 0.9)));
    expect(p['--primary-soft']).toBe('rgba(199, 21, 133, 0.12)');
    expect(p['--primary-color-text']).toBe('#ffffff');
  });

  it('keeps text readable on light colours (gold, light green)', () => {
    expect(luminance({ r: 255, g: 215, b: 0 })).toBeGreaterThan(0.5);
    expect(primaryPalette('#ffd700')['--primary-color-text']).toBe('#303133');
    expect(primaryPalette('#90ee90')['--primary-color-text']).toBe('#303133');
  });

  it('falls back to the default blue on garbage', () => {
    expect(primaryPalette('nope')['--primary-color']).toBe('#409eff');
  });

  it('text and filled buttons in the colour pass WCAG AA (4.5:1) for every preset and the default', () => {
    const hex = (v: string) => parseHex(v) ?? { r: 0, g: 0, b: 0 };
    const grounds = ['#ffffff', '#f0f2f5', '#ecf5ff', '#f4efe6', '#f5f7fa', '#f3f0fa', '#eef1f6'];
    for (const color of ['#409EFF', '#ff4500', '#ff8c00', '#ffd700', '#90ee90', '#00ced1', '#1e90ff', '#c71585']) {
      const p = primaryPalette(color);
      expect(contrast(hex(p['--primary-fill'] ?? ''), hex(p['--primary-color-text'] ?? '')), `${color} button`).toBeGreaterThanOrEqual(4.5);
      for (const ground of grounds) expect(contrast(hex(p['--primary-text'] ?? ''), hex(ground)), `${color} text on ${ground}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex(p['--primary-text'] ?? ''), hex(p['--primary-light'] ?? '')), `${color} text on its tint`).toBeGreaterThanOrEqual(4.5);
    }
    // The default blue is the chosen colour for marks, a deeper blue under white button text.
    expect(contrast(hex('#409eff'), hex('#ffffff'))).toBeLessThan(4.5);
    expect(primaryPalette('#409EFF')['--primary-color']).toBe('#409eff');
  });
});
