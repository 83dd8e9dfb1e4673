import { describe, expect, it } from 'vitest';
import { encodeParams } from './params';
import { apiUrl, socketUrl } from './urls';

describe('addresses from the one server URL', () => {
  it('joins the server URL and API paths with one slash', () => {
    expect(apiUrl('', 'api/login/')).toBe('/api/login/');
    expect(apiUrl('', '/api/init/settings/')).toBe('/api/init/settings/');
    expect(apiUrl('http://10.0.0.2:8000/', '/api/init/settings/')).toBe('http://10.0.0.2:8000/api/init/settings/');
    expect(apiUrl('https://admin.example.com/backend', 'token/refresh/')).toBe('https://admin.example.com/backend/token/refresh/');
  });

  it('swaps ws in for http to build the socket URL', () => {
    const here = { protocol: 'https:', host: 'console.example.com' };
    expect(socketUrl('http://10.0.0.2:8000', 'ws/{token}/', 'abc', here)).toBe('ws://10.0.0.2:8000/ws/abc/');
    expect(socketUrl('https://api.example.com/', 'api/ws/{token}/', 'abc', here)).toBe('wss://api.example.com/api/ws/abc/');
    expect(socketUrl('', 'api/ws/{token}/', 'abc', here)).toBe('wss://console.example.com/api/ws/abc/');
    expect(socketUrl('', 'api/ws/{token}/', 'abc', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/ws/abc/');
  });
});

describe('encodeParams', () => {
  it('sends booleans as 1/0, repeats arrays without indices and drops empty values', () => {
    expect(encodeParams({ page: 1, limit: 10, is_active: true, status: false, ids: [1, 2], flags: [true, false], x: null, y: undefined })).toBe(
      'page=1&limit=10&is_active=1&status=0&ids=1&ids=2&flags=1&flags=0',
    );
    expect(encodeParams(undefined)).toBe('');
    expect(encodeParams({ ordering: '-create_datetime' })).toBe('ordering=-create_datetime');
  });
});
