import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent';

describe('User-Agent reading for the login log', () => {
  it('reads common browsers and systems', () => {
    expect(parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.57 Safari/537.36')).toEqual({
      browser: 'Chrome 126.0.6478',
      os: 'Windows 10',
      device: 'PC',
      agent: 'PC / Windows 10 / Chrome 126.0.6478',
    });
    expect(parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.0.0').browser).toBe('Edge 125.0.0');
    expect(parseUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toMatchObject({ browser: 'Firefox 128.0', os: 'Linux' });
    expect(parseUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toMatchObject({
      browser: 'Safari 17.5',
      os: 'iOS 17.5',
      device: 'Mobile',
    });
    expect(parseUserAgent('curl/7.88.1')).toMatchObject({ browser: 'curl 7.88.1', os: 'Other', agent: 'Other / Other / curl 7.88.1' });
  });

  it('copes with no or odd agents', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: 'Other', os: 'Other', device: 'Other', agent: 'Other / Other / Other' });
    expect(parseUserAgent('')).toMatchObject({ browser: 'Other' });
    expect(parseUserAgent('x'.repeat(100_000)).agent.length).toBeLessThan(100);
  });
});
