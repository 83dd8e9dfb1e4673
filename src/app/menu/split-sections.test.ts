import { describe, expect, it } from 'vitest';
import { splitSections } from './HeaderMenu';

describe('splitSections (header sections vs the 更多 menu)', () => {
  const widths = [100, 120, 110, 90, 130];

  it('shows everything when everything fits, without the 更多 button', () => {
    expect(splitSections(widths, 70, 550, 0)).toEqual({ shown: [0, 1, 2, 3, 4], more: [] });
  });

  it('keeps room for 更多 when some do not fit', () => {
    // 400 - 70 = 330: 100 + 120 + 110 fit, the rest go into 更多.
    expect(splitSections(widths, 70, 400, 0)).toEqual({ shown: [0, 1, 2], more: [3, 4] });
  });

  it('keeps the active section in the header, in its order', () => {
    // 330 of room: 100 + 120 leave 110, too little for 130; the active one replaces the last that fit.
    expect(splitSections(widths, 70, 400, 4)).toEqual({ shown: [0, 4], more: [1, 2, 3] });
  });

  it('puts every section in 更多 when not even one fits', () => {
    expect(splitSections(widths, 70, 120, -1)).toEqual({ shown: [], more: [0, 1, 2, 3, 4] });
  });
});
