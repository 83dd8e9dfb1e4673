import { describe, expect, it } from 'vitest';
import { luminance, mix, parseHex, primaryPalette, toHex } from './color';

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
    expect(p['--primary-hover']).toBe(toHex(mix({ r: 199, g: 21, b: 133 }, { r: 0, g: 0, b: 0 }, 0.2)));
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
});
