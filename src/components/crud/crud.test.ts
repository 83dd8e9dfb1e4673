import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { progressColor, tagType } from '../cells/colors';
import { arrayItems, jsonColumnText, prettyText } from '../cells/text';
import { isAcceptedImage } from '../form/uploads';
import { coverRect } from '../form/AvatarCropper';
import { parseJson } from '../form/JsonEditor';
import { commonColumns, deptBelongValue } from './commonColumns';
import { formFields } from './CrudForm';
import type { FieldDef } from './types';
import { validateField, validateForm } from './validate';

const i18n = createI18n('zh-chs');
const t = (key: string, params?: Record<string, string | number>) => i18n.t(key, params);

describe('client validation speaks the server messages', () => {
  const username: FieldDef = { key: 'username', label: '用户账号', form: { rules: { required: true, maxLength: 5, pattern: { regex: /^\w+$/, message: '只能包含字母。' } } } };
  it('required, max length, pattern', () => {
    expect(validateField(username, '', t)).toBe('用户账号:该字段是必填项。');
    expect(validateField(username, '   ', t)).toBe('用户账号:该字段是必填项。');
    expect(validateField(username, 'abcdef', t)).toBe('用户账号:长度不能超过 5 个字符。');
    expect(validateField(username, 'a b', t)).toBe('用户账号:只能包含字母。');
    expect(validateField(username, 'ab', t)).toBeNull();
  });
  it('email, min/max numbers, optional empty values pass', () => {
    const email: FieldDef = { key: 'email', label: '邮箱', form: { rules: { email: true } } };
    expect(validateField(email, 'x@', t)).toBe('邮箱:格式不正确。');
    expect(validateField(email, '', t)).toBeNull();
    const level: FieldDef = { key: 'level', label: '地区层级', form: { rules: { min: 1, max: 4 } } };
    expect(validateField(level, 5, t)).toBe('地区层级:不能大于 4。');
    expect(validateField(level, 0, t)).toBe('地区层级:不能小于 1。');
    expect(validateForm([username, email], { username: '', email: 'bad' }, t)).toEqual({ username: '用户账号:该字段是必填项。', email: '邮箱:格式不正确。' });
  });
  it('the remark keeps to 200 characters', () => {
    const remark = commonColumns(t).find((f) => f.key === 'description') as FieldDef;
    expect(remark.form && remark.form.placeholder).toBe('请输入内容');
    expect(validateField(remark, 'x'.repeat(201), t)).toBe('备注:长度不能超过 200 个字符。');
    expect(validateField(remark, 'x'.repeat(200), t)).toBeNull();
  });
});

describe('common trailing columns (spec §3)', () => {
  it('in order, with create_datetime sortable and only description and dept_belong_id in the form', () => {
    const cols = commonColumns(t);
    expect(cols.map((c) => c.key)).toEqual(['description', 'modifier_name', 'dept_belong_id', 'update_datetime', 'create_datetime', 'creator_name']);
    expect(cols.find((c) => c.key === 'create_datetime')?.column).toMatchObject({ sortable: true });
    expect(formFields(cols, 'create').map((f) => f.key)).toEqual(['description', 'dept_belong_id']);
  });
  it('dept_belong_id is stored as a number', () => {
    expect(deptBelongValue('3')).toBe(3);
    expect(deptBelongValue(null)).toBeNull();
    expect(deptBelongValue('')).toBeNull();
  });
});

describe('cells', () => {
  it('tag colours: own colour first, then spec §4', () => {
    expect(tagType(true)).toBe('success');
    expect(tagType(1)).toBe('success');
    expect(tagType(false)).toBe('danger');
    expect(tagType('0')).toBe('danger');
    expect(tagType('Search')).toBe('warning');
    expect(tagType('Update')).toBe('primary');
    expect(tagType('Create')).toBe('success');
    expect(tagType('Retrieve')).toBe('info');
    expect(tagType('Delete')).toBe('danger');
    expect(tagType('Delete', 'info')).toBe('info');
    expect(tagType('other')).toBe('primary');
  });
  it('progress colour boundaries', () => {
    expect([0, 50, 50.1, 79.9, 80, 100].map(progressColor)).toEqual(['red', 'red', 'orange', 'orange', 'green', 'green']);
  });
  it('JSON column shows 100 characters; the popover pretty-prints JSON also inside strings', () => {
    expect(jsonColumnText({ a: 'x'.repeat(200) })).toHaveLength(100);
    expect(prettyText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyText('plain text')).toBe('plain text');
  });
  it('array display: 50 then a marker', () => {
    expect(arrayItems(Array.from({ length: 51 }, (_, i) => i))).toMatchObject({ more: true });
    expect(arrayItems([1, 2]).more).toBe(false);
    expect(arrayItems(Array.from({ length: 60 }, (_, i) => i)).shown).toHaveLength(50);
  });
});

describe('form types', () => {
  it('images: png, jpeg, jpg, ico, bmp, gif only', () => {
    for (const name of ['a.png', 'a.JPEG', 'a.jpg', 'a.ico', 'a.bmp', 'a.gif']) expect(isAcceptedImage({ name, type: '' })).toBe(true);
    expect(isAcceptedImage({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isAcceptedImage({ name: 'a.txt', type: 'text/plain' })).toBe(false);
  });
  it('JSON editor parsing', () => {
    expect(parseJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJson('')).toEqual({ ok: true, value: null });
    expect(parseJson('{a')).toEqual({ ok: false });
  });
  it('the avatar cropper covers the 200x200 square, zooms about its centre and moves with the drag', () => {
    const wide = coverRect(400, 300, { zoom: 1, x: 0, y: 0 });
    expect([wide.x, wide.y, wide.w, wide.h].map((n) => Math.round(n * 1000) / 1000)).toEqual([-33.333, 0, 266.667, 200]);
    expect(coverRect(100, 400, { zoom: 2, x: 0, y: 0 })).toEqual({ x: -100, y: -700, w: 400, h: 1600 });
    expect(coverRect(200, 200, { zoom: 1, x: 30, y: -10 })).toEqual({ x: 30, y: -10, w: 200, h: 200 });
  });
});
