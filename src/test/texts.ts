import { expect, it } from 'vitest';

type Leaf = [path: string[], text: string];
const leaves = (value: unknown, path: string[] = []): Leaf[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k])) : [[path, String(value)]];
const holes = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

/**
 * The test every feature's texts pass: zh-chs and en have the same keys in the same order, no English
 * text is empty, and each English text has the same `{{placeholders}}` as its Chinese one.
 */
export function itHasTheSameTextsInBothLanguages(texts: { 'zh-chs': object; en: object }) {
  it('have the same keys in zh-chs and en, none empty, and the same placeholders', () => {
    const zh = leaves(texts['zh-chs']);
    const en = leaves(texts.en);
    expect(en.map(([p]) => p.join('/'))).toEqual(zh.map(([p]) => p.join('/')));
    zh.forEach(([path, text], i) => {
      const other = en[i]![1];
      expect(other.length, path.join('/')).toBeGreaterThan(0);
      expect(holes(other), path.join('/')).toEqual(holes(text));
    });
  });
}
