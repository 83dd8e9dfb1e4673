import { describe, expect, it } from 'vitest';
import { composeRequest, emptyCompose, hasContent, validateCompose } from './compose-form';

describe('compose form', () => {
  it('requires a title, visible content and targets for the chosen type', () => {
    expect(Object.keys(validateCompose(emptyCompose())).sort()).toEqual(['content', 'targets', 'title']);
    const ok = { ...emptyCompose(), title: ' t ', content: '<p>x</p>', users: [3] };
    expect(validateCompose(ok)).toEqual({});
    expect(validateCompose({ ...ok, targetType: 1 })).toEqual({ targets: { key: 'messages.compose.targetsRequired' } });
    expect(validateCompose({ ...ok, targetType: 3 })).toEqual({});
    expect(validateCompose({ ...ok, title: 'x'.repeat(101) }).title).toEqual({ key: 'messages.compose.titleTooLong', params: { max: 100 } });
  });

  it('empty editor markup is not content; an image is', () => {
    expect(hasContent('<p><br></p>')).toBe(false);
    expect(hasContent('<p>&nbsp;</p>')).toBe(false);
    expect(hasContent('<p><img src="a.png"></p>')).toBe(true);
  });

  it('sends only the target list of the chosen type', () => {
    const form = { ...emptyCompose(), title: ' hi ', content: '<p>x</p>', users: [3], roles: [1], depts: [2] };
    expect(composeRequest({ ...form, targetType: 0 })).toEqual({ title: 'hi', content: '<p>x</p>', target_type: 0, target_user: [3] });
    expect(composeRequest({ ...form, targetType: 2 })).toEqual({ title: 'hi', content: '<p>x</p>', target_type: 2, target_dept: [2] });
    expect(composeRequest({ ...form, targetType: 3 })).toEqual({ title: 'hi', content: '<p>x</p>', target_type: 3 });
  });
});
