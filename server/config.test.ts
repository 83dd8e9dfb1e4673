import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has the agreed defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/.data',
      databaseUrl: null,
      jwtSecret: null,
      captcha: null,
      apiUrl: '',
      wsPath: 'api/ws/{token}/',
      logLevel: 'info',
      consoleDir: '/srv/app/dist',
      bodyLimit: 1024 * 1024,
      publicUrl: null,
      trustProxy: false,
      corsOrigins: [],
    });
    expect(loadConfig({ LOG_LEVEL: 'off' }).logLevel).toBeNull();
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/console',
        DATABASE_URL: 'postgres://u:p@db/console',
        JWT_SECRET: 'a-long-enough-secret',
        CAPTCHA: 'off',
        API_URL: 'https://api.example.test',
        WS_PATH: 'ws/{token}/',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'https://console.example.test/',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        CORS_ORIGINS: 'https://a.example.test, http://b.example.test:8080/',
      },
      '/srv/app',
    );
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/console',
      databaseUrl: 'postgres://u:p@db/console',
      jwtSecret: 'a-long-enough-secret',
      captcha: false,
      apiUrl: 'https://api.example.test',
      wsPath: 'ws/{token}/',
      logLevel: 'warn',
      publicUrl: 'https://console.example.test',
      trustProxy: '10.0.0.0/8,127.0.0.1',
      corsOrigins: ['https://a.example.test', 'http://b.example.test:8080'],
    });
    expect(loadConfig({ CAPTCHA: 'on' }).captcha).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses bad values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ CAPTCHA: 'maybe' })).toThrow(/CAPTCHA/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ WS_PATH: 'ws/' })).toThrow(/WS_PATH/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ CORS_ORIGINS: 'null' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'file:///x' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone!' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ANALYTICS_TZ: 'Mars/Olympus' })).toThrow(/ANALYTICS_TZ/);
    expect(() => loadConfig({ SAMPLE_EVENTS: 'perhaps' })).toThrow(/SAMPLE_EVENTS/);
    expect(loadConfig({}).fastSamplePasswords).toBe(false);
    expect(loadConfig({ FAST_SAMPLE_PASSWORDS: 'on' }).fastSamplePasswords).toBe(true);
    expect(() => loadConfig({ FAST_SAMPLE_PASSWORDS: 'fast' })).toThrow(/FAST_SAMPLE_PASSWORDS/);
    expect(loadConfig({ ANALYTICS_TZ: 'UTC', SAMPLE_EVENTS: 'off' })).toMatchObject({ analyticsTz: 'UTC', sampleEvents: false });
    expect(loadConfig({}).analyticsTz).toBe('Asia/Shanghai');
  });
});
