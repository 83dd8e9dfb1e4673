import { describe, expect, it } from 'vitest';
import { createI18n, ensureLanguage, translator } from '../i18n';
import { bodyKind, looksLikeHtml, msgText, nonEnvelopeText, statusText } from './error-text';

const zh = translator(createI18n('zh-chs'));
// English texts load on demand: the console loads them before it switches, so does the test.
const enI18n = createI18n('en');
await ensureLanguage(enI18n, 'en');
const en = translator(enI18n);

describe('msgText: every msg shape the back ends send (API-CONTRACT §3, §4, §17)', () => {
  const cases: Array<[string, unknown, string]> = [
    ['a string', '用户账号:该字段是必填项。', '用户账号:该字段是必填项。'],
    ['a field-name string (login, §17)', 'username:该字段是必填项。', 'username:该字段是必填项。'],
    ['the token error object', { detail: 'Given token not valid for any token type', code: 'token_not_valid', messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }] }, 'Given token not valid for any token type'],
    ['a token object without detail', { code: 'token_not_valid', messages: [{ message: 'Token is invalid or expired' }] }, 'Token is invalid or expired'],
    ['a bare code object', { code: 'user_not_found' }, 'user_not_found'],
    ['a list of field maps (message_center, §17)', [{ users: ['无效主键 “99999” － 对象不存在。'] }], 'users:无效主键 “99999” － 对象不存在。'],
    ['a list of messages', ['两次密码不匹配', '旧密码不正确'], '两次密码不匹配；旧密码不正确'],
    ['an object of field → messages', { username: ['该字段是必填项。'], password: ['该字段是必填项。', '太短。'] }, 'username:该字段是必填项。；password:该字段是必填项。；太短。'],
    ['non_field_errors without its key', { non_field_errors: ['无法使用提供的认证信息登录。'] }, '无法使用提供的认证信息登录。'],
    ['nested lists', [[{ target_user: [['无效主键 “7”']] }]], 'target_user:无效主键 “7”'],
    ['a message key', { message: '服务维护中' }, '服务维护中'],
    ['a number', 42, '42'],
    ['an HTML page in a msg', '<!DOCTYPE html><html><body>Server Error</body></html>', ''],
    ['null', null, ''],
    ['an empty list', [], ''],
    ['an empty object', {}, ''],
  ];
  for (const [what, msg, text] of cases) {
    it(`${what} → ${JSON.stringify(text)}`, () => {
      expect(msgText(msg)).toBe(text);
      expect(msgText(msg)).not.toContain('[object');
    });
  }

  it('a cyclic or very deep object ends, and a very long message is clipped to one line', () => {
    const cyclic: Record<string, unknown> = { a: ['x'] };
    cyclic.self = cyclic;
    expect(msgText(cyclic)).toContain('a:x');
    const long = 'x'.repeat(1000);
    expect(msgText(long)).toHaveLength(300);
    expect(msgText(long).endsWith('…')).toBe(true);
  });
});

describe('answers that are not envelopes', () => {
  it('recognises empty bodies, web pages, JSON and other text', () => {
    expect(bodyKind('')).toBe('empty');
    expect(bodyKind('  \n')).toBe('empty');
    expect(bodyKind('<!DOCTYPE html><html></html>')).toBe('html');
    expect(bodyKind('\n<html>\r\n<head><title>502 Bad Gateway</title>')).toBe('html');
    expect(bodyKind('<h1>Server Error (500)</h1>')).toBe('html');
    expect(bodyKind('{"detail":"Not found."}')).toBe('json');
    expect(bodyKind('{"broken":')).toBe('text');
    expect(bodyKind('Bad Gateway')).toBe('text');
    expect(looksLikeHtml('a < b')).toBe(false);
  });

  it('error statuses read through the spec catalogue, in both languages', () => {
    expect(statusText(404, zh, '/api/x/')).toBe('请求地址出错: /api/x/');
    expect(statusText(404, en, '/api/x/')).toBe('Wrong request address: /api/x/');
    expect(statusText(502, zh, '/api/x/')).toBe('网关错误');
    expect(statusText(429, zh, '/api/x/')).toBe('连接错误 429');
    expect(nonEnvelopeText({ status: 500, body: 'html' }, zh, '/api/x/')).toBe('服务器内部错误');
  });

  it('a 2xx without an envelope says what came instead', () => {
    expect(nonEnvelopeText({ status: 200, body: 'empty' }, zh, '/api/x/')).toBe('服务器没有返回内容: /api/x/');
    expect(nonEnvelopeText({ status: 200, body: 'html' }, zh, '/api/x/')).toBe('服务器返回了网页而不是接口数据，请检查服务器地址: /api/x/');
    expect(nonEnvelopeText({ status: 200, body: 'html' }, en, '/api/x/')).toBe('The server sent a web page instead of API data, please check the server address: /api/x/');
    expect(nonEnvelopeText({ status: 200, body: 'json' }, zh, '/api/x/')).toBe('服务器返回了无法识别的数据');
    expect(nonEnvelopeText({ status: 200 }, zh, '/api/x/')).toBe('服务器返回了无法识别的数据');
  });
});
