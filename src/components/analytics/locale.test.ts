import { describe, expect, it } from 'vitest';
import { ANALYTICS_TEXTS } from './locale';

type Leaf = [path: string[], text: string];
const leaves = (value: unknown, path: string[] = []): Leaf[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k])) : [[path, String(value)]];
const holes = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('the analysis parts’ texts', () => {
  it('have the same keys in zh-chs and en, none empty, and the same placeholders', () => {
    const zh = leaves(ANALYTICS_TEXTS['zh-chs']);
    const en = leaves(ANALYTICS_TEXTS.en);
    expect(en.map(([p]) => p.join('/'))).toEqual(zh.map(([p]) => p.join('/')));
    zh.forEach(([path, text], i) => {
      const other = en[i]![1];
      expect(other.length, path.join('/')).toBeGreaterThan(0);
      expect(holes(other), path.join('/')).toEqual(holes(text));
    });
  });
});
