import { describe, expect, it } from 'vitest';
import { parseChange } from './change-relay';

describe('change relay payloads', () => {
  it('reads what another instance wrote: everything, or leaf groups', () => {
    expect(parseChange(JSON.stringify({ i: 'a', w: 'all' }))).toEqual({ i: 'a', w: 'all' });
    expect(parseChange(JSON.stringify({ i: 'a', w: ['tracking', 'login_log'] }))).toEqual({ i: 'a', w: ['tracking', 'login_log'] });
  });

  it('drops anything malformed (it would otherwise move versions for nothing or throw)', () => {
    for (const bad of [undefined, '', 'not json', '{}', JSON.stringify({ w: 'all' }), JSON.stringify({ i: 1, w: 'all' }), JSON.stringify({ i: 'a', w: [] }), JSON.stringify({ i: 'a', w: ['DROP TABLE'] }), JSON.stringify({ i: 'a', w: [3] })]) {
      expect(parseChange(bad)).toBeNull();
    }
  });
});
