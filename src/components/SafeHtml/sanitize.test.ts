import { describe, expect, it } from 'vitest';
import { filterStyle, sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const out = sanitizeHtml(
      '<p onclick="alert(1)">hi<script>alert(2)</script></p><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">x</a><a href=" JaVaScRiPt:alert(5)">y</a><iframe src="https://e.com"></iframe><svg onload="alert(6)"></svg><form action="/x"><input></form>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript|iframe|svg|form|input/i);
    expect(out).toContain('<p>hi</p>');
  });

  it('keeps formatting, links (new tab) and images', () => {
    const out = sanitizeHtml('<h2>T</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ol><li>1</li></ol><a href="https://ex.com/a">l</a><img src="https://ex.com/i.png" alt="pic"><img src="data:image/png;base64,AAAA">');
    expect(out).toContain('<h2>T</h2>');
    expect(out).toContain('<strong>b</strong>');
    expect(out).toContain('<ol><li>1</li></ol>');
    expect(out).toContain('<a href="https://ex.com/a" target="_blank" rel="noopener noreferrer">l</a>');
    expect(out).toContain('<img src="https://ex.com/i.png" alt="pic">');
    expect(out).toContain('<img src="data:image/png;base64,AAAA" alt="">');
  });

  it('marks an image without a text alternative as decoration (alt="")', () => {
    expect(sanitizeHtml('<img src="/missing.png">')).toBe('<img src="/missing.png" alt="">');
    expect(sanitizeHtml('<img src="/a.png" alt="图表">')).toBe('<img src="/a.png" alt="图表">');
  });

  it('drops images from unsafe sources and markup that could load documents', () => {
    expect(sanitizeHtml('<img src="data:text/html;base64,PHNjcmlwdD4=">')).toBe('<img alt="">');
    expect(sanitizeHtml('<object data="x"></object><embed src="y"><link rel="stylesheet" href="z"><style>body{display:none}</style>ok')).toBe('ok');
  });

  it('keeps typographic styles only: nothing that positions, covers or loads', () => {
    const out = sanitizeHtml('<p style="color: red; position: fixed; top: 0; z-index: 9999; width: 100vw; background: url(https://x/y.png); font-weight: bold">a</p><span style="position:absolute">b</span>');
    expect(out).toBe('<p style="color: red; font-weight: bold">a</p><span>b</span>');
  });

  it('keeps only the editor classes', () => {
    expect(sanitizeHtml('<p class="ql-align-center console-layout">x</p><p class="p-hidden">y</p>')).toBe('<p class="ql-align-center">x</p><p>y</p>');
  });
});

describe('filterStyle', () => {
  it('checks each value', () => {
    expect(filterStyle('color: expression(alert(1)); font-size: 14px; font-size: 400px; background-color: rgb(1, 2, 3)')).toBe('font-size: 14px; background-color: rgb(1, 2, 3)');
    expect(filterStyle('text-align:center;margin:-1000px')).toBe('text-align: center');
  });
});
