import { describe, expect, it } from 'vitest';
import { groupChildren } from '../../../stores/system-config';
import { groupBody, itemBody, itemFields, keyProblem, settingField } from './fields';

const t = (key: string) =>
  ({ 'sys.config.key': '键', 'sys.config.keyPattern': '只能包含字母、数字和下划线。', 'sys.config.keyTaken': '键已存在（同一分组下不能重复）。' })[key] ?? key;

describe('system config fields', () => {
  it('a key must use letters, digits and underscores and be unused at its level', () => {
    expect(keyProblem('site_name', ['captcha_state'], t)).toBeNull();
    expect(keyProblem('bad-key', [], t)).toBe('键:只能包含字母、数字和下划线。');
    expect(keyProblem('captcha_state', ['captcha_state'], t)).toBe('键已存在（同一分组下不能重复）。');
    expect(keyProblem('', ['x'], t), 'an empty key is the required rule’s business').toBeNull();
  });

  it('an item body carries the parent, the required rule, and options only for select/checkbox/radio', () => {
    const text = itemBody({ title: '站点', key: 'site', form_item_type: 0, value: '', required: true, data_options: [{ label: 'a', value: 1 }], placeholder: '' }, 7);
    expect(text).toEqual({
      parent: 7,
      title: '站点',
      key: 'site',
      form_item_type: 0,
      value: null,
      data_options: null,
      setting: null,
      rule: [{ required: true, message: '必填项不能为空' }],
      placeholder: null,
      sort: 0,
      status: true,
    });
    const select = itemBody({ title: '主题', key: 'theme', form_item_type: 4, value: 'dark', required: false, data_options: [{ label: '暗', value: 'dark' }], status: false }, 7);
    expect(select).toMatchObject({ form_item_type: 4, value: 'dark', data_options: [{ label: '暗', value: 'dark' }], rule: [], status: false });
  });

  it('a group body is a top-level row', () => {
    expect(groupBody({ title: '新分组', key: 'extra', sort: 3, status: true })).toMatchObject({ parent: null, title: '新分组', key: 'extra', sort: 3, status: true });
  });

  it('the value input follows the form type, and options show only where they apply', () => {
    const switchFields = itemFields(t, { form_item_type: 9 });
    expect(switchFields.find((f) => f.key === 'value')?.type).toBe('switch');
    expect(switchFields.some((f) => f.key === 'data_options')).toBe(false);
    const radio = itemFields(t, { form_item_type: 6, data_options: [{ label: '是', value: 1 }] });
    expect(radio.find((f) => f.key === 'value')?.options).toEqual([{ label: '是', value: 1 }]);
    expect(radio.some((f) => f.key === 'data_options')).toBe(true);
  });

  it('reads the back end’s `chinldern` and the required rule of a setting', () => {
    const group = { id: 1, key: 'base', chinldern: [{ id: 2, key: 'captcha_state', title: '开启验证码', form_item_type: 9, rule: [{ required: true, message: '必填项不能为空' }] }, 'junk'] };
    const [item] = groupChildren(group);
    expect(groupChildren(group)).toHaveLength(1);
    const field = settingField(item ?? {});
    expect(field).toMatchObject({ key: 'captcha_state', label: '开启验证码', type: 'switch' });
    expect(field.form && field.form.rules?.required).toBe(true);
  });
});
