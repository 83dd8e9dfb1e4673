import { describe, expect, it } from 'vitest';
import { ACCOUNT_PROVIDER_NAMES, BATCH_STATES, CODE_STATUSES, GAME_KINDS, GAME_STATUSES, RELEASE_CHANNELS } from '../../../contracts/schemas/game/values';
import { GAME_TEXTS } from './locale';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('catalogue texts', () => {
  it('zh-chs and en have the same keys, none empty', () => {
    expect(keys(GAME_TEXTS.en).sort()).toEqual(keys(GAME_TEXTS['zh-chs']).sort());
    for (const lang of ['zh-chs', 'en'] as const) for (const k of keys(GAME_TEXTS[lang])) expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], GAME_TEXTS[lang]), `${lang} ${k}`).not.toBe('');
  });

  it('every value the server sends has a label in both languages', () => {
    for (const lang of ['zh-chs', 'en'] as const) {
      const texts = GAME_TEXTS[lang];
      for (const k of GAME_KINDS) expect(texts.kind[k]).toBeTruthy();
      for (const s of GAME_STATUSES) expect(texts.status[s]).toBeTruthy();
      for (const c of RELEASE_CHANNELS) expect(texts.channel[c]).toBeTruthy();
      for (const s of [...BATCH_STATES, ...CODE_STATUSES]) expect(texts.code[s]).toBeTruthy();
      for (const p of ACCOUNT_PROVIDER_NAMES) expect(texts.account.providers[p]).toBeTruthy();
    }
  });
});
